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
