/// What the post detail tells the feed.
@MainActor
protocol FeedPostListener: AnyObject {
    /// The post changed (it was liked or unliked); lists that show it are stale.
    func postDidChange(_ post: FeedPost)
}
