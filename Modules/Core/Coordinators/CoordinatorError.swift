/// Why the coordinator tree refused an attach or a detach.
///
/// Every refusal leaves the tree exactly as it was.
public enum CoordinatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The child is already attached to this coordinator.
    case alreadyAttached
    /// The child is attached to another parent; detach it there first.
    case attachedToAnotherParent
    /// A coordinator cannot be its own child.
    case cannotAttachToItself
    /// The child is an ancestor of this coordinator; attaching it would make a cycle.
    case wouldCreateCycle
    /// The coordinator to detach is not a child of this one.
    case notAChild

    /// A sentence that says what was refused and why, for error messages.
    public var description: String {
        switch self {
        case .alreadyAttached: "the coordinator is already a child of this parent"
        case .attachedToAnotherParent: "the coordinator already has another parent; detach it there first"
        case .cannotAttachToItself: "a coordinator cannot be its own child"
        case .wouldCreateCycle: "the coordinator is an ancestor of this parent; attaching it would make a cycle"
        case .notAChild: "the coordinator is not a child of this parent"
        }
    }
}
