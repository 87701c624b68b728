/// What the `feed` screen tells its coordinator.
@MainActor
protocol FeedScreenListener: AnyObject {
    /// The user tapped a segment.
    func feedScreenDidSelect(_ segment: FeedSegment)

    /// The user tapped `compose`.
    func feedScreenDidTapCompose()

    /// The user tapped `logout`.
    func feedScreenDidTapLogOut()
}
