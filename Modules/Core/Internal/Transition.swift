/// One transition in flight: the screens whose did-callbacks it owes, the
/// screens it keeps from routing until it ends, and the completions it runs
/// at its end.
@MainActor
final class Transition {
    /// The interactive gesture a transition stands for, while it is held.
    @MainActor
    enum Gesture {
        case swipeBack(NavigationController)
        case swipeDown(sheet: ViewController, presenter: ViewController)
        /// A swipe that turns `container` to the page at `index`.
        case turnPage(PageViewController, to: Int)

        /// Removes what the gesture removes when it finishes, and returns it
        /// (a page turn removes nothing: it makes the page current).
        func removeScreens() -> [ViewController] {
            switch self {
            case .swipeBack(let navigation): return [navigation.removeTopScreen()]
            case .swipeDown(_, let presenter): return presenter.dismissPresentedChain()
            case .turnPage(let container, let index):
                container.currentIndex = index
                container.window?.emit(.select(container.pages[index].screenID))
                return []
            }
        }

        /// Tells a page container's delegate of the turn this gesture made,
        /// once `transition` ends.
        func tellDelegate(when transition: Transition) {
            guard case .turnPage(let container, let index) = self else { return }
            transition.completions.append { [container = Weak(wrappedValue: container)] in
                guard let container = container.wrappedValue else { return }
                container.delegate?.pageViewController(container, didTurnTo: index)
            }
        }

        /// The person's gesture this is.
        var userGesture: UserGesture {
            switch self {
            case .swipeBack: .swipeBack
            case .swipeDown: .swipeDown
            case .turnPage(let container, let index):
                index > (container.currentIndex ?? 0) ? .swipeToNextPage : .swipeToPreviousPage
            }
        }

        /// Keeps the screens the gesture moves from routing until `transition` ends.
        func lock(in transition: Transition) {
            switch self {
            case .swipeBack(let navigation):
                transition.lock(navigation)
            case .swipeDown(let sheet, let presenter):
                transition.lock(presenter)
                transition.lock(sheet)
            case .turnPage(let container, _):
                transition.lock(container)
            }
        }
    }

    let kind: TransitionInfo.Kind
    /// The screens this transition moved and must complete, in the order they
    /// were moved. A screen moved again by a later change belongs to that
    /// change instead (see ``ViewController/transition``).
    private var screens: [ViewController] = []
    /// The screens that refuse routing until this transition ends.
    private var lockedScreens: [ViewController] = []
    var completions: [@MainActor () -> Void] = []
    /// Called once when the transition ends or is abandoned: how an awaiting
    /// routing request learns that what it started has stopped moving.
    var endObservers: [@MainActor () -> Void] = []
    var progress: Double = 0
    /// The held gesture; `nil` once released, and for routing transitions.
    var gesture: Gesture?
    /// How long the transition still takes once it is scheduled.
    var remainingDuration = Window.transitionDuration
    var isScheduled = false
    private(set) var hasEnded = false

    init(kind: TransitionInfo.Kind) {
        self.kind = kind
    }

    /// Keeps `screen` from routing until this transition ends.
    func lock(_ screen: ViewController) {
        screen.transitionLockCount += 1
        lockedScreens.append(screen)
    }

    /// Makes `screen`'s did-callback this transition's to deliver. A screen
    /// the transition moves again (a cancelled gesture moves its screens
    /// back) keeps its first place.
    func take(_ screen: ViewController) {
        screen.transition = self
        // Loops rather than closures here and in `finish()`, which Swift would check to run on the main actor at
        // every call: both run for every screen every transition moves.
        for taken in screens where taken === screen { return }
        screens.append(screen)
    }

    /// Where ``progress`` goes once the transition runs on its own: 1 when it
    /// finishes, 0 when a released gesture cancels (its screens go back).
    var targetProgress: Double = 1

    /// The clock that runs the transition, and when and from where it started
    /// running on it; `nil` until it is scheduled on a manual clock.
    private var movement: Movement?

    private struct Movement {
        @Weak var clock: ManualClock?
        let start: Duration
        let startProgress: Double
    }

    /// Starts moving ``progress`` towards ``targetProgress`` on `clock`, over
    /// ``remainingDuration``.
    func didSchedule(on clock: ManualClock) {
        movement = Movement(clock: clock, start: clock.now, startProgress: progress)
    }

    /// How far the transition has come now: the held gesture's progress, or,
    /// once it runs on a clock, the way from where it started to
    /// ``targetProgress`` in proportion to the time that passed.
    var currentProgress: Double {
        if hasEnded { return targetProgress }
        guard gesture == nil, let movement, let clock = movement.clock else { return progress }
        guard remainingDuration > .zero else { return targetProgress }
        let fraction = min(1, max(0, (clock.now - movement.start) / remainingDuration))
        return movement.startProgress + (targetProgress - movement.startProgress) * fraction
    }

    /// Whether a screen still waits for this transition's end.
    var ownsAnyScreen: Bool { screens.contains { $0.transition === self } }

    /// Marks the transition ended and releases its locks; returns the screens
    /// whose did-callbacks it still owes, in the order it moved them.
    func finish() -> [ViewController] {
        guard !hasEnded else { return [] }
        hasEnded = true
        for screen in lockedScreens { screen.transitionLockCount -= 1 }
        lockedScreens.removeAll()
        var owned: [ViewController] = []
        owned.reserveCapacity(screens.count)
        for screen in screens where screen.transition === self { owned.append(screen) }
        screens.removeAll()
        let observers = endObservers
        endObservers.removeAll()
        for observer in observers { observer() }
        return owned
    }

    /// Ends the transition without delivering anything, because its window or
    /// its clock went away; routing requests that waited only for it go ahead.
    func abandon() {
        gesture = nil
        for screen in finish() { screen.transition = nil }
        completions.removeAll()
        Transaction.runIdleWorkIfIdle()
    }

    var info: TransitionInfo {
        let owned = screens.filter { $0.transition === self }
        return TransitionInfo(
            kind: kind,
            progress: currentProgress,
            isHeld: gesture != nil,
            leavingIDs: owned.filter { $0.appearanceState == .disappearing }.map(\.screenID),
            arrivingIDs: owned.filter { $0.appearanceState == .appearing }.map(\.screenID)
        )
    }
}
