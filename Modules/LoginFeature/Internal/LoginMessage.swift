/// Every message the `login` screen shows, in one place.
enum LoginMessage {
    static let missingCredentials = "Enter your email and password."
    static let wrongCredentials = "Wrong email or password."

    /// The service could not answer.
    static func unavailable(_ reason: String) -> String {
        "Log-in is unavailable: \(reason)"
    }

    /// Sign-up could not be shown or hidden: the flow was built in a place
    /// that cannot push, which is a mistake of the parent, reported rather
    /// than hidden.
    static func navigationFailed(_ error: any Error) -> String {
        "Sign-up cannot be shown: \(error)"
    }

    /// The message for an error of the authenticator.
    static func message(for error: LoginServiceError) -> String {
        switch error {
        case .invalidCredentials: wrongCredentials
        case .unavailable(let reason): unavailable(reason)
        }
    }
}
