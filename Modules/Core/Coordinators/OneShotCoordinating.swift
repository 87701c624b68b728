/// A child that ends once, with a value: a picker, a confirmation, a sign-up
/// that yields an account. Its parent awaits the outcome with
/// ``Coordinator/outcome(of:)`` instead of writing a listener; listeners stay
/// the way for long-lived children.
///
/// A feature publishes it with its outcome type, together with
/// ``ViewableCoordinating`` so that a parent can show it, for example
/// `func coordinator() -> any ViewableCoordinating & OneShotCoordinating<Color>`
/// (an `any OneShotCoordinating<Color>` alone cannot be passed to
/// ``Coordinator/addChild(_:showing:)``, which takes a coordinator with a
/// screen). Its coordinator calls ``finish(with:)`` when the person is done:
///
/// ```swift
/// let picker = pickerBuilder.coordinator()
/// try await addChild(picker) { try self.viewControllerable.present($0, animated: true) }
/// switch try await outcome(of: picker) {
/// case .finished(let color):
///     try await removeChild(picker) { try $0.dismiss(animated: true) }
///     presenter.show(color)
/// case .removedByPerson, .stopped:
///     break  // the runtime already detached it, or this parent removed it
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
    /// removed by the person, or stopped otherwise (its parent removed it, or
    /// its tree was torn down). A child that already ended its run answers at
    /// once.
    ///
    /// Only the child's own parent may await it: `child` must be attached to
    /// this coordinator, or have been when its run ended or when this
    /// coordinator began to await it (so a parent that awaits, then removes the
    /// child, still hears ``ChildOutcome/stopped``, and one whose child the
    /// person removed first still hears ``ChildOutcome/removedByPerson``).
    ///
    /// - Throws: ``RoutingError/coordinator(_:)`` with
    ///   ``CoordinatorError/notAChild`` when `child` is not this coordinator's
    ///   child by that rule: another coordinator's child, or one never
    ///   attached here (never started); ``RoutingError/cancelled`` when the
    ///   awaiting task is cancelled, at once. The child is not touched.
    public final func outcome<Value>(
        of child: any OneShotCoordinating<Value>
    ) async throws(RoutingError) -> ChildOutcome<Value> {
        guard child.acceptsOutcomeRequest(from: self) else { throw .coordinator(.notAChild) }
        guard !Task.isCancelled else { throw .cancelled }
        let waiter = OutcomeWaiter()
        let recorded = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.continuation = continuation
                child.awaitOutcome(with: waiter, from: self)
            }
        } onCancel: {
            Task { @MainActor in waiter.resume(with: nil) }
        }
        guard let recorded else { throw .cancelled }
        return ChildOutcome(recorded)
    }

    /// The completion form of ``outcome(of:)``, for a parent that does not
    /// suspend: `completion` hears how `child` ended, once, inside the call
    /// that ends its run (its ``OneShotCoordinating/finish(with:)``, the
    /// person's removal, or the stop), or before this returns when the run
    /// ended already. Nothing holds the parent meanwhile but `completion`.
    ///
    /// ```swift
    /// try outcome(of: picker) { [weak self] outcome in
    ///     if case .finished(let color) = outcome { self?.presenter.show(color) }
    /// }
    /// ```
    ///
    /// - Throws: ``RoutingError/coordinator(_:)`` with
    ///   ``CoordinatorError/notAChild`` by the same rule as ``outcome(of:)``;
    ///   `completion` is then never called.
    public final func outcome<Value>(
        of child: any OneShotCoordinating<Value>,
        completion: @escaping @MainActor (ChildOutcome<Value>) -> Void
    ) throws(RoutingError) {
        guard child.acceptsOutcomeRequest(from: self) else { throw .coordinator(.notAChild) }
        let waiter = OutcomeWaiter()
        waiter.completion = { completion(ChildOutcome($0)) }
        child.awaitOutcome(with: waiter, from: self)
    }
}

extension ChildOutcome {
    /// The outcome `recorded` as the awaiting parent reads it; a value of
    /// another type than `Value` reads as stopped.
    init(_ recorded: RecordedOutcome) {
        switch recorded {
        case .finished(let value): self = (value as? Value).map(ChildOutcome.finished) ?? .stopped
        case .removedByPerson: self = .removedByPerson
        case .stopped: self = .stopped
        }
    }
}
