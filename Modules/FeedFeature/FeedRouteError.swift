/// Why a route into the feed (``FeedCoordinating/showPost(id:)``) failed.
public enum FeedRouteError: Error, Equatable, Sendable {
    /// There is no post with this id; nothing changed.
    case postNotFound(String)
    /// The post service or the navigation failed, for the given reason.
    case unavailable(String)
}
