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

/// A data file the app cannot trust or cannot write, as a front end tells it: the data's own error seen from
/// outside the data, so a front end never needs the database's types.
package struct DataFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the file.
    package let description: String
    /// Whether the app must stop with exit code 2 instead of going on.
    package let isFatal: Bool
    /// What the person can do about it, in one sentence, or `nil`.
    package let advice: String?

    /// The failure saying `description`, fatal or not, with `advice`.
    package init(description: String, isFatal: Bool, advice: String?) {
        self.description = description
        self.isFatal = isFatal
        self.advice = advice
    }

    /// The exit code the app ends with on this failure: 2 for a file it cannot trust, 1 for one it cannot write.
    package var exitCode: Int32 { isFatal ? ExitCode.dataError : ExitCode.failure }
}

/// The exit codes of the app, as documented in the README.
package enum ExitCode {
    /// Everything worked.
    package static let success: Int32 = 0
    /// A command or the script failed, or the data directory is not usable.
    package static let failure: Int32 = 1
    /// A data file is corrupt or unreadable; nothing was overwritten.
    package static let dataError: Int32 = 2
    /// The command line is wrong.
    package static let usage: Int32 = 64
}
