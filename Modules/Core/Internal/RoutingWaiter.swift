import Synchronization

/// What an awaiting routing call waits for: its request's turn, then the end
/// of the transitions the request started. It resumes its caller once.
@MainActor
final class RoutingWaiter {
    /// The awaiting caller, resumed exactly once by ``resume(with:)``, which
    /// lets go of it; unchecked, since a checked continuation costs an
    /// allocation on every awaited call.
    var continuation: UnsafeContinuation<Result<Void, RoutingError>, Never>?
    /// Set at once, from any thread, when the awaiting task is cancelled, so a
    /// request whose turn comes in the same main-actor turn as the cancel (a
    /// clock advanced right after it) sees the cancel before it applies. Kept
    /// in the waiter itself, so an awaited call allocates one object for both.
    nonisolated let cancellation = CancellationFlag()
    /// Whether the awaiting task was cancelled before the request's turn.
    private(set) var isWithdrawn = false

    /// Whether the request must not apply at its turn: its task was cancelled
    /// first. Withdraws it (the caller resumes with ``RoutingError/cancelled``).
    func withdrawIfCancelled() -> Bool {
        if cancellation.isSet { withdraw() }
        return isWithdrawn
    }
    private var outcome: RoutingOutcome?
    private var transitionsStillMoving = 0

    /// Waits, besides the outcome, for `transitions` to end.
    func waitForEnd(of transitions: [Transition]) {
        for transition in transitions where !transition.hasEnded {
            transitionsStillMoving += 1
            transition.endObservers.append { [self] in
                transitionsStillMoving -= 1
                resumeIfDone()
            }
        }
    }

    /// The request ran (or was dropped) with `outcome`.
    func requestDidRun(_ outcome: RoutingOutcome) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        resumeIfDone()
    }

    /// The awaiting task was cancelled: a request that has not run yet is
    /// withdrawn and the caller resumes with ``RoutingError/cancelled``.
    func withdraw() {
        guard outcome == nil, !isWithdrawn else { return }
        isWithdrawn = true
        resume(with: .failure(.cancelled))
    }

    private func resumeIfDone() {
        guard let outcome, transitionsStillMoving == 0 else { return }
        switch outcome {
        case .applied: resume(with: .success(()))
        case .refused(let error): resume(with: .failure(error))
        case .dropped: resume(with: .failure(.dropped))
        }
    }

    private func resume(with result: Result<Void, RoutingError>) {
        continuation?.resume(returning: result)
        continuation = nil
    }
}

/// A flag that a task's cancellation handler sets from whichever thread
/// cancels the task, read on the main actor. Not copyable: it lives inside
/// the ``RoutingWaiter`` that owns it.
struct CancellationFlag: ~Copyable, Sendable {
    private let state = Atomic<Bool>(false)

    var isSet: Bool { state.load(ordering: .acquiring) }

    func set() { state.store(true, ordering: .releasing) }
}
