/// What a segment's list screen tells its coordinator.
@MainActor
protocol FeedListScreenListener: AnyObject {
    /// The screen is about to appear (the feed is shown, the segment selected,
    /// or the user came back to it); its posts may be stale.
    func listScreenWillAppear()

    /// The user tapped the row of post `id`.
    func listScreenDidSelectPost(id: String)

    /// The user tapped `more`, asking for the next page.
    func listScreenDidTapLoadMore()
}
