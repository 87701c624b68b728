/// A refusal explained in one sentence for the person at the terminal: a malformed command line, command or
/// link, or a route that cannot be followed now. Whatever refused it changed nothing.
struct UserFacingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, ready to be shown.
    let description: String
}
