/// Why the account service refused a request.
public enum SignUpServiceError: Error, Equatable, Sendable {
    /// An account with this email already exists.
    case emailTaken
    /// The service cannot answer now; the reason is shown to the user.
    case unavailable(String)
}
