/// Anything that can stand for a navigation controller.
///
/// Use it where a coordinator needs a navigation stack of its own, for example
/// to wrap a child's screen before presenting it.
@MainActor
public protocol NavigationControllerable: ViewControllerable {
    /// The headless navigation controller behind this value.
    var navigationController: NavigationController { get }
}

/// A headless navigation stack: the stand-in for `UINavigationController`.
///
/// Only the top screen is visible. Push and pop cost O(1) whatever the depth
/// of the stack; popping to a screen or to the root costs the number of
/// screens popped. The root cannot be popped.
///
/// Prefer the routing methods on ``ViewControllerable`` (``ViewControllerable/push(_:animated:completion:)``
/// and friends); they work from any screen inside the stack too.
@MainActor
public final class NavigationController: ViewController, NavigationControllerable {
    /// The stack, root first.
    public var viewControllers: [ViewController] { stack }

    /// The stack's storage. A split whose column this is hears of every
    /// change, to remember how far back its primary column went.
    private var stack: [ViewController] = [] {
        didSet { (parent as? SplitViewController)?.stackDidChange(self) }
    }

    /// Creates an empty navigation controller; push or set a stack to fill it.
    public override init(screenID: String = "navigation") {
        super.init(screenID: screenID)
    }

    /// Creates a navigation controller whose stack is `root`.
    ///
    /// - Throws: ``NavigationError/alreadyInHierarchy`` if `root` is shown
    ///   elsewhere, ``NavigationError/cannotPushNavigationController`` if it is
    ///   a navigation controller, ``NavigationError/presentsAnotherScreen`` if
    ///   it presents a screen.
    public convenience init(root: any ViewControllerable, screenID: String = "navigation") throws(NavigationError) {
        self.init(screenID: screenID)
        try replaceStack([root.viewController], animated: false, completion: nil)
    }

    /// The navigation controller itself.
    public var navigationController: NavigationController { self }

    /// The screen on top of the stack: the visible one.
    public var topViewController: ViewController? { viewControllers.last }

    /// The screen at the bottom of the stack.
    public var rootViewController: ViewController? { viewControllers.first }

    override var containedViewControllers: [ViewController] { viewControllers }

    override var visibleChild: ViewController? { topViewController }

    func pushScreen(
        _ screen: ViewController, animated: Bool, completion: (@MainActor () -> Void)?
    ) throws(NavigationError) {
        let window = self.window
        try refuseIfTransitioning(in: window)
        guard !(screen is NavigationController) else { throw .cannotPushNavigationController }
        guard !screen.isInHierarchy, !screen.isAncestor(orSelfOf: self) else { throw .alreadyInHierarchy }
        guard screen.presentedStorage == nil else { throw .presentsAnotherScreen }
        Transaction.run(touching: window) {
            screen.parentStorage.wrappedValue = self
            stack.append(screen)
            window?.emit(.push(screen.screenID))
            Window.finishChange(in: window, animated: animated, completion: completion) { $0.lock(self) }
        }
    }

    func popTopScreen(
        animated: Bool, completion: (@MainActor () -> Void)?
    ) throws(NavigationError) -> ViewController {
        let window = self.window
        try refuseIfTransitioning(in: window)
        guard viewControllers.count > 1 else { throw .cannotPopRoot }
        return Transaction.run(touching: window) {
            let popped = removeTopScreen(in: window)
            Window.finishChange(in: window, animated: animated, completion: completion) { $0.lock(self) }
            return popped
        }
    }

    /// Removes the top screen, which must not be the root, and returns it.
    func removeTopScreen() -> ViewController {
        removeTopScreen(in: window)
    }

    private func removeTopScreen(in window: Window?) -> ViewController {
        Transaction.run(touching: window) {
            let popped = stack.removeLast()
            popped.parentStorage.wrappedValue = nil
            window?.emit(.pop([popped.screenID]))
            return popped
        }
    }

    func popToRootScreen(
        animated: Bool, completion: (@MainActor () -> Void)?
    ) throws(NavigationError) -> [ViewController] {
        try refuseIfTransitioning()
        guard viewControllers.count > 1 else {
            Transaction.run { Transaction.enqueue(completion) }
            return []
        }
        return popAbove(index: 0, animated: animated, completion: completion)
    }

    func popScreens(
        to screen: ViewController, animated: Bool, completion: (@MainActor () -> Void)?
    ) throws(NavigationError) -> [ViewController] {
        try refuseIfTransitioning()
        guard screen.parent === self, let index = viewControllers.lastIndex(where: { $0 === screen }) else {
            throw .notInNavigationStack
        }
        return popAbove(index: index, animated: animated, completion: completion)
    }

    func replaceStack(
        _ screens: [ViewController], animated: Bool, completion: (@MainActor () -> Void)?
    ) throws(NavigationError) {
        try refuseIfTransitioning()
        guard !screens.isEmpty else { throw .emptyStack }
        let kept = try checkNewChildren(screens, allowingNavigationControllers: false)
        let window = self.window
        Transaction.run(touching: window) {
            adoptChildren(screens, replacing: viewControllers, kept: kept)
            stack = screens
            window?.emit(.setStack(screens.map(\.screenID)))
            Window.finishChange(in: window, animated: animated, completion: completion) { $0.lock(self) }
        }
    }

    /// Pops every screen above `index`, returning them top first.
    private func popAbove(
        index: Int, animated: Bool, completion: (@MainActor () -> Void)?
    ) -> [ViewController] {
        let window = self.window
        return Transaction.run(touching: window) {
            let popped = removeScreens(above: index)
            Window.finishChange(in: window, animated: animated, completion: completion) { $0.lock(self) }
            return popped
        }
    }

    /// Removes every screen above `index` and returns them, top first; the
    /// caller says how the change ends (a routing call, or a removal the
    /// person asked for). Call it inside a transaction.
    func removeScreens(above index: Int) -> [ViewController] {
        let popped = Array(viewControllers[(index + 1)...].reversed())
        stack.removeSubrange((index + 1)...)
        for screen in popped {
            screen.parentStorage.wrappedValue = nil
        }
        window?.emit(.pop(popped.map(\.screenID)))
        return popped
    }

    // MARK: - Moving screens between a split's columns

    /// Removes every screen and returns them, root first, without callbacks
    /// or events: they are about to join another stack. Inside a transaction.
    func takeAllScreens() -> [ViewController] {
        takeScreens(from: 0)
    }

    /// Removes the screens from `index` up and returns them, root first,
    /// without events: they are about to join another stack. Inside a
    /// transaction.
    func takeScreens(from index: Int) -> [ViewController] {
        guard index < viewControllers.count else { return [] }
        let taken = Array(viewControllers[index...])
        stack.removeSubrange(index...)
        for screen in taken { screen.parentStorage.wrappedValue = nil }
        return taken
    }

    /// Puts `screens` on top of the stack, in order, without events.
    func appendScreens(_ screens: [ViewController]) {
        for screen in screens { screen.parentStorage.wrappedValue = self }
        stack += screens
    }

    /// Puts `screens` at the bottom of the stack, in order, without events.
    func insertScreensAtBottom(_ screens: [ViewController]) {
        for screen in screens { screen.parentStorage.wrappedValue = self }
        stack.insert(contentsOf: screens, at: 0)
    }
}
