/// How a one-shot child ended, for the parent that awaits it.
public enum ChildOutcome<Value: Sendable>: Sendable {
    /// The child finished with this value (``OneShotCoordinating/finish(with:)``).
    case finished(Value)
    /// The person removed the child's screen (back, swipe back, swipe down, a
    /// re-tap of its tab); the runtime detached and stopped it.
    case removedByPerson
    /// The child was stopped without finishing while it was the awaiting
    /// parent's child: the parent removed it, or its tree was torn down. (A
    /// child that never ran under the parent is not an outcome:
    /// ``Coordinator/outcome(of:)`` refuses it with
    /// ``CoordinatorError/notAChild``.)
    case stopped
}

extension ChildOutcome: Equatable where Value: Equatable {}
