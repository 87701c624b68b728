/// A headless split view: the stand-in for `UISplitViewController` with a
/// primary and a secondary column, each a ``NavigationController``.
///
/// It behaves as UIKit's split view controller does:
/// - **Expanded** (the window's ``Window/horizontalSizeClass`` is
///   ``SizeClass/regular``), both columns are visible side by side: the
///   primary column (a list) first, then the secondary column (the open
///   item). Input reaches the screens on top of both; the person's back pops
///   the secondary column first, then the primary; its root stays, unless
///   ``backButtonClosesDetail`` lets the back button close it. A secondary
///   column with no screen is not shown (the empty placeholder).
/// - **Collapsed** (``SizeClass/compact``), the split shows one stack: the
///   secondary column's screens are pushed onto the primary column's stack,
///   above its own screens, as UIKit's collapse does. The person's back pops
///   them one by one, and the coordinators that owned them are detached as
///   for any back.
/// - **Expanding** moves the screens above the primary column's own back into
///   the secondary column, in order: the place the person was is kept. The
///   primary column's own screens are those it had when the split collapsed,
///   or fewer if its stack went back below them since.
///
/// Collapsing and expanding are instant, with UIKit's appearance order for
/// what they hide and reveal, and follow the window: a split takes the
/// window's size class before it first appears, and a change of the window's
/// size class applies as soon as the window is idle (see
/// ``Window/setHorizontalSizeClass(_:)``). No screen leaves the hierarchy and
/// no coordinator changes when the split collapses or expands: the screens
/// only change columns. See <doc:SplitsAndPages>.
@MainActor
open class SplitViewController: ViewController {
    /// One of the split's two columns.
    public enum Column: String, Sendable, CaseIterable {
        /// The leading column, usually a list.
        case primary
        /// The trailing column, usually what the list opened.
        case secondary
    }

    /// The primary column's navigation stack.
    public let primaryNavigation: NavigationController

    /// The secondary column's navigation stack. While the split is collapsed
    /// its screens are on ``primaryNavigation``'s stack instead, and it is
    /// empty.
    public let secondaryNavigation: NavigationController

    /// Whether the split shows one stack (collapsed) rather than two columns.
    public private(set) var isCollapsed = false

    /// Whether the person's back button closes the item while the split is
    /// expanded and the secondary column holds its root alone: that root
    /// leaves, the column is hidden, and the coordinator that owned it is
    /// detached and told through ``Coordinator/userDidRemove(_:)``, as after
    /// any back. Off by default, as in UIKit, whose expanded split shows no
    /// back on the item's root; an app that presents the open item as a level
    /// above its list (a path such as `List › Item`) turns it on. The swipe
    /// back never closes it: there is no screen under that root to reveal.
    /// The secondary column is reached first, so with a screen pushed in the
    /// primary column the back button closes the item while the swipe back
    /// pops that screen.
    public var backButtonClosesDetail = false

    /// How many screens of the primary stack are the primary column's own
    /// while collapsed: the screens above them came from, or go to, the
    /// secondary column. It is the lowest the primary stack went since the
    /// split collapsed, so a screen pushed after a back below the column's
    /// own screens is part of the item.
    private var primaryDepth = 0

    /// Creates an expanded split whose columns are `primary` and `secondary`.
    ///
    /// - Throws: ``NavigationError/duplicateScreen`` when both columns are one
    ///   stack, ``NavigationError/alreadyInHierarchy`` when a stack is shown
    ///   elsewhere, ``NavigationError/presentsAnotherScreen`` when it presents
    ///   a screen. Nothing changes then.
    public init(
        primary: NavigationController, secondary: NavigationController, screenID: String = "split"
    ) throws(NavigationError) {
        primaryNavigation = primary
        secondaryNavigation = secondary
        super.init(screenID: screenID)
        let kept = try checkNewChildren([primary, secondary], allowingNavigationControllers: true)
        adoptChildren([primary, secondary], replacing: [], kept: kept)
    }

    /// The stack of `column`.
    public func navigation(for column: Column) -> NavigationController {
        column == .primary ? primaryNavigation : secondaryNavigation
    }

    /// The screens the secondary column shows, root first, wherever they are
    /// now: in the secondary stack when expanded, or above the primary
    /// column's own screens when collapsed.
    public var detailViewControllers: [ViewController] {
        guard isCollapsed else { return secondaryNavigation.viewControllers }
        let stack = primaryNavigation.viewControllers
        return Array(stack[min(primaryDepth, stack.count)...]) + secondaryNavigation.viewControllers
    }

    override var containedViewControllers: [ViewController] { [primaryNavigation, secondaryNavigation] }

    override var visibleChild: ViewController? {
        isCollapsed || secondaryNavigation.viewControllers.isEmpty ? primaryNavigation : secondaryNavigation
    }

    /// The columns a person sees, leading first: the primary column, and the
    /// secondary one when expanded and not empty.
    var visibleColumns: [ViewController] {
        isCollapsed || secondaryNavigation.viewControllers.isEmpty
            ? [primaryNavigation] : [primaryNavigation, secondaryNavigation]
    }

    // MARK: - Showing an item

    /// Shows `screen` as the secondary column's content, as UIKit's
    /// `showDetailViewController(_:sender:)` does: expanded, it replaces the
    /// secondary stack at once (the screens it held leave, and the
    /// coordinators that own them are the caller's to remove, as for
    /// ``ViewControllerable/setStack(_:animated:completion:)``); collapsed, it
    /// is pushed onto the one stack, `animated` on the window's clock.
    ///
    /// - Returns: the screens the secondary stack held and no longer holds,
    ///   top first; empty when collapsed.
    /// - Throws: what a push throws (``NavigationError/alreadyInHierarchy``,
    ///   ``NavigationError/cannotPushNavigationController``,
    ///   ``NavigationError/presentsAnotherScreen``, and
    ///   ``NavigationError/transitionInProgress`` while the stack moves or a
    ///   gesture is held). A refusal changes nothing.
    @discardableResult
    public final func showDetail(
        _ screen: any ViewControllerable, animated: Bool = true, completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) -> [ViewController] {
        let screen = screen.viewController
        if isCollapsed {
            try primaryNavigation.pushScreen(screen, animated: animated, completion: completion)
            return []
        }
        guard !(screen is NavigationController) else { throw .cannotPushNavigationController }
        let previous = secondaryNavigation.viewControllers
        try secondaryNavigation.replaceStack([screen], animated: false, completion: completion)
        return previous.reversed().filter { $0 !== screen }
    }

    /// Closes what the secondary column shows, in both states: expanded, it
    /// empties the secondary stack at once, and the column is no longer
    /// shown; collapsed, it pops the one stack back to the primary column's
    /// own screens, `animated` on the window's clock. The coordinators that
    /// own the closed screens are the caller's to remove, as after a pop.
    /// With nothing open it closes nothing, and the completion still runs.
    ///
    /// - Returns: the screens closed, top first; empty when nothing was open.
    /// - Throws: ``NavigationError/transitionInProgress`` while either stack
    ///   moves or a gesture is held. A refusal changes nothing.
    @discardableResult
    public final func closeDetail(
        animated: Bool = false, completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) -> [ViewController] {
        let window = self.window
        try primaryNavigation.refuseIfTransitioning(in: window)
        try secondaryNavigation.refuseIfTransitioning(in: window)
        let open = detailViewControllers
        guard !open.isEmpty else {
            Transaction.run { Transaction.enqueue(completion) }
            return []
        }
        let navigation = isCollapsed ? primaryNavigation : secondaryNavigation
        // Collapsed, the primary column keeps its own screens (never fewer than its root); a screen put on the
        // secondary stack meanwhile (it is public) is closed with the rest.
        let kept =
            isCollapsed
            ? min(max(primaryDepth, 1), primaryNavigation.viewControllers.count)
            : 0
        return Transaction.run(touching: window) {
            var closed = navigation.removeScreens(above: kept - 1)
            if isCollapsed, !secondaryNavigation.viewControllers.isEmpty {
                closed = secondaryNavigation.removeScreens(above: -1) + closed
            }
            Window.finishChange(in: window, animated: animated && isCollapsed, completion: completion) {
                $0.lock(navigation)
            }
            return closed
        }
    }

    // MARK: - Collapsing and expanding

    /// Collapses or expands the split to suit `sizeClass`; inside a
    /// transaction, while the split's stacks do not move.
    func adapt(to sizeClass: SizeClass) {
        let collapses = sizeClass == .compact
        guard collapses != isCollapsed else { return }
        Transaction.run(touching: window) {
            if collapses {
                primaryDepth = primaryNavigation.viewControllers.count
                let moved = secondaryNavigation.takeAllScreens()
                primaryNavigation.appendScreens(moved)
                isCollapsed = true
                window?.emit(.collapse(screenID))
            } else {
                let moved = primaryNavigation.takeScreens(
                    from: min(primaryDepth, primaryNavigation.viewControllers.count))
                secondaryNavigation.insertScreensAtBottom(moved)
                isCollapsed = false
                window?.emit(.expand(screenID))
            }
        }
    }

    /// Remembers, while collapsed, how far back the primary stack went: its
    /// screens below that are the primary column's own.
    func stackDidChange(_ navigation: NavigationController) {
        guard isCollapsed, navigation === primaryNavigation else { return }
        primaryDepth = min(primaryDepth, navigation.viewControllers.count)
    }

    /// Whether the split's stacks are free to change columns: no transition
    /// in flight moves them. A transition that moves the split as a whole (a
    /// presentation that shows it) does not keep it from taking the window's
    /// size class before it appears.
    var canAdaptNow: Bool {
        primaryNavigation.transitionLockCount == 0 && secondaryNavigation.transitionLockCount == 0
    }
}

/// How much room a window has across: the stand-in for UIKit's horizontal
/// size class. A terminal sets it from its width in columns.
public enum SizeClass: String, Sendable, CaseIterable {
    /// Narrow: a split shows one stack.
    case compact
    /// Wide: a split shows its two columns side by side.
    case regular
}

extension Window {
    /// Sets how much room the window has across, as a rotation or a resize
    /// does in UIKit. Every ``SplitViewController`` in the window, visible or
    /// not (a hidden tab's, a presented one's), collapses for
    /// ``SizeClass/compact`` and expands for ``SizeClass/regular``.
    ///
    /// It is never refused: the change applies at once when the window is
    /// idle, and otherwise as soon as it is (after the transition in flight,
    /// the held gesture's release, and the routing requests queued before
    /// it), with the size class of that moment. Setting the size class the
    /// window already has does nothing.
    public func setHorizontalSizeClass(_ sizeClass: SizeClass) {
        guard sizeClass != horizontalSizeClass else { return }
        horizontalSizeClass = sizeClass
        Transaction.enqueueIdleWork(in: RoutingLane(window: self)) { [window = Weak(wrappedValue: self)] in
            window.wrappedValue?.adaptSplits()
        }
    }

    /// Makes every split in the window suit the window's size class.
    func adaptSplits() {
        guard let root = rootViewController else { return }
        var splits: [SplitViewController] = []
        var level: ViewController? = root
        while let current = level {
            current.appendSplits(to: &splits)
            level = current.presentedStorage
        }
        guard !splits.isEmpty else { return }
        Transaction.run(touching: self) {
            for split in splits where split.canAdaptNow { split.adapt(to: horizontalSizeClass) }
        }
    }
}

extension ViewController {
    /// Appends this screen, if it is a split, and every split it contains.
    fileprivate func appendSplits(to splits: inout [SplitViewController]) {
        if let split = self as? SplitViewController { splits.append(split) }
        for child in containedViewControllers {
            child.appendSplits(to: &splits)
        }
    }
}

extension NavigationController {
    /// Whether this stack is the secondary column of an expanded split whose
    /// back button closes the item (``SplitViewController/backButtonClosesDetail``),
    /// holding that item alone.
    var isClosableDetailColumn: Bool {
        guard viewControllers.count == 1, let split = parent as? SplitViewController else { return false }
        return split.backButtonClosesDetail && !split.isCollapsed && split.secondaryNavigation === self
    }
}
