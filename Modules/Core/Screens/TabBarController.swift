/// A headless tab bar: the stand-in for `UITabBarController`.
///
/// It holds tabs, each an item (an id, a title, an optional badge) and a
/// screen, usually a ``NavigationController`` with the tab's flow. Exactly one
/// tab is selected while there are tabs; only its screen is visible and takes
/// input. A hidden tab keeps its stack and its coordinators.
///
/// It behaves as UIKit's tab bar controller does:
/// - a switch is instant, with UIKit's appearance order (the old tab's
///   `viewWillDisappear`, the new tab's `viewWillAppear`, then the old tab's
///   `viewDidDisappear` and the new tab's `viewDidAppear`);
/// - a tab's screen loads (`viewDidLoad`) the first time it is shown, not
///   before;
/// - the person's tap on a tab is input through the window,
///   ``Window/tapTab(_:)``, as the back button is; tapping the selected tab
///   again pops its stack to the root, animated;
/// - the ``delegate`` (the parent coordinator) decides about each tap before
///   anything changes, as `tabBarController(_:shouldSelect:)` does in UIKit,
///   but after the tap passed the window's own checks (see
///   ``Window/tapTab(_:)`` for the order).
///
/// Switching tabs while anything moves in the window (a transition, a held
/// gesture) is refused with ``NavigationError/transitionInProgress``; a
/// coordinator that must switch anyway asks ``Coordinator/route(_:completion:)``
/// to wait its turn. See <doc:TabBars>.
@MainActor
open class TabBarController: ViewController {
    /// One tab: what the tab bar shows for it and the screen it shows.
    @MainActor
    public struct Tab {
        /// The tab's id, title and badge.
        public var item: TabBarItem
        /// The tab's screen, usually a navigation controller.
        public let screen: any ViewControllerable

        /// Creates a tab showing `screen` under `item`.
        public init(item: TabBarItem, screen: any ViewControllerable) {
            self.item = item
            self.screen = screen
        }

        /// The tab's navigation stack, when its screen is one: what a re-tap
        /// pops to the root.
        public var navigationController: NavigationController? {
            (screen as? any NavigationControllerable)?.navigationController
        }
    }

    /// What the ``delegate`` decides about the person's tap on a tab, before
    /// anything changes.
    public enum TapDecision: Equatable, Sendable {
        /// Let the tap through: select the tab, or pop the selected tab's stack
        /// to its root. UIKit's default.
        case select
        /// Refuse the tap: nothing changes and ``Window/tapTab(_:)`` throws
        /// ``NavigationError/tabSelectionRefused``.
        case refuse
        /// The delegate did something else instead (the familiar compose tab
        /// that presents a sheet and stays unselected): the selection does not
        /// change and ``Window/tapTab(_:)`` returns ``TapOutcome/handledByDelegate``.
        case handledByDelegate
    }

    /// What the person's tap on a tab did.
    public enum TapOutcome: Equatable, Sendable {
        /// Another tab was selected.
        case selected
        /// The selected tab was tapped again and its stack was popped to the root.
        case poppedToRoot
        /// The selected tab was tapped again and there was nothing to pop (its
        /// stack is at the root, or its screen is not a navigation controller).
        case unchanged
        /// The delegate handled the tap itself (see ``TapDecision/handledByDelegate``).
        case handledByDelegate
    }

    /// The tabs, in display order. Checked for exclusive access by the compiler only, as a screen's hierarchy is.
    @exclusivity(unchecked)
    public private(set) var tabs: [Tab] = []

    /// The index of the selected tab, or `nil` when there are no tabs.
    @exclusivity(unchecked)
    public private(set) var selectedIndex: Int?

    /// Decides about the person's taps and hears of them; usually the
    /// coordinator that shows the tab bar. Held weakly. Without one, every tap
    /// goes through, as in UIKit.
    public weak var delegate: (any TabBarControllerDelegate)?

    /// Creates a tab bar without tabs; give it tabs with ``setTabs(_:selecting:completion:)``.
    public override init(screenID: String = "tabs") {
        super.init(screenID: screenID)
    }

    /// The items of the tabs, in display order.
    public var items: [TabBarItem] { tabs.map(\.item) }

    /// The selected tab.
    public var selectedTab: Tab? {
        // Not `map`: a closure here would be checked to run on the main actor at every read, and every appearance
        // pass reads it.
        guard let selectedIndex else { return nil }
        return tabs[selectedIndex]
    }

    /// The selected tab's screen: the visible one.
    public var selectedViewController: ViewController? { selectedTab?.screen.viewController }

    /// The screen of the tab `id`, or `nil` if there is no such tab.
    public func screen(forTab id: String) -> ViewController? {
        tabs.first { $0.item.id == id }?.screen.viewController
    }

    override var containedViewControllers: [ViewController] { tabs.map(\.screen.viewController) }

    override var visibleChild: ViewController? { selectedViewController }

    // MARK: - Tabs

    /// Replaces the tabs and selects the tab `selectedID` (the first tab when
    /// `nil`). Screens already in this tab bar may be reused, keeping their
    /// stacks; the others must not be shown anywhere else. An empty array
    /// removes every tab.
    ///
    /// - Throws: ``NavigationError/duplicateTab`` if two items share an id,
    ///   ``NavigationError/unknownTab`` if no tab is `selectedID`,
    ///   ``NavigationError/duplicateScreen``,
    ///   ``NavigationError/alreadyInHierarchy``,
    ///   ``NavigationError/presentsAnotherScreen``, or
    ///   ``NavigationError/transitionInProgress`` while an interactive gesture
    ///   is held in the window. A refusal changes nothing.
    public final func setTabs(
        _ tabs: [Tab],
        selecting selectedID: String? = nil,
        completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) {
        var ids = Set<String>()
        for tab in tabs {
            guard ids.insert(tab.item.id).inserted else { throw .duplicateTab }
        }
        let index: Int?
        if let selectedID {
            guard let found = tabs.firstIndex(where: { $0.item.id == selectedID }) else { throw .unknownTab }
            index = found
        } else {
            index = tabs.isEmpty ? nil : 0
        }
        let screens = tabs.map(\.screen.viewController)
        let kept = try checkNewChildren(screens, allowingNavigationControllers: true)
        let window = self.window
        guard window?.heldGesture == nil else { throw .transitionInProgress }
        Transaction.run(touching: window) {
            adoptChildren(screens, replacing: containedViewControllers, kept: kept)
            self.tabs = tabs
            selectedIndex = index
            if let selected = selectedViewController {
                window?.emit(.select(selected.screenID))
            }
            Transaction.enqueue(completion)
        }
    }

    /// Selects the tab `id`, as the app does by itself (a deep link, a
    /// restored place): instant, with UIKit's appearance order. The delegate
    /// is not asked, as in UIKit. Selecting the selected tab changes nothing
    /// but still calls the completion.
    ///
    /// - Throws: ``NavigationError/unknownTab``, or
    ///   ``NavigationError/transitionInProgress`` while a transition runs or a
    ///   gesture is held anywhere in the window; route through
    ///   ``Coordinator/route(_:completion:)`` to wait for the window instead.
    public final func selectTab(_ id: String, completion: (@MainActor () -> Void)? = nil) throws(NavigationError) {
        guard let index = tabs.firstIndex(where: { $0.item.id == id }) else { throw .unknownTab }
        let window = self.window
        guard window?.isIdle ?? true else { throw .transitionInProgress }
        Transaction.run(touching: window) {
            select(index: index, in: window)
            Transaction.enqueue(completion)
        }
    }

    /// Sets the badge of the tab `id`; `nil` removes it.
    ///
    /// - Throws: ``NavigationError/unknownTab``.
    public final func setBadge(_ badge: String?, forTab id: String) throws(NavigationError) {
        guard let index = tabs.firstIndex(where: { $0.item.id == id }) else { throw .unknownTab }
        tabs[index].item.badge = badge
    }

    /// Makes the tab at `index` the selected one; inside a transaction.
    private func select(index: Int, in window: Window?) {
        guard selectedIndex != index else { return }
        selectedIndex = index
        window?.emit(.select(tabs[index].screen.viewController.screenID))
    }

    // MARK: - The person's tap

    /// Handles the person's tap on the tab `id`, for ``Window/tapTab(_:)``,
    /// which has checked that nothing moves in `window`.
    func handleTap(on id: String, in window: Window) throws(NavigationError) -> TapOutcome {
        guard let index = tabs.firstIndex(where: { $0.item.id == id }) else { throw .unknownTab }
        let item = tabs[index].item
        switch delegate?.tabBarController(self, shouldSelect: item) ?? .select {
        case .select: break
        case .refuse: throw .tabSelectionRefused
        case .handledByDelegate: return .handledByDelegate
        }
        guard index == selectedIndex else {
            window.emit(.tabTap(id))
            Transaction.run(touching: window) {
                select(index: index, in: window)
                Transaction.enqueue { [tabBar = Weak(wrappedValue: self)] in
                    guard let self = tabBar.wrappedValue else { return }
                    self.delegate?.tabBarController(self, didSelect: item)
                }
            }
            return .selected
        }
        let stacks = Self.stacksPoppedByReTap(of: tabs[index].screen)
        let leaving = stacks.flatMap { Array($0.navigation.viewControllers.dropFirst($0.kept).reversed()) }
        guard !leaving.isEmpty else {
            window.emit(.tabTap(id))
            Transaction.run {
                Transaction.enqueue { [tabBar = Weak(wrappedValue: self)] in
                    guard let self = tabBar.wrappedValue else { return }
                    self.delegate?.tabBarController(self, didSelect: item)
                }
            }
            return .unchanged
        }
        if ViewController.screenRefusingBack(among: leaving) != nil { throw .backRefused }
        window.emit(.tabTap(id))
        Transaction.run(touching: window) {
            // As a back is, the pop is a transition from the start, so what the owners' parents route when they hear
            // of it waits for it.
            let transition = window.pendingTransition ?? window.startTransition(kind: .gesture)
            var popped: [ViewController] = []
            for (navigation, kept) in stacks where navigation.viewControllers.count > kept {
                transition.lock(navigation)
                popped += navigation.removeScreens(above: kept - 1)
            }
            Window.tellOwners(ofRemoved: popped)
            Transaction.enqueue { [tabBar = Weak(wrappedValue: self)] in
                guard let self = tabBar.wrappedValue else { return }
                self.delegate?.tabBarController(self, didSelect: item)
            }
        }
        return .poppedToRoot
    }

    /// The stacks a re-tap of a tab showing `screen` pops, top column first,
    /// each with how many screens at its bottom stay: a navigation stack
    /// keeps its root; a split closes its secondary column and keeps its
    /// primary column's root.
    private static func stacksPoppedByReTap(
        of screen: any ViewControllerable
    ) -> [(navigation: NavigationController, kept: Int)] {
        if let split = screen.viewController as? SplitViewController {
            return [(split.secondaryNavigation, 0), (split.primaryNavigation, 1)]
        }
        guard let navigation = (screen as? any NavigationControllerable)?.navigationController else { return [] }
        return [(navigation, 1)]
    }
}

extension Window {
    /// Taps the tab `id` of the innermost tab bar on top, as the person does.
    ///
    /// The checks come in this order, and the first that fails refuses the
    /// tap: the window has a root, a tab bar is on top, nothing moves in the
    /// window (no transition runs and no gesture is held), and the tab bar has
    /// the tab `id`. Only then is the tab bar's ``TabBarController/delegate``
    /// asked (see ``TabBarController/TapDecision``), so it never hears of a tap
    /// that one of these checks refuses. Once it lets the tap through:
    /// - another tab is selected at once, with UIKit's appearance order;
    /// - the selected tab, tapped again, pops its navigation stack to the
    ///   root, animated on the window's clock; a tab whose screen is a
    ///   ``SplitViewController`` closes its secondary column and pops its
    ///   primary column to the root. As for the back, the
    ///   coordinators that owned the popped screens are detached, stopped and
    ///   released, and the outermost one's parent is told through
    ///   ``Coordinator/userDidRemove(_:)``, before any callback of the pop.
    ///   If a screen it would pop, or one that screen contains, is
    ///   ``ViewController/isModalInNavigation``, nothing is popped and that
    ///   screen is told through ``ViewController/didAttemptUserBack()``, and
    ///   the tap throws ``NavigationError/backRefused``: this check comes
    ///   after the delegate let the tap through.
    ///
    /// The delegate hears of a tap that went through with
    /// ``TabBarControllerDelegate/tabBarController(_:didSelect:)``.
    ///
    /// - Returns: what the tap did.
    /// - Throws: ``NavigationError/noRootViewController``,
    ///   ``NavigationError/noTabBar`` when no tab bar is on top (a sheet
    ///   covers it, or there is none), ``NavigationError/transitionInProgress``
    ///   while anything moves in this window, a held interactive gesture
    ///   included (as ``TabBarController/selectTab(_:completion:)`` and
    ///   ``TabBarController/setTabs(_:selecting:completion:)`` throw then),
    ///   ``NavigationError/unknownTab``, ``NavigationError/tabSelectionRefused``
    ///   when the delegate refuses, or ``NavigationError/backRefused`` when a
    ///   popped screen refuses the back. A refused tap changes nothing and
    ///   sends no event.
    @discardableResult
    public func tapTab(_ id: String) throws(NavigationError) -> TabBarController.TapOutcome {
        guard rootViewController != nil else { throw .noRootViewController }
        guard let tabBar = screensOnTop.last(where: { $0 is TabBarController }) as? TabBarController else {
            throw .noTabBar
        }
        guard heldGesture == nil, transitions.isEmpty else { throw .transitionInProgress }
        return try tabBar.handleTap(on: id, in: self)
    }
}
