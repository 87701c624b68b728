/// Why the post service failed.
public enum FeedServiceError: Error, Equatable, Sendable {
    /// The service cannot answer now, for the given reason.
    case unavailable(String)
}
