#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

// The services the feed uses and the values its API exchanges.

/// The posts the feed shows, implemented by the app's live service and by
/// fakes in tests.
///
/// Every call names the person it acts for, who decides ``FeedPost/isLiked``
/// in what it returns.
@MainActor
public protocol FeedPostService: AnyObject {
    /// A page of at most `limit` posts, newest first (ties: the later
    /// published first), as `user` sees them: the first page when `postID` is
    /// `nil`, else the posts that follow the post `postID` (the last one
    /// shown) in that order.
    func latestPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost]

    /// A page of at most `limit` posts, most liked first (ties: newest first),
    /// as `user` sees them, paged like
    /// ``latestPosts(for:after:limit:)``.
    func popularPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost]

    /// The post `id` as `user` sees it, or `nil` when there is none.
    func post(id: String, for user: FeedUser) throws(FeedServiceError) -> FeedPost?

    /// Publishes `text` as a new post by `user` and returns it.
    func publish(text: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost

    /// Makes `user` like the post (`isLiked` true) or not like it (false),
    /// whatever the state was, and returns the post as it is stored now, as
    /// `user` sees it. Setting a state rather than flipping it means two
    /// screens or two processes can never undo each other.
    ///
    /// - Throws: ``FeedServiceError/postNotFound(_:)`` when the post no longer
    ///   exists.
    func setLike(_ isLiked: Bool, postID: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost
}

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

/// A post, as the feed shows it.
public struct FeedPost: Equatable, Sendable {
    /// Identifies the post; a row's action is `post.<id>`.
    public let id: String
    /// The author's display name.
    public let authorName: String
    /// When it was published.
    public let createdAt: Date
    /// What it says.
    public let text: String
    /// How many people like it.
    public let likeCount: Int
    /// Whether the person the service was asked for likes it.
    public let isLiked: Bool

    /// Creates a post.
    public init(id: String, authorName: String, createdAt: Date, text: String, likeCount: Int, isLiked: Bool) {
        self.id = id
        self.authorName = authorName
        self.createdAt = createdAt
        self.text = text
        self.likeCount = likeCount
        self.isLiked = isLiked
    }
}

/// The segments of the feed, in display order. The raw value is the segment's
/// action id on the `feed` screen.
public enum FeedSegment: String, CaseIterable, Sendable {
    /// Newest posts first.
    case latest
    /// Most liked posts first.
    case popular
}

/// Why the post service failed.
public enum FeedServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is no post with this id (any more): it was deleted meanwhile.
    case postNotFound(String)
    /// The service cannot answer now, for the given reason.
    case unavailable(String)

    /// The message the screens show for this error: what a person reads wherever the error is told.
    public var description: String { FeedMessage.message(for: self) }
}

/// A place in the feed, as a parent names it: what a deep link such as
/// `app://feed/post/42` opens, and what the feed's own record of where the
/// person was is read back into. One value for both, so a place is spelled
/// once; ``FeedCoordinating/show(_:)`` takes the route to it.
public enum FeedDestination: Equatable, Sendable {
    /// The feed on a segment.
    case segment(FeedSegment)
    /// One post's detail, pushed over the feed.
    case post(id: String)
    /// The compose sheet, presented over the feed.
    case compose
}

/// Why a route into the feed (``FeedCoordinating/show(_:)``) failed.
public enum FeedRouteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is no post with this id; nothing changed.
    case postNotFound(String)
    /// The compose sheet holds an unsaved draft; post or discard it first.
    /// Nothing changed: the route would have closed the sheet and lost the text.
    case draftInProgress
    /// The post service or the navigation failed, for the given reason.
    case unavailable(String)

    /// The message the screens show for this error: what a person reads wherever the error is told.
    public var description: String { FeedMessage.message(for: self) }
}
