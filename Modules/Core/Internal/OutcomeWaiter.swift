/// How a coordinator's run ended, as recorded for whoever awaits it.
enum RecordedOutcome: Sendable {
    case finished(any Sendable)
    case removedByPerson
    case stopped
}

/// One caller awaiting a coordinator's outcome; resumed once.
@MainActor
final class OutcomeWaiter {
    var continuation: CheckedContinuation<RecordedOutcome?, Never>?
    /// The completion of a caller that did not suspend (``Coordinator/outcome(of:completion:)``).
    var completion: (@MainActor (RecordedOutcome) -> Void)?

    /// Resumes the caller with `outcome`, or with `nil` when its task was cancelled.
    func resume(with outcome: RecordedOutcome?) {
        continuation?.resume(returning: outcome)
        continuation = nil
        let completion = completion
        self.completion = nil
        if let outcome { completion?(outcome) }
    }
}

/// How a coordinator's run ended, and the callers awaiting it.
@MainActor
final class OutcomeRecord {
    var recorded: RecordedOutcome?
    /// The parent the run ended under, or that awaited it: the one coordinator
    /// that may still ask for the outcome once the child has left it.
    weak var owner: Coordinator?
    var waiters: [OutcomeWaiter] = []
}
