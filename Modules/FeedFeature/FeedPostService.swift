/// The posts the feed shows, implemented by the app's live service and by
/// fakes in tests.
///
/// Every call names the person it acts for, who decides ``FeedPost/isLiked``
/// in what it returns.
@MainActor
public protocol FeedPostService: AnyObject {
    /// A page of at most `limit` posts, newest first (ties: the later
    /// published first), as `user` sees them: the first page when `postID` is
    /// `nil`, else the posts that follow the post `postID` (the last one
    /// shown) in that order.
    func latestPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost]

    /// A page of at most `limit` posts, most liked first (ties: newest first),
    /// as `user` sees them, paged like
    /// ``latestPosts(for:after:limit:)``.
    func popularPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost]

    /// The post `id` as `user` sees it, or `nil` when there is none.
    func post(id: String, for user: FeedUser) throws(FeedServiceError) -> FeedPost?

    /// Publishes `text` as a new post by `user` and returns it.
    func publish(text: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost

    /// Makes `user` like the post (`isLiked` true) or not like it (false),
    /// whatever the state was, and returns the post as it is stored now, as
    /// `user` sees it. Setting a state rather than flipping it means two
    /// screens or two processes can never undo each other.
    ///
    /// - Throws: ``FeedServiceError/postNotFound(_:)`` when the post no longer
    ///   exists.
    func setLike(_ isLiked: Bool, postID: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost
}
