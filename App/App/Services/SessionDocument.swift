import Foundation

/// The content of `session.json`.
struct SessionDocument: Codable, Equatable, Sendable {
    /// The format's version.
    var version = DataFiles.formatVersion
    /// The logged-in account's email.
    var email: String
    /// When the session began.
    var createdAt: Date
}
