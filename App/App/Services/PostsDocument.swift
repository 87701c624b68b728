/// The content of `posts.json`.
struct PostsDocument: Codable, Equatable, Sendable {
    /// The format's version.
    var version = DataFiles.formatVersion
    /// The number the next post gets as its id.
    var nextID: Int
    /// Every post, in publishing order.
    var posts: [PostRecord]
}
