/// A child that ends once, with a value: a picker, a confirmation, a sign-up
/// that yields an account. Its parent awaits the outcome with
/// ``Coordinator/outcome(of:)`` instead of writing a listener; listeners stay
/// the way for long-lived children.
///
/// A feature publishes it with its outcome type, for example
/// `func coordinator() -> any OneShotCoordinating<Color>`, and its coordinator
/// calls ``finish(with:)`` when the person is done:
///
/// ```swift
/// let picker = pickerBuilder.coordinator()
/// try await addChild(picker) { try self.viewControllerable.present($0, animated: true) }
/// switch try await outcome(of: picker) {
/// case .finished(let color):
///     try await removeChild(picker) { try $0.dismiss(animated: true) }
///     presenter.show(color)
/// case .removedByPerson, .stopped:
///     break  // the runtime already detached it
/// }
/// ```
@MainActor
public protocol OneShotCoordinating<Outcome>: Coordinating {
    /// What the child yields when it finishes.
    associatedtype Outcome: Sendable
}

extension OneShotCoordinating {
    /// Finishes with `outcome`: whoever awaits ``Coordinator/outcome(of:)``
    /// resumes with ``ChildOutcome/finished(_:)``. The child stays attached
    /// and shown; the parent hides and detaches it. Only the first outcome
    /// of a run counts: finishing again, or after the child was stopped or
    /// removed, changes nothing.
    public func finish(with outcome: Outcome) {
        record(.finished(outcome))
    }
}

/// How a one-shot child ended, for the parent that awaits it.
public enum ChildOutcome<Value: Sendable>: Sendable {
    /// The child finished with this value (``OneShotCoordinating/finish(with:)``).
    case finished(Value)
    /// The person removed the child's screen (back, swipe back, swipe down, a
    /// re-tap of its tab); the runtime detached and stopped it.
    case removedByPerson
    /// The child was stopped without finishing (its parent removed it, its
    /// tree was torn down), or was not started when the parent asked.
    case stopped
}

extension ChildOutcome: Equatable where Value: Equatable {}

extension Coordinator {
    /// Waits for `child` to end its run, and says how: finished with a value,
    /// removed by the person, or stopped otherwise. A child that already ended
    /// its run answers at once, as does one that is not started.
    ///
    /// - Throws: ``RoutingError/cancelled`` when the awaiting task is
    ///   cancelled, at once; the child is not touched.
    public final func outcome<Value>(
        of child: any OneShotCoordinating<Value>
    ) async throws(RoutingError) -> ChildOutcome<Value> {
        guard !Task.isCancelled else { throw .cancelled }
        let waiter = OutcomeWaiter()
        let recorded = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.continuation = continuation
                child.awaitOutcome(with: waiter)
            }
        } onCancel: {
            Task { @MainActor in waiter.resume(with: nil) }
        }
        guard let recorded else { throw .cancelled }
        switch recorded {
        case .finished(let value): return (value as? Value).map(ChildOutcome.finished) ?? .stopped
        case .removedByPerson: return .removedByPerson
        case .stopped: return .stopped
        }
    }
}

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

    /// Resumes the caller with `outcome`, or with `nil` when its task was cancelled.
    func resume(with outcome: RecordedOutcome?) {
        continuation?.resume(returning: outcome)
        continuation = nil
    }
}
