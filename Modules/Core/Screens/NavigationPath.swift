/// A place in a window, as the path planner reads it: the selected tab, the
/// screens pushed onto the stack on top, and the screens presented over it,
/// each with the screens pushed inside it.
///
/// A path is a flat list of routes, as FlowStacks' is: a
/// ``Route/push(_:)`` goes onto the stack of the layer it is in (the tab's
/// stack, or the stack of the presentation before it), and a
/// ``Route/present(_:_:)`` opens a new layer. The roots of the stacks (the
/// tab's root, and a presented navigation controller's root) are not routes:
/// they are there before the path and stay.
///
/// Routes name places by strings the caller chooses: by default a screen's
/// ``ViewController/screenID``, or anything that tells two places apart
/// (`post/42`), since two posts on the same kind of screen are different
/// places.
public struct NavigationPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down a path.
    public enum Route: Hashable, Sendable, CustomStringConvertible {
        /// A screen pushed onto the stack of the layer it is in.
        case push(String)
        /// A screen presented with a style: a new layer, whose pushed screens
        /// follow it.
        case present(String, PresentationStyle)

        /// The place the route shows.
        public var place: String {
            switch self {
            case .push(let place), .present(let place, _): place
            }
        }

        /// Whether the route presents (opens a layer).
        public var isPresentation: Bool {
            if case .present = self { return true }
            return false
        }

        /// For example `push feed.post` or `present compose pageSheet`.
        public var description: String {
            switch self {
            case .push(let place): "push \(place)"
            case .present(let place, let style): "present \(place) \(style.rawValue)"
            }
        }
    }

    /// The selected tab's id; `nil` in a window without a tab bar, or for a
    /// target that keeps whatever tab is selected.
    public var tab: String?
    /// The routes from the stack's root up, presentations included.
    public var routes: [Route]

    /// A path in `tab` along `routes`.
    public init(tab: String? = nil, _ routes: [Route] = []) {
        self.tab = tab
        self.routes = routes
    }

    /// The number of presentations on the path.
    public var presentationCount: Int { routes.count { $0.isPresentation } }

    /// For example `feed: push feed.post, present compose pageSheet`.
    public var description: String {
        let routes = routes.isEmpty ? "root" : routes.map(\.description).joined(separator: ", ")
        return tab.map { "\($0): \(routes)" } ?? routes
    }
}

@MainActor
extension NavigationPath {
    /// The path `window` shows now, naming each screen with `place` (by
    /// default its ``ViewController/screenID``).
    ///
    /// A ``SplitViewController`` reads as the one stack it collapses to: the
    /// screens pushed on its primary column, then the screens its secondary
    /// column shows (its ``SplitViewController/detailViewControllers``), the
    /// same path whether it is collapsed or expanded.
    public init(window: Window, naming place: (ViewController) -> String = \.screenID) {
        var routes: [Route] = []
        let root = window.rootViewController
        let tab = (root as? TabBarController)?.selectedTab?.item.id
        if let root { routes += Self.pushedScreens(in: root).map { .push(place($0)) } }
        for presented in window.presentedViewControllers {
            routes.append(.present(place(presented), presented.modalPresentationStyle))
            routes += Self.pushedScreens(in: presented).map { .push(place($0)) }
        }
        self.init(tab: tab, routes)
    }

    /// The path above `screen`, as a flow that owns `screen` and what it
    /// shows reads its own place: the screens pushed above it on the stack
    /// that holds it (and, when that stack is a split's primary column, the
    /// screens the split's secondary column shows, collapsed or expanded),
    /// then the screens presented over its presentation context, each with
    /// the screens pushed inside it. It has no tab. A screen on no stack has
    /// no pushes.
    ///
    /// A flow that owns a stack reads its place from the stack itself: when
    /// `screen` is a ``NavigationController``, the pushes are the screens
    /// pushed above its root, and when it is a ``SplitViewController`` (or
    /// the navigation controller of a split's primary column), the screens
    /// pushed above the primary column's root followed by the screens the
    /// secondary column shows, collapsed or expanded, as
    /// ``init(window:naming:)`` reads a stack.
    public init(above screen: ViewController, naming place: (ViewController) -> String = \.screenID) {
        var routes = Self.screens(above: screen).map { Route.push(place($0)) }
        var next = screen.presentedViewController
        while let presented = next {
            routes.append(.present(place(presented), presented.modalPresentationStyle))
            routes += Self.pushedScreens(in: presented).map { .push(place($0)) }
            next = presented.presentedViewController
        }
        self.init(routes)
    }

    /// The screens pushed above the root of the stack a layer shows: the
    /// first stack down the layer's visible children, a split's two columns
    /// read as one.
    static func pushedScreens(in layer: ViewController) -> [ViewController] {
        var current: ViewController? = layer
        while let screen = current {
            if let split = screen as? SplitViewController {
                return Array(split.primaryNavigation.viewControllers.dropFirst())
                    + split.secondaryNavigation.viewControllers
            }
            if let navigation = screen as? NavigationController { return Array(navigation.viewControllers.dropFirst()) }
            current = screen.visibleChild
        }
        return []
    }

    /// The screens above `screen` on the stack that holds it, a split's
    /// secondary column following its primary one; for a stack itself (a
    /// split, its primary column, or a navigation controller), the screens
    /// pushed above its root.
    static func screens(above screen: ViewController) -> [ViewController] {
        if let navigation = screen as? NavigationController, let split = navigation.parent as? SplitViewController,
            split.primaryNavigation === navigation
        {
            return pushedScreens(in: split)
        }
        if screen is NavigationController || screen is SplitViewController { return pushedScreens(in: screen) }
        var child = screen
        while let parent = child.parent, !(parent is NavigationController) { child = parent }
        guard let stack = child.parent as? NavigationController,
            let index = stack.viewControllers.firstIndex(where: { $0 === child })
        else { return [] }
        var above = Array(stack.viewControllers[(index + 1)...])
        if let split = stack.parent as? SplitViewController, split.primaryNavigation === stack {
            above += split.secondaryNavigation.viewControllers
        }
        return above
    }

    /// The split or the navigation controller a layer shows, if any: the
    /// first one down the layer's visible children.
    static func topStack(in layer: ViewController) -> ViewController? {
        var current: ViewController? = layer
        while let screen = current {
            if screen is SplitViewController || screen is NavigationController { return screen }
            current = screen.visibleChild
        }
        return nil
    }
}
