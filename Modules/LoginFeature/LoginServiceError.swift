/// Why the authenticator refused to log in.
public enum LoginServiceError: Error, Equatable, Sendable {
    /// The email is unknown or the password is wrong; the screen does not say
    /// which, so it cannot be used to find registered emails.
    case invalidCredentials
    /// The service cannot answer now; the reason is shown to the user.
    case unavailable(String)
}
