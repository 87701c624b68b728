/// The segments of the feed, in display order. The raw value is the segment's
/// action id on the `feed` screen.
public enum FeedSegment: String, CaseIterable, Sendable {
    /// Newest posts first.
    case latest
    /// Most liked posts first.
    case popular
}
