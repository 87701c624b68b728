/// What became of a routing request made with ``Coordinator/route(_:completion:)``
/// or ``Coordinator/addChild(_:showing:completion:)``.
public enum RoutingOutcome: Equatable, Sendable {
    /// The change was applied.
    case applied
    /// The change was tried at its turn and refused; nothing changed.
    case refused(RoutingError)
    /// The coordinator that asked was stopped before the request's turn (it
    /// left the tree, for example because the person swiped its screen away),
    /// so the request was not tried.
    case dropped
}
