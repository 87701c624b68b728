/// Why the post service failed.
public enum FeedServiceError: Error, Equatable, Sendable {
    /// There is no post with this id (any more): it was deleted meanwhile.
    case postNotFound(String)
    /// The service cannot answer now, for the given reason.
    case unavailable(String)
}
