/// Routing, with UIKit's semantics in order and in time.
///
/// The hierarchy changes when the method is called. Without animation, the
/// lifecycle callbacks and then the completion are delivered before the
/// outermost routing call returns. With `animated: true`, the change is a
/// transition on the window's ``TransitionClock``: the will-callbacks come at
/// once, the did-callbacks and then the completion when the transition ends
/// (at once on the immediate clock, when a test advances a ``ManualClock``).
/// A screen outside any window is never animated. Changes made in one step (one
/// outermost routing call, or one callback or completion) settle together: if
/// one of them is animated, they all join its transition. A routing call made from a
/// lifecycle callback or a completion changes the hierarchy at once; its own
/// callbacks and completion come after those already due, in order.
///
/// While a transition runs, UIKit's rules hold as refusals
/// (``NavigationError/transitionInProgress``): no push, pop or new stack on a
/// navigation controller in a transition; no present from a screen that is
/// being presented or dismissed or whose context is; no dismiss while the
/// presentation or dismissal runs; and no routing at all in a window while an
/// interactive gesture is held there. A coordinator that must route anyway
/// asks ``Coordinator/route(_:completion:)`` to wait for its turn.
///
/// Every method either does all it says or throws a ``NavigationError`` and
/// changes nothing.
///
/// Routing moves screens, never coordinators: a parent that pops, dismisses or
/// replaces a child's screen also detaches the child with
/// ``Coordinator/removeChild(_:)``. Only the user's gestures detach coordinators
/// by themselves (see ``Window/perform(_:)``).
///
/// Callbacks and completions that keep routing cannot hang the app: after
/// 10,000 rounds of delivery caused by one outermost call, delivery stops and
/// the completions still queued are not called.
extension ViewControllerable {
    // MARK: - Presentation

    /// Presents `screen` modally over this screen's presentation context (the
    /// outermost container of this screen, as in UIKit).
    ///
    /// - Throws: ``NavigationError/alreadyPresenting`` if the context already
    ///   presents a screen (present from the top one instead), and
    ///   ``NavigationError/alreadyInHierarchy`` if `screen` is shown elsewhere.
    public func present(
        _ screen: any ViewControllerable,
        style: PresentationStyle = .pageSheet,
        animated: Bool = false,
        completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) {
        try viewController.presentScreen(
            screen.viewController, style: style, animated: animated, completion: completion)
    }

    /// Dismisses, as in UIKit: if this screen presents something, dismisses
    /// that screen and everything above it; otherwise, if this screen is
    /// presented, dismisses it and everything above it. The completion runs once.
    ///
    /// - Throws: ``NavigationError/nothingToDismiss`` if this screen neither
    ///   presents nor is presented.
    public func dismiss(
        animated: Bool = false, completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) {
        try viewController.dismissScreens(animated: animated, completion: completion)
    }

    // MARK: - Navigation

    /// Pushes `screen` onto this navigation controller, or onto the one that
    /// encloses this screen.
    ///
    /// - Throws: ``NavigationError/noNavigationController``,
    ///   ``NavigationError/alreadyInHierarchy``,
    ///   ``NavigationError/cannotPushNavigationController``, or
    ///   ``NavigationError/presentsAnotherScreen``.
    public func push(
        _ screen: any ViewControllerable, animated: Bool = false, completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) {
        try resolvedNavigationController().pushScreen(
            screen.viewController, animated: animated, completion: completion)
    }

    /// Pops the top screen and returns it.
    ///
    /// - Throws: ``NavigationError/noNavigationController``, or
    ///   ``NavigationError/cannotPopRoot`` when only the root is left.
    @discardableResult
    public func pop(
        animated: Bool = false, completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) -> ViewController {
        try resolvedNavigationController().popTopScreen(animated: animated, completion: completion)
    }

    /// Pops every screen above the root and returns them, top first. At the
    /// root already, it pops nothing and returns an empty array.
    ///
    /// - Throws: ``NavigationError/noNavigationController``.
    @discardableResult
    public func popToRoot(
        animated: Bool = false, completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) -> [ViewController] {
        try resolvedNavigationController().popToRootScreen(animated: animated, completion: completion)
    }

    /// Pops every screen above `screen` and returns them, top first.
    ///
    /// - Throws: ``NavigationError/noNavigationController``, or
    ///   ``NavigationError/notInNavigationStack`` if `screen` is not on the stack.
    @discardableResult
    public func pop(
        to screen: any ViewControllerable, animated: Bool = false, completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) -> [ViewController] {
        try resolvedNavigationController().popScreens(
            to: screen.viewController, animated: animated, completion: completion)
    }

    /// Replaces the whole navigation stack, root first. Screens already on the
    /// stack may be reused; the others must not be shown anywhere else.
    ///
    /// - Throws: ``NavigationError/noNavigationController``,
    ///   ``NavigationError/emptyStack``, ``NavigationError/duplicateScreen``,
    ///   ``NavigationError/alreadyInHierarchy``,
    ///   ``NavigationError/cannotPushNavigationController``, or
    ///   ``NavigationError/presentsAnotherScreen``.
    public func setStack(
        _ screens: [any ViewControllerable], animated: Bool = false, completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) {
        try resolvedNavigationController().replaceStack(
            screens.map(\.viewController), animated: animated, completion: completion)
    }

    private func resolvedNavigationController() throws(NavigationError) -> NavigationController {
        let screen = viewController
        // The class check first: it is the common case, and far cheaper than asking for a protocol conformance.
        if let navigation = screen as? NavigationController { return navigation }
        if let navigation = screen as? any NavigationControllerable { return navigation.navigationController }
        guard let navigation = screen.enclosingNavigationController else {
            throw .noNavigationController
        }
        return navigation
    }
}
