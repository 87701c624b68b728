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
