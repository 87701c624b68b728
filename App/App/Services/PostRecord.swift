import Foundation

/// One post as stored.
struct PostRecord: Codable, Equatable, Sendable {
    /// A decimal number, unique in the folder.
    var id: String
    /// The author's account email.
    var authorEmail: String
    /// The author's display name when the post was published.
    var authorName: String
    /// When it was published.
    var createdAt: Date
    /// What it says.
    var text: String
    /// The emails of the accounts that like it.
    var likedBy: [String]
}
