/// What the post detail coordinator tells its screen.
@MainActor
protocol FeedPostPresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any FeedPostScreenListener)? { get set }

    /// Shows `post`.
    func show(post: FeedPostRow)

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func show(errorMessage: String?)
}
