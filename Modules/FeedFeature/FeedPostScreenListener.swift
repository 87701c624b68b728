/// What the post detail screen tells its coordinator.
@MainActor
protocol FeedPostScreenListener: AnyObject {
    /// The user tapped `like` (which likes or unlikes).
    func postScreenDidTapLike()
}
