/// What a segment's list screen tells its coordinator.
@MainActor
protocol FeedListScreenListener: AnyObject {
    /// The user tapped the row of post `id`.
    func listScreenDidSelectPost(id: String)
}
