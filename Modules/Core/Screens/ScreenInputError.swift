/// Why a screen refused an action or typed text. A refusal changes nothing.
public enum ScreenInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is no screen to take the input.
    case noScreen
    /// No screen on top offers this action.
    case unknownAction(String)
    /// The action is offered but disabled.
    case actionDisabled(String)
    /// No screen on top shows this field.
    case unknownField(String)
    /// The screen is appearing or disappearing in a transition, and takes no
    /// input until it ends.
    case screenInTransition

    /// A sentence that says what was refused and why, for error messages.
    public var description: String {
        switch self {
        case .noScreen: "there is no screen"
        case .unknownAction(let id): "no action '\(id)' on this screen"
        case .actionDisabled(let id): "the action '\(id)' is not available now"
        case .unknownField(let id): "no field '\(id)' on this screen"
        case .screenInTransition: "the screen is in a transition; wait for it to end"
        }
    }
}
