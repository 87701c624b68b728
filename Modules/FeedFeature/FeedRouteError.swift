/// Why a route into the feed (``FeedCoordinating/showPost(id:)``,
/// ``FeedCoordinating/showSegment(_:)``) failed.
public enum FeedRouteError: Error, Equatable, Sendable {
    /// There is no post with this id; nothing changed.
    case postNotFound(String)
    /// The compose sheet holds an unsaved draft; post or discard it first.
    /// Nothing changed: the route would have closed the sheet and lost the text.
    case draftInProgress
    /// The post service or the navigation failed, for the given reason.
    case unavailable(String)
}
