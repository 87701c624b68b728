/// The posts the feed shows, implemented by the app's live service and by
/// fakes in tests.
@MainActor
public protocol FeedPostService: AnyObject {
    /// Every post, newest first.
    func latestPosts() throws(FeedServiceError) -> [FeedPost]

    /// Every post, most liked first.
    func popularPosts() throws(FeedServiceError) -> [FeedPost]

    /// The post `id`, or `nil` when there is none.
    func post(id: String) throws(FeedServiceError) -> FeedPost?

    /// Publishes `text` as a new post by `user` and returns it.
    func publish(text: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost

    /// Likes the post, or unlikes it if `user` already liked it, and returns
    /// it as it is now.
    func toggleLike(postID: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost
}
