import Foundation

/// One account as stored.
struct AccountRecord: Codable, Equatable, Sendable {
    /// The email, trimmed and lowercased: the account's identity.
    var email: String
    /// The name shown to others.
    var displayName: String
    /// A salted yescrypt hash (`$y$…`); never the password.
    var passwordHash: String
    /// When the account was created.
    var createdAt: Date
}
