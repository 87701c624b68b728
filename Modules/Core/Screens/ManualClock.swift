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
        @Weak var window: Window?
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
