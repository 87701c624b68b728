/// What the feed tells the parent that shows it.
@MainActor
public protocol FeedListener: AnyObject {
    /// The user tapped `logout`. The parent ends the session and tears the
    /// feed down.
    func feedDidLogOut()
}
