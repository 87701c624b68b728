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
