/// What the compose screen tells its coordinator.
@MainActor
protocol FeedComposeScreenListener: AnyObject {
    /// The user tapped `post` with the draft `text`.
    func composeScreenDidRequestPost(text: String)

    /// The user gave the draft up: `cancel` with an empty draft, or `discard`
    /// (offered after `cancel` or a refused swipe down with a draft).
    func composeScreenDidCancel()
}
