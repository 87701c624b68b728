package import FoundationEssentials

/// One post as stored, as one reader sees it.
package struct PostRecord: Equatable, Sendable {
    /// The number the database gave it; unique and never reused.
    package var id: Int64
    /// The author's account email.
    package var authorEmail: String
    /// The author's display name when the post was published.
    package var authorName: String
    /// When it was published.
    package var createdAt: Date
    /// What it says.
    package var text: String
    /// How many accounts like it.
    package var likeCount: Int
    /// Whether the reader it was read for likes it.
    package var isLikedByReader: Bool

    /// The post `id` by `authorEmail` (shown as `authorName`), as a reader who likes it or not
    /// (`isLikedByReader`) sees it.
    package init(
        id: Int64, authorEmail: String, authorName: String, createdAt: Date, text: String, likeCount: Int,
        isLikedByReader: Bool
    ) {
        self.id = id
        self.authorEmail = authorEmail
        self.authorName = authorName
        self.createdAt = createdAt
        self.text = text
        self.likeCount = likeCount
        self.isLikedByReader = isLikedByReader
    }
}

/// A post to store with its likes: a demo post or one imported from `posts.json`.
package struct NewPost: Equatable, Sendable {
    /// The id to keep (an imported post keeps its number, so links to it still work), or `nil` for a new one.
    package var id: Int64?
    /// The author's account email.
    package var authorEmail: String
    /// The author's display name.
    package var authorName: String
    /// When it was published.
    package var createdAt: Date
    /// What it says.
    package var text: String
    /// The emails of the accounts that like it.
    package var likedBy: [String]

    /// A post by `authorEmail` to store with its likes, keeping `id` when it is given and not taken.
    package init(
        id: Int64?, authorEmail: String, authorName: String, createdAt: Date, text: String, likedBy: [String]
    ) {
        self.id = id
        self.authorEmail = authorEmail
        self.authorName = authorName
        self.createdAt = createdAt
        self.text = text
        self.likedBy = likedBy
    }
}
