/// How a window's animated transitions take time.
///
/// UIKit's transitions take time and its gestures can be abandoned half way;
/// the headless layer has both, so a flow tested here fails where it would fail
/// on a device.
public enum TransitionClock {
    /// Every transition completes inside the call that starts it: the
    /// will-callbacks, then the did-callbacks and the completion, before the
    /// routing method returns. The default, and what the app uses.
    case immediate
    /// Transitions end only when a test advances the clock. Between the start
    /// and the end of a transition, the screens it moves are appearing or
    /// disappearing, and UIKit's rules for transitions in flight apply.
    case manual(ManualClock)
}

/// A clock that moves only when told to, for tests of animated transitions.
///
/// ```swift
/// let clock = ManualClock()
/// let window = Window(clock: .manual(clock))
/// try navigation.push(detail, animated: true)   // will-callbacks now
/// clock.advance(by: Window.transitionDuration)  // did-callbacks and the completion
/// ```
///
/// One clock may drive several windows; their transitions end in the order
/// they are due.
@MainActor
public final class ManualClock {
    /// How much time has passed since the clock was created.
    public private(set) var now: Duration = .zero

    /// The longest step one call moves the clock, about 31 years: longer
    /// durations move it this far, so time never overflows.
    public static let longestStep: Duration = .seconds(1_000_000_000)

    /// A transition waiting for the clock, and the window that ends it.
    private struct Entry {
        let due: Duration
        let sequence: Int
        weak var window: Window?
        let transition: Transition
    }

    private var scheduled: [Entry] = []
    private var nextSequence = 0

    /// Creates a clock at time zero with nothing scheduled.
    public init() {}

    isolated deinit {
        // Nobody can advance a clock that is gone: end what waits on it, without
        // callbacks, so no lock, no waiting routing request and no window held
        // by a completion outlives it.
        for entry in scheduled {
            if let window = entry.window {
                window.abandon(entry.transition)
            } else {
                entry.transition.abandon()
            }
        }
    }

    /// Whether a transition is waiting for the clock to end it. A held
    /// interactive gesture is not: it waits for its release, not for time.
    public var hasScheduledTransitions: Bool {
        scheduled.contains { !$0.transition.hasEnded && $0.window != nil }
    }

    /// Moves the clock forward by `duration` (at most ``longestStep``), ending
    /// every transition that is due by then, in the order they are due (and
    /// in the order they started when due together). A transition started by
    /// one that ends is ended too if it is also due. A negative duration moves
    /// nothing. A completion that advances the clock itself moves it on from
    /// there; the clock never goes back.
    public func advance(by duration: Duration) {
        let target = now + min(max(duration, .zero), Self.longestStep)
        while let index = nextDueIndex(by: target) {
            let entry = scheduled.remove(at: index)
            now = max(now, entry.due)
            if let window = entry.window {
                Transaction.run(touching: window) { window.end(entry.transition) }
            } else {
                entry.transition.abandon()
            }
        }
        now = max(now, target)
    }

    /// Advances the clock until nothing is scheduled, and returns how far it
    /// moved. Stops after 10,000 transitions, so transitions whose callbacks
    /// keep starting new ones cannot hang a test.
    @discardableResult
    public func runUntilIdle() -> Duration {
        let start = now
        var rounds = 0
        while let next = scheduled.map(\.due).min(), rounds < 10_000 {
            advance(by: next - now)
            rounds += 1
        }
        return now - start
    }

    /// Ends `transition` in `window` once `delay` has passed.
    func schedule(_ transition: Transition, in window: Window, after delay: Duration) {
        let due = now + min(max(delay, .zero), Self.longestStep)
        scheduled.append(Entry(due: due, sequence: nextSequence, window: window, transition: transition))
        transition.didSchedule(on: self)
        nextSequence += 1
    }

    private func nextDueIndex(by target: Duration) -> Int? {
        var best: Int?
        for index in scheduled.indices where scheduled[index].due <= target {
            guard let current = best else {
                best = index
                continue
            }
            let candidate = scheduled[index]
            if (candidate.due, candidate.sequence) < (scheduled[current].due, scheduled[current].sequence) {
                best = index
            }
        }
        return best
    }
}

/// A transition in flight, as a window reports it: for the app's `state`, for
/// tests, and for anyone who must know what the person sees moving.
public struct TransitionInfo: Equatable, Sendable {
    /// What started the transition.
    public enum Kind: String, Sendable {
        /// An animated routing call (push, pop, set the stack, present, dismiss).
        case routing
        /// The back button, or a swipe back or a swipe down performed in one go.
        case gesture
        /// An interactive swipe back: held, moving, or finishing or cancelling.
        case swipeBack
        /// An interactive swipe down of a sheet: held, moving, or finishing or cancelling.
        case swipeDown
    }

    /// What started the transition.
    public var kind: Kind
    /// How far the transition has come, from 0 to 1, moving with the
    /// window's clock. For an interactive gesture, how far the person has
    /// moved it while held; once released, it moves on with the clock from
    /// there, to 1 when it finishes or back to 0 when it cancels.
    public var progress: Double
    /// Whether an interactive gesture is still held (not yet released).
    public var isHeld: Bool
    /// The screens that are disappearing, outermost first.
    public var leavingIDs: [String]
    /// The screens that are appearing, outermost first.
    public var arrivingIDs: [String]

    /// Creates a description of a transition, for comparing with what a
    /// window reports.
    public init(kind: Kind, progress: Double, isHeld: Bool, leavingIDs: [String], arrivingIDs: [String]) {
        self.kind = kind
        self.progress = progress
        self.isHeld = isHeld
        self.leavingIDs = leavingIDs
        self.arrivingIDs = arrivingIDs
    }
}

/// How an interactive gesture ends when it is released.
public enum GestureRelease: Sendable {
    /// As UIKit decides for a released finger: finish at half way or more,
    /// cancel below.
    case automatic
    /// Finish: the screens leave and their coordinators are detached.
    case finish
    /// Cancel: everything returns to where it was; no coordinator changes.
    case cancel
}

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

        /// Removes what the gesture removes when it finishes, and returns it.
        func removeScreens() -> [ViewController] {
            switch self {
            case .swipeBack(let navigation): [navigation.removeTopScreen()]
            case .swipeDown(_, let presenter): presenter.dismissPresentedChain()
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
        guard !screens.contains(where: { $0 === screen }) else { return }
        screens.append(screen)
    }

    /// Where ``progress`` goes once the transition runs on its own: 1 when it
    /// finishes, 0 when a released gesture cancels (its screens go back).
    var targetProgress: Double = 1

    /// The clock that runs the transition, and when and from where it started
    /// running on it; `nil` until it is scheduled on a manual clock.
    private var movement: Movement?

    private struct Movement {
        weak var clock: ManualClock?
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
        let owned = screens.filter { $0.transition === self }
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
