import Foundation

/// One post as stored, as one reader sees it.
struct PostRecord: Equatable, Sendable {
    /// The number the database gave it; unique and never reused.
    var id: Int64
    /// The author's account email.
    var authorEmail: String
    /// The author's display name when the post was published.
    var authorName: String
    /// When it was published.
    var createdAt: Date
    /// What it says.
    var text: String
    /// How many accounts like it.
    var likeCount: Int
    /// Whether the reader it was read for likes it.
    var isLikedByReader: Bool
}

/// A post to store with its likes: a demo post or one imported from `posts.json`.
struct NewPost: Equatable, Sendable {
    /// The id to keep (an imported post keeps its number, so links to it still work), or `nil` for a new one.
    var id: Int64?
    var authorEmail: String
    var authorName: String
    var createdAt: Date
    var text: String
    /// The emails of the accounts that like it.
    var likedBy: [String]
}
