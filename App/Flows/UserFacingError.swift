/// A refusal explained in one sentence for the person at the terminal: a malformed command line, command or
/// link, or a route that cannot be followed now. Whatever refused it changed nothing.
package struct UserFacingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, ready to be shown.
    package let description: String

    /// The refusal saying `description`.
    package init(description: String) {
        self.description = description
    }
}

extension UserFacingError {
    /// `text` cut to `limit` characters, with `…` when cut: for echoing what a person typed in a message. Whoever
    /// shows the message makes it safe for where it is shown.
    package static func quoted(_ text: String, limit: Int = 60) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
