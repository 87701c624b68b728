/// What a segment tells the feed.
@MainActor
protocol FeedListListener: AnyObject {
    /// The user picked post `id`; the feed decides how to show it.
    func listDidSelectPost(id: String)
}
