// The services the log-in flow uses and the values they exchange.

/// The service that checks credentials, implemented by the app's live service
/// and by fakes in tests.
@MainActor
public protocol LoginAuthenticating: AnyObject {
    /// Checks the credentials and creates a session.
    func logIn(email: String, password: String) throws(LoginServiceError) -> LoginSession
}

/// The session opened by a successful log-in or sign-up.
public struct LoginSession: Equatable, Sendable {
    /// The account's email address.
    public let email: String
    /// The name shown to other people.
    public let displayName: String

    /// Creates a session for the account `email`, shown as `displayName`.
    public init(email: String, displayName: String) {
        self.email = email
        self.displayName = displayName
    }
}

/// Why the authenticator refused to log in.
public enum LoginServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The email is unknown or the password is wrong; the screen does not say
    /// which, so it cannot be used to find registered emails.
    case invalidCredentials
    /// The service cannot answer now; the reason is shown to the user.
    case unavailable(String)

    /// The message the screens show for this error: what a person reads wherever the error is told.
    public var description: String { LoginMessage.message(for: self) }
}
