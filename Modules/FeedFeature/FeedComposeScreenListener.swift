/// What the compose screen tells its coordinator.
@MainActor
protocol FeedComposeScreenListener: AnyObject {
    /// The user tapped `post` with the draft `text`.
    func composeScreenDidRequestPost(text: String)

    /// The user gave the draft up: `cancel`, or `discard` after a refused
    /// swipe down.
    func composeScreenDidCancel()
}
