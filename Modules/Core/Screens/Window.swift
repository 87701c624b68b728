/// The root of what a person sees: the stand-in for `UIWindow`.
///
/// A window holds one root screen. Screens in a window get lifecycle callbacks;
/// screens outside any window do not (as in UIKit, a navigation controller that
/// is not on screen pushes without appearing). The window also receives the
/// person's input: gestures (``perform(_:)``), actions and typed text
/// (``performAction(_:)``, ``setText(_:forField:)``), always aimed at what is
/// on top.
@MainActor
public final class Window {
    /// An observer registered with ``addObserver(_:)``.
    public struct ObserverID: Hashable, Sendable {
        fileprivate let value: Int
    }

    /// The root screen, if one was set.
    public private(set) var rootViewController: ViewController?

    /// The screens that got `viewDidAppear` (or are appearing), outermost
    /// first, as of the last settled change.
    public private(set) var visibleViewControllers: [ViewController] = []

    /// The buffer ``deliverAppearanceChanges()`` computes what is visible
    /// into; empty between calls.
    private var visibleScratch: [ViewController] = []

    private var observers: [(id: ObserverID, handler: @MainActor (NavigationEvent) -> Void)] = []
    private var nextObserverID = 0

    /// Every window created, weakly, in the order they were created. Released
    /// windows are dropped when the next window registers.
    private static var windows: [WeakWindow] = []

    /// The live windows of the settle pass under way, kept between passes so a
    /// pass allocates nothing once it has grown. Empty outside a pass.
    private static var windowsBeingSettled: [Window] = []

    /// Creates an empty window.
    public init() {
        Window.windows.removeAll { $0.window == nil }
        Window.windows.append(WeakWindow(window: self))
    }

    // MARK: - Root

    /// Makes `screen` the root. The previous root, and everything it presents,
    /// leaves the window and disappears; the coordinators that own those
    /// screens stay attached until their parents detach them.
    ///
    /// - Throws: ``NavigationError/alreadyInHierarchy`` if `screen` is shown
    ///   elsewhere.
    public func setRootViewController(
        _ screen: any ViewControllerable,
        completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) {
        let screen = screen.viewController
        guard screen !== rootViewController else {
            Transaction.run { Transaction.enqueue(completion) }
            return
        }
        guard !screen.isInHierarchy else { throw .alreadyInHierarchy }
        Transaction.run {
            if let previous = rootViewController {
                if previous.presentedStorage != nil {
                    previous.dismissPresentedChain(completion: nil)
                }
                previous.hostingWindow = nil
            }
            screen.hostingWindow = self
            rootViewController = screen
            emit(.setRoot(screen.screenID))
            Transaction.enqueue(completion)
        }
    }

    // MARK: - What is on screen

    /// The presented screens, bottom first (the root's presented screen first).
    public var presentedViewControllers: [ViewController] {
        var chain: [ViewController] = []
        var next = rootViewController?.presentedStorage
        while let current = next {
            chain.append(current)
            next = current.presentedStorage
        }
        return chain
    }

    /// The screens on top, outermost first: the topmost presented screen (or
    /// the root) and, inside it, the visible child of each container down to
    /// the leaf. Input goes to these screens.
    public var screensOnTop: [ViewController] {
        guard let top = presentedViewControllers.last ?? rootViewController else { return [] }
        var path = [top]
        while let child = path.last?.visibleChild {
            path.append(child)
        }
        return path
    }

    /// The screen a person sees: the innermost of ``screensOnTop``.
    public var topViewController: ViewController? { screensOnTop.last }

    // MARK: - Input

    /// Performs a gesture of the person using the app.
    ///
    /// - ``UserGesture/backButton`` and ``UserGesture/swipeBack`` pop the top
    ///   screen of the innermost navigation stack on top that has more than its
    ///   root.
    /// - ``UserGesture/swipeDown`` dismisses the topmost presented screen if it
    ///   is a sheet and no screen on top is modal in presentation; otherwise the
    ///   screen that refused is told through
    ///   ``ViewController/didAttemptUserDismissal()``.
    ///
    /// The coordinators that own the removed screens are then detached, stopped
    /// and released, outermost first, and each parent is told through
    /// ``Coordinator/userDidRemove(_:)``, all before any lifecycle callback of
    /// the gesture runs: no callback sees a coordinator whose screen is gone.
    /// Their children are stopped with them; a child's screen is expected to
    /// be shown inside its parent's (pushed above it, presented over it or
    /// embedded in it), so it leaves with the parent's.
    ///
    /// - Throws: ``NavigationError/noRootViewController``,
    ///   ``NavigationError/nothingToGoBack``, ``NavigationError/nothingToDismiss``,
    ///   ``NavigationError/notSwipeDismissible``, or
    ///   ``NavigationError/dismissalRefused``. A refused gesture changes nothing
    ///   in the hierarchy and sends no event; the one thing it does is tell the
    ///   screen that refused a swipe down, so it can offer a way out.
    public func perform(_ gesture: UserGesture) throws(NavigationError) {
        guard rootViewController != nil else { throw .noRootViewController }
        switch gesture {
        case .backButton, .swipeBack:
            guard
                let navigation = screensOnTop.reversed()
                    .lazy.compactMap({ $0 as? NavigationController })
                    .first(where: { $0.viewControllers.count > 1 })
            else { throw .nothingToGoBack }
            emit(.gesture(gesture))
            Transaction.run {
                let popped = try? navigation.popTopScreen(completion: nil)
                Window.detachOwners(of: popped.map { [$0] } ?? [])
            }
        case .swipeDown:
            guard let sheet = presentedViewControllers.last, let presenter = sheet.presentingViewController else {
                throw .nothingToDismiss
            }
            guard sheet.modalPresentationStyle.allowsSwipeDown else { throw .notSwipeDismissible }
            if let refusing = screensOnTop.last(where: \.isModalInPresentation) {
                refusing.didAttemptUserDismissal()
                throw .dismissalRefused
            }
            emit(.gesture(gesture))
            Transaction.run {
                let dismissed = presenter.dismissPresentedChain(completion: nil)
                Window.detachOwners(of: dismissed)
            }
        }
    }

    /// Performs action `id` on the innermost screen on top that offers it.
    ///
    /// - Throws: ``ScreenInputError/noScreen``,
    ///   ``ScreenInputError/unknownAction(_:)`` or
    ///   ``ScreenInputError/actionDisabled(_:)``.
    public func performAction(_ id: String) throws(ScreenInputError) {
        let screens = screensOnTop
        guard !screens.isEmpty else { throw .noScreen }
        guard let screen = screens.last(where: { $0.content.actions.contains { $0.id == id } }) else {
            throw .unknownAction(id)
        }
        try screen.performAction(id)
    }

    /// Sets the text of field `id` on the innermost screen on top that shows it.
    ///
    /// - Throws: ``ScreenInputError/noScreen`` or
    ///   ``ScreenInputError/unknownField(_:)``.
    public func setText(_ text: String, forField id: String) throws(ScreenInputError) {
        let screens = screensOnTop
        guard !screens.isEmpty else { throw .noScreen }
        guard let screen = screens.last(where: { $0.content.fields.contains { $0.id == id } }) else {
            throw .unknownField(id)
        }
        try screen.setText(text, forField: id)
    }

    // MARK: - Observation

    /// Calls `handler` with every event of this window, in order, until
    /// ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(_ handler: @escaping @MainActor (NavigationEvent) -> Void) -> ObserverID {
        let id = ObserverID(value: nextObserverID)
        nextObserverID += 1
        observers.append((id, handler))
        return id
    }

    /// Stops calling the observer `id`. Removing an unknown observer does nothing.
    public func removeObserver(_ id: ObserverID) {
        observers.removeAll { $0.id == id }
    }

    /// Sends `event` to every observer. The event is built only when someone
    /// observes, so routing in a window nobody observes builds none.
    func emit(_ event: @autoclosure () -> NavigationEvent) {
        guard !observers.isEmpty else { return }
        let event = event()
        for observer in observers {
            observer.handler(event)
        }
    }

    // MARK: - Appearance

    /// Delivers the lifecycle callbacks that bring the screens' appearance in
    /// line with what is visible now. Returns whether anything changed.
    ///
    /// The lists hold a handful of screens, so they are compared by linear
    /// scans, and the list of what is visible now is computed into a buffer the
    /// window keeps: a settle that finds nothing changed allocates nothing.
    func deliverAppearanceChanges() -> Bool {
        appendVisibleViewControllers(to: &visibleScratch)
        guard !Window.areIdentical(visibleScratch, visibleViewControllers) else {
            visibleScratch.removeAll(keepingCapacity: true)
            return false
        }
        var before = visibleViewControllers
        let now = visibleScratch
        visibleViewControllers = now
        visibleScratch = []
        defer {
            // Keep the old list's storage for the next comparison, but not its
            // screens: a screen that left must be released with its owner.
            before.removeAll(keepingCapacity: true)
            visibleScratch = before
        }
        for screen in now where !Window.contains(screen, in: before) {
            screen.loadViewIfNeeded()
        }
        for screen in before where !Window.contains(screen, in: now) {
            screen.appearanceState = .disappearing
            screen.viewWillDisappear()
            emit(.lifecycle(screen.screenID, .viewWillDisappear))
        }
        for screen in now where !Window.contains(screen, in: before) {
            screen.appearanceState = .appearing
            screen.viewWillAppear()
            emit(.lifecycle(screen.screenID, .viewWillAppear))
        }
        for screen in before where !Window.contains(screen, in: now) {
            screen.appearanceState = .disappeared
            screen.viewDidDisappear()
            emit(.lifecycle(screen.screenID, .viewDidDisappear))
        }
        for screen in now where !Window.contains(screen, in: before) {
            screen.appearanceState = .appeared
            screen.viewDidAppear()
            emit(.lifecycle(screen.screenID, .viewDidAppear))
        }
        return true
    }

    /// Appends what is visible: the presentation levels from the topmost
    /// full-screen one up, and in each level the visible child of every
    /// container.
    private func appendVisibleViewControllers(to visible: inout [ViewController]) {
        guard let root = rootViewController else { return }
        var firstVisibleLevel = root
        var next = root.presentedStorage
        while let level = next {
            if !level.modalPresentationStyle.keepsPresenterVisible { firstVisibleLevel = level }
            next = level.presentedStorage
        }
        var level: ViewController? = firstVisibleLevel
        while let current = level {
            Window.appendVisible(current, to: &visible)
            level = current.presentedStorage
        }
    }

    /// Whether `first` and `second` hold the same screens in the same order.
    private static func areIdentical(_ first: [ViewController], _ second: [ViewController]) -> Bool {
        guard first.count == second.count else { return false }
        for index in first.indices where first[index] !== second[index] {
            return false
        }
        return true
    }

    /// Whether `screens` holds `screen` itself.
    private static func contains(_ screen: ViewController, in screens: [ViewController]) -> Bool {
        for candidate in screens where candidate === screen {
            return true
        }
        return false
    }

    /// Appends `screen` and its visible child, and the child's, down to the leaf.
    private static func appendVisible(_ screen: ViewController, to visible: inout [ViewController]) {
        var next: ViewController? = screen
        while let current = next {
            visible.append(current)
            next = current.visibleChild
        }
    }

    // MARK: - Registry and user-driven detach

    /// Delivers the appearance changes of every live window, in the order the
    /// windows were created. Returns whether any window changed.
    ///
    /// The windows are held strongly for the whole pass, so a window released
    /// by a callback of an earlier window is still settled in this pass.
    static func deliverAppearanceChangesInEveryWindow() -> Bool {
        for entry in windows {
            if let window = entry.window { windowsBeingSettled.append(window) }
        }
        var changed = false
        for window in windowsBeingSettled where window.deliverAppearanceChanges() {
            changed = true
        }
        windowsBeingSettled.removeAll(keepingCapacity: true)
        return changed
    }

    /// Detaches the coordinators that own any of `removed` (or anything they
    /// contain or present), outermost first.
    static func detachOwners(of removed: [ViewController]) {
        var screens: [ViewController] = []
        for screen in removed {
            screen.appendSubtree(to: &screens)
        }
        let owners = screens.compactMap(\.owningCoordinator)
            .map { (coordinator: $0, depth: $0.depth) }
            .sorted { $0.depth < $1.depth }
        for owner in owners {
            owner.coordinator.detachAfterUserNavigation()
        }
    }
}

private struct WeakWindow {
    weak var window: Window?
}
