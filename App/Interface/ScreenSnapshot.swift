package import Core

/// What the window shows at one moment, as values: the screen hierarchy of each presentation level with each
/// screen's content, the transitions in flight and the coordinator tree. A front end draws and reports from it
/// alone; input goes through ``AppSession/send(_:)``, which finds a ``Screen`` again by its ``Screen/identity``.
package struct ScreenSnapshot: Equatable, Sendable {
    /// One screen as it was when the snapshot was taken, with the screens it holds.
    package struct Screen: Equatable, Sendable {
        /// What kind of screen it is, as far as drawing it differs.
        package enum Kind: Equatable, Sendable {
            /// A screen that draws its own content.
            case content
            /// A container of children that draws its own content and shows one child at a time.
            case container
            /// A navigation stack, root first in ``Screen/children``; it draws no content of its own.
            case navigation
            /// A tab bar with these tabs and the selected one's id; it draws no content, only the bar.
            case tabBar(items: [TabBarItem], selectedID: String?)
            /// A page container showing one of its pages, the current one; it draws no content of its own (each
            /// page says where it is in the pages).
            case pages
            /// A split with its two columns in ``Screen/children``, the primary column first: side by side when
            /// it is not `collapsed` and its secondary column holds a screen (the visible child is then the
            /// secondary column), otherwise the one stack of the primary column. It draws no content of its own.
            /// `backClosesItem` when the back button closes the item its secondary column holds alone
            /// (``Core/SplitViewController/backButtonClosesDetail``).
            case split(collapsed: Bool, backClosesItem: Bool = false)
        }

        /// The screen's id.
        package let screenID: String
        /// What the screen shows.
        package let content: ScreenContent
        /// The kind of screen.
        package let kind: Kind
        /// The screens it holds, in order: a stack root first, a container's children, a tab bar's tabs.
        package let children: [Screen]
        /// Where in ``children`` the visible child is, or `nil` when none is visible.
        package let visibleChildIndex: Int?
        /// Which live screen this is, so the session can send input to exactly this one.
        package let identity: ObjectIdentifier

        /// The visible child, if any.
        package var visibleChild: Screen? { visibleChildIndex.map { children[$0] } }

        /// This screen and, inside it, the visible child of each container, outermost first.
        package var visiblePath: [Screen] {
            var path = [self]
            while let next = path[path.count - 1].visibleChild { path.append(next) }
            return path
        }

        /// Whether it draws its own content (every screen but navigation stacks and tab bars).
        package var drawsContent: Bool {
            switch kind {
            case .content, .container: true
            case .navigation, .tabBar, .pages, .split: false
            }
        }

        /// Its title; for a page container without one, the title of the page it shows (a tour in a stack reads
        /// as its page, as the page's own title is read); otherwise, when the title is empty, its id.
        package var title: String {
            guard content.title.isEmpty else { return content.title }
            if kind == .pages, let page = visibleChild { return page.title }
            return screenID
        }

        /// The screen `screen` and what it holds, now.
        @MainActor
        package init(_ screen: ViewController) {
            screenID = screen.screenID
            content = screen.content
            identity = ObjectIdentifier(screen)
            let held: [ViewController]
            let visible: ViewController?
            if let navigation = screen as? NavigationController {
                kind = .navigation
                held = navigation.viewControllers
                visible = navigation.topViewController
            } else if let container = screen as? ContainerViewController {
                kind = .container
                held = container.viewControllers
                visible = container.selectedViewController
            } else if let pages = screen as? PageViewController {
                kind = .pages
                held = pages.pages
                visible = pages.currentPage
            } else if let split = screen as? SplitViewController {
                kind = .split(collapsed: split.isCollapsed, backClosesItem: split.backButtonClosesDetail)
                held = [split.primaryNavigation, split.secondaryNavigation]
                let sideBySide = !split.isCollapsed && !split.secondaryNavigation.viewControllers.isEmpty
                visible = sideBySide ? split.secondaryNavigation : split.primaryNavigation
            } else if let tabBar = screen as? TabBarController {
                kind = .tabBar(items: tabBar.items, selectedID: tabBar.selectedTab?.item.id)
                held = tabBar.tabs.map(\.screen.viewController)
                visible = tabBar.selectedViewController
            } else {
                kind = .content
                held = []
                visible = nil
            }
            children = held.map(Screen.init)
            visibleChildIndex = visible.flatMap { visible in held.firstIndex { $0 === visible } }
        }
    }

    /// A screen at the root of a presentation level: the window's root, or a screen presented over the level
    /// below.
    package struct Level: Equatable, Sendable {
        /// How it is presented (the root's is its own, unused, style).
        package let style: PresentationStyle
        /// The level's outermost screen.
        package let screen: Screen
    }

    /// A coordinator's name and its children.
    package struct CoordinatorNode: Equatable, Sendable {
        /// The coordinator's name.
        package let name: String
        /// Its children, in the order they were attached.
        package let children: [CoordinatorNode]

        /// The tree of `coordinator`, now.
        @MainActor
        package init(_ coordinator: Coordinator) {
            name = coordinator.name
            children = coordinator.children.map(CoordinatorNode.init)
        }
    }

    /// The levels, the window's root first and then each presented screen, bottom first; empty without a root.
    package let levels: [Level]
    /// The transitions in flight, oldest first.
    package let transitions: [TransitionInfo]
    /// The coordinator tree.
    package let coordinators: CoordinatorNode
    /// Whether a screen on top is modal in presentation (``Core/ViewController/isModalInPresentation``: it holds
    /// unsaved input, say), so the sheet on top refuses to be swiped down, as Core refuses it.
    package let onTopRefusesSwipeDown: Bool
    /// Whether a screen on top is modal in navigation (``Core/ViewController/isModalInNavigation``: an edit not
    /// saved, say), so the back refuses to pop it, as Core refuses it.
    package let onTopRefusesBack: Bool

    /// What `window` shows now, with `coordinators`' tree.
    @MainActor
    package init(window: Window, coordinators: Coordinator) {
        let levels = window.rootViewController.map { [$0] + window.presentedViewControllers } ?? []
        self.levels = levels.map { Level(style: $0.modalPresentationStyle, screen: Screen($0)) }
        onTopRefusesSwipeDown = window.screensOnTop.contains { $0.isModalInPresentation }
        onTopRefusesBack = window.screensOnTop.contains { $0.isModalInNavigation }
        transitions = window.transitionsInFlight
        self.coordinators = CoordinatorNode(coordinators)
    }

    /// The columns a person sees side by side, leading first, when the innermost split on top shows two (it is
    /// expanded and its secondary column holds a screen): each column's visible path, outermost first. Empty
    /// otherwise: one stack is drawn.
    package var sideBySideColumns: [[Screen]] {
        guard let split = screensOnTop.first(where: { if case .split = $0.kind { true } else { false } }),
            case .split(collapsed: false, _) = split.kind, split.visibleChildIndex == 1
        else { return [] }
        return split.children.map(\.visiblePath)
    }

    /// The screens on top, outermost first, as ``Core/Window/screensOnTop`` gives them: input goes to these. A
    /// split shown side by side gives its primary column's screens, then its secondary column's.
    package var screensOnTop: [Screen] { levels.last.map { Self.onTop($0.screen) } ?? [] }

    /// `screen` and, inside it, the screens on top: the visible child of each container, both columns of a split
    /// shown side by side.
    private static func onTop(_ screen: Screen) -> [Screen] {
        if case .split(collapsed: false, _) = screen.kind, screen.visibleChildIndex == 1 {
            return [screen] + screen.children.flatMap(onTop)
        }
        return [screen] + (screen.visibleChild.map(onTop) ?? [])
    }

    /// The screen a person sees: the innermost of ``screensOnTop``.
    package var top: Screen? { screensOnTop.last }

    /// The stack holding ``top``: the innermost navigation stack around it, or `nil`.
    package var topNavigation: Screen? {
        screensOnTop.dropLast().last { $0.kind == .navigation }
    }

    /// The tab bar a person sees and taps: the innermost one on top (none while a sheet covers it).
    package var tabBarOnTop: Screen? {
        screensOnTop.last { if case .tabBar = $0.kind { true } else { false } }
    }

    /// Whether a page container is on top, whose pages a person turns (``Core/PageViewController``).
    package var showsPagesOnTop: Bool { screensOnTop.contains { $0.kind == .pages } }

    /// Whether a swipe back has a screen to pop on top: a stack on top holds more than its root.
    package var canSwipeBack: Bool { screensOnTop.contains { $0.kind == .navigation && $0.children.count > 1 } }

    /// Whether the back button goes somewhere on top: a swipe back would, or a split shown side by side closes
    /// its item on the back (``Core/SplitViewController/backButtonClosesDetail``).
    package var canGoBack: Bool {
        canSwipeBack
            || screensOnTop.contains { screen in
                guard case .split(collapsed: false, backClosesItem: true) = screen.kind else { return false }
                return screen.visibleChildIndex == 1
            }
    }

    /// The tabs of ``tabBarOnTop``, in order; empty when no tab bar is on top.
    package var tabsOnTop: [TabBarItem] {
        if case .tabBar(let items, _) = tabBarOnTop?.kind { items } else { [] }
    }

    /// The gesture held in flight, if one is held.
    package var heldTransition: TransitionInfo? { transitions.first(where: \.isHeld) }

    /// The message a screen on top shows inline, the innermost one, or `nil`.
    package var errorOnTop: String? { screensOnTop.lazy.compactMap(\.content.errorMessage).last }
}
