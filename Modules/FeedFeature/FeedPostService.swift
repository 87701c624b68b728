/// The posts the feed shows, implemented by the app's live service and by
/// fakes in tests.
///
/// Every call names the person it acts for, who decides ``FeedPost/isLiked``
/// in what it returns.
@MainActor
public protocol FeedPostService: AnyObject {
    /// Every post, newest first, as `user` sees it.
    func latestPosts(for user: FeedUser) throws(FeedServiceError) -> [FeedPost]

    /// Every post, most liked first, as `user` sees it.
    func popularPosts(for user: FeedUser) throws(FeedServiceError) -> [FeedPost]

    /// The post `id` as `user` sees it, or `nil` when there is none.
    func post(id: String, for user: FeedUser) throws(FeedServiceError) -> FeedPost?

    /// Publishes `text` as a new post by `user` and returns it.
    func publish(text: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost

    /// Likes the post, or unlikes it if `user` already liked it, and returns
    /// it as it is now, as `user` sees it.
    ///
    /// - Throws: ``FeedServiceError/postNotFound(_:)`` when the post no longer
    ///   exists.
    func toggleLike(postID: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost
}
