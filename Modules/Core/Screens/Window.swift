/// The root of what a person sees: the stand-in for `UIWindow`.
///
/// A window holds one root screen. Screens in a window get lifecycle callbacks;
/// screens outside any window do not (as in UIKit, a navigation controller that
/// is not on screen pushes without appearing). The window also receives the
/// person's input: gestures (``perform(_:)`` and the interactive
/// ``beginGesture(_:)``), actions and typed text (``performAction(_:)``,
/// ``setText(_:forField:)``), always aimed at what is on top.
///
/// A window runs its animated transitions on the ``TransitionClock`` it is
/// given: at once by default, or when a test advances a ``ManualClock``.
@MainActor
public final class Window {
    /// An observer registered with ``addObserver(_:)``.
    public struct ObserverID: Hashable, Sendable {
        fileprivate let value: Int
    }

    /// How long an animated transition takes, from its will-callbacks to its
    /// did-callbacks and completion: 200 ms, brisk enough that a person driving
    /// the app by keys never waits on it. An interactive gesture's finishing or
    /// cancelling takes the part of it the gesture has not covered.
    public static let transitionDuration: Duration = .milliseconds(200)

    /// The clock the window's transitions run on.
    public let clock: TransitionClock

    // The screens' bookkeeping below is checked for exclusive access by the compiler only
    // (`@exclusivity(unchecked)`), as a screen's hierarchy is: the appearance pass reads and fills it after every
    // change.
    /// The root screen, if one was set.
    @exclusivity(unchecked)
    public private(set) var rootViewController: ViewController?

    /// The screens that got `viewDidAppear` (or are appearing), outermost
    /// first, as of the last settled change.
    @exclusivity(unchecked)
    public internal(set) var visibleViewControllers: [ViewController] = []

    /// The buffer the appearance pass computes what is visible into; empty
    /// between passes.
    @exclusivity(unchecked)
    var visibleScratch: [ViewController] = []

    /// The transitions in flight, oldest first.
    var transitions: [Transition] = []
    /// The transition that the animated changes since the last settle pass
    /// join; the pass hands it the screens they moved.
    @exclusivity(unchecked)
    var pendingTransition: Transition?
    /// The interactive gesture held now, if any.
    var heldGesture: Transition?

    /// How much room the window has across; ``SizeClass/compact`` until
    /// ``setHorizontalSizeClass(_:)`` says otherwise. Split views collapse to
    /// one stack in a compact window and show two columns in a regular one.
    public internal(set) var horizontalSizeClass: SizeClass = .compact

    private var observers: [(id: ObserverID, handler: @MainActor (NavigationEvent) -> Void)] = []
    private var nextObserverID = 0

    /// Creates an empty window whose transitions run on `clock`.
    public init(clock: TransitionClock = .immediate) {
        self.clock = clock
    }

    isolated deinit {
        // A window that goes away ends what it had in flight, so no lock and
        // no waiting routing request outlives it. No callback is delivered.
        for transition in transitions { transition.abandon() }
    }

    // MARK: - Root

    /// Makes `screen` the root. The previous root, and everything it presents,
    /// leaves the window and disappears at once; the coordinators that own
    /// those screens stay attached until their parents detach them.
    ///
    /// - Throws: ``NavigationError/alreadyInHierarchy`` if `screen` is shown
    ///   elsewhere, ``NavigationError/transitionInProgress`` while an
    ///   interactive gesture is held.
    public func setRootViewController(
        _ screen: any ViewControllerable,
        completion: (@MainActor () -> Void)? = nil
    ) throws(NavigationError) {
        let screen = screen.viewController
        guard heldGesture == nil else { throw .transitionInProgress }
        guard screen !== rootViewController else {
            Transaction.run { Transaction.enqueue(completion) }
            return
        }
        guard !screen.isInHierarchy else { throw .alreadyInHierarchy }
        Transaction.run(touching: self) {
            if let previous = rootViewController {
                if previous.presentedStorage != nil {
                    previous.dismissPresentedChain()
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
    /// the leaf. Input goes to these screens. An expanded
    /// ``SplitViewController`` shows both columns: the primary column's
    /// screens come first, then the secondary column's.
    public var screensOnTop: [ViewController] {
        guard let top = presentedViewControllers.last ?? rootViewController else { return [] }
        var screens: [ViewController] = []
        Window.appendOnTop(top, to: &screens)
        return screens
    }

    /// Appends `screen` and, depth first, the visible children inside it.
    private static func appendOnTop(_ screen: ViewController, to screens: inout [ViewController]) {
        var next: ViewController? = screen
        while let current = next {
            screens.append(current)
            if let split = current as? SplitViewController {
                for column in split.visibleColumns { appendOnTop(column, to: &screens) }
                return
            }
            next = current.visibleChild
        }
    }

    /// The screen a person sees: the innermost of ``screensOnTop`` (in an
    /// expanded split, the secondary column's top).
    public var topViewController: ViewController? {
        // The last screen ``appendOnTop(_:to:)`` would append, found without building the list.
        var top = rootViewController
        while let presented = top?.presentedStorage { top = presented }
        while let current = top {
            if let split = current as? SplitViewController {
                guard let column = split.visibleColumns.last else { return current }
                top = column
            } else if let child = current.visibleChild {
                top = child
            } else {
                return current
            }
        }
        return nil
    }

    /// The transitions in flight in this window, oldest first: animated
    /// routing waiting for its clock, and the interactive gesture held or
    /// finishing. Empty when the window is idle.
    public var transitionsInFlight: [TransitionInfo] { transitions.map(\.info) }

    /// Whether nothing moves in this window: no transition in flight and no
    /// gesture held.
    public var isIdle: Bool { transitions.isEmpty }

    // MARK: - Input

    /// Performs action `id` on the innermost screen on top that offers it, and
    /// returns whether that screen refused it.
    ///
    /// - Throws: ``ScreenInputError/noScreen``,
    ///   ``ScreenInputError/unknownAction(_:)``,
    ///   ``ScreenInputError/actionDisabled(_:)``, or
    ///   ``ScreenInputError/screenInTransition`` while that screen appears or
    ///   disappears in a transition.
    @discardableResult
    public func performAction(_ id: String) throws(ScreenInputError) -> ActionOutcome {
        let screens = screensOnTop
        guard !screens.isEmpty else { throw .noScreen }
        // Loops rather than closures, which Swift would check to run on the main actor at every call; each
        // screen's content is built once.
        for screen in screens.reversed() {
            if let action = screen.content.action(withID: id) { return try screen.perform(id, offeredAs: action) }
        }
        throw .unknownAction(id)
    }

    /// Sets the text of field `id` on the innermost screen on top that shows it.
    ///
    /// - Throws: ``ScreenInputError/noScreen``,
    ///   ``ScreenInputError/unknownField(_:)``, or
    ///   ``ScreenInputError/screenInTransition``.
    public func setText(_ text: String, forField id: String) throws(ScreenInputError) {
        let screens = screensOnTop
        guard !screens.isEmpty else { throw .noScreen }
        for screen in screens.reversed() where screen.content.showsField(withID: id) {
            return try screen.setText(text, forField: id, shown: true)
        }
        throw .unknownField(id)
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
}
