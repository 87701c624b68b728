/// Why a routing request was refused: the tree refused the child, or the
/// screens refused the change.
public enum RoutingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The coordinator tree refused to attach the child.
    case coordinator(CoordinatorError)
    /// The screen hierarchy refused to show the child, or refused the change.
    case navigation(NavigationError)
    /// The closure that shows the child or makes the change threw an error of
    /// its own, neither of the two above; this is its description.
    case other(String)
    /// The coordinator that asked was stopped before the request's turn, so
    /// the request was not tried: what an awaiting caller gets for
    /// ``RoutingOutcome/dropped``.
    case dropped
    /// The task awaiting the request was cancelled before the request's
    /// turn, so it was withdrawn and never applied. (See
    /// ``Coordinator/route(_:)`` for what cancelling does once it applied.)
    case cancelled

    /// Sorts what a routing closure threw into the three cases.
    init(_ error: any Error) {
        switch error {
        case let error as RoutingError: self = error
        case let error as NavigationError: self = .navigation(error)
        case let error as CoordinatorError: self = .coordinator(error)
        default: self = .other(String(describing: error))
        }
    }

    /// The underlying refusal's sentence, or why the request was not tried.
    public var description: String {
        switch self {
        case .coordinator(let error): error.description
        case .navigation(let error): error.description
        case .other(let description): description
        case .dropped: "the coordinator was stopped before the request's turn"
        case .cancelled: "the request was withdrawn because the task awaiting it was cancelled"
        }
    }
}
