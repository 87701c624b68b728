package import FoundationEssentials

/// One account as stored.
package struct AccountRecord: Codable, Hashable, Sendable {
    /// The email, trimmed and lowercased: the account's identity.
    package var email: String
    /// The name shown to others.
    package var displayName: String
    /// A salted yescrypt hash (`$y$…`); never the password. Empty in ``InMemoryDataStore``, which keeps no hash.
    package var passwordHash: String
    /// When the account was created.
    package var createdAt: Date

    /// The account `email`, shown as `displayName`, created at `createdAt`, whose password hashes to `passwordHash`.
    package init(email: String, displayName: String, passwordHash: String, createdAt: Date) {
        self.email = email
        self.displayName = displayName
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }
}
