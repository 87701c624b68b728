// The services the sign-up flow uses and the values they exchange.

/// The accounts the sign-up flow checks and creates, implemented by the app's
/// live service and by fakes in tests.
@MainActor
public protocol SignUpAccountService: AnyObject {
    /// Whether an account with `email` exists, so the flow can refuse it on the
    /// first step rather than after the user typed everything.
    func isEmailRegistered(_ email: String) throws(SignUpServiceError) -> Bool

    /// Creates the account and a session for it.
    func register(email: String, password: String, displayName: String) throws(SignUpServiceError) -> SignUpSession
}

/// The session opened for a newly created account.
public struct SignUpSession: Equatable, Sendable {
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

/// Why the account service refused a request.
public enum SignUpServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An account with this email already exists.
    case emailTaken
    /// The service cannot answer now; the reason is shown to the user.
    case unavailable(String)

    /// The message the screens show for this error: what a person reads wherever the error is told.
    public var description: String { SignUpMessage.message(for: self) }
}
