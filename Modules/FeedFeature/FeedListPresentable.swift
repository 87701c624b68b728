/// What a segment's coordinator tells its list screen.
@MainActor
protocol FeedListPresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any FeedListScreenListener)? { get set }

    /// Shows `rows`, the `more` action when `canLoadMore`, and
    /// `errorMessage` if loading failed.
    func show(rows: [FeedPostRow], canLoadMore: Bool, errorMessage: String?)
}
