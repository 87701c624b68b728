/// Every message the sign-up screens show, in one place.
enum SignUpMessage {
    static let emailTaken = "An account with this email already exists."
    static let shortPassword = "Use at least 8 characters for your password."
    static let unprintablePassword = "Use only printable characters in your password."
    static let passwordMismatch = "The passwords do not match."
    static let passwordNotKept = "Go back and type your password again: it is never kept when the app quits."

    /// The service could not answer.
    static func unavailable(_ reason: String) -> String {
        "Sign-up is unavailable: \(reason)"
    }

    /// A step could not be shown: the flow was built in a place that cannot
    /// push, which is a mistake of the parent, reported rather than hidden.
    static func cannotShowStep(_ error: any Error) -> String {
        "The next step cannot be shown: \(error)"
    }

    /// The message for an error of the account service.
    static func message(for error: SignUpServiceError) -> String {
        switch error {
        case .emailTaken: emailTaken
        case .unavailable(let reason): unavailable(reason)
        }
    }
}
