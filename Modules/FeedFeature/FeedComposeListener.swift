/// What compose tells the feed, which then dismisses and detaches it.
@MainActor
protocol FeedComposeListener: AnyObject {
    /// `post` was published.
    func composeDidPublish(_ post: FeedPost)

    /// The user cancelled or discarded the draft.
    func composeDidCancel()
}
