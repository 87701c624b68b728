/// The person using the feed: the author of what they publish.
public struct FeedUser: Equatable, Sendable {
    /// The account's email address.
    public let email: String
    /// The name shown on their posts.
    public let displayName: String

    /// Creates the user `email`, shown as `displayName`.
    public init(email: String, displayName: String) {
        self.email = email
        self.displayName = displayName
    }
}
