public import Foundation

/// A post, as the feed shows it.
public struct FeedPost: Equatable, Sendable {
    /// Identifies the post; a row's action is `post.<id>`.
    public let id: String
    /// The author's display name.
    public let authorName: String
    /// When it was published.
    public let createdAt: Date
    /// What it says.
    public let text: String
    /// How many people like it.
    public let likeCount: Int
    /// Whether the current user likes it.
    public let isLiked: Bool

    /// Creates a post.
    public init(id: String, authorName: String, createdAt: Date, text: String, likeCount: Int, isLiked: Bool) {
        self.id = id
        self.authorName = authorName
        self.createdAt = createdAt
        self.text = text
        self.likeCount = likeCount
        self.isLiked = isLiked
    }
}
