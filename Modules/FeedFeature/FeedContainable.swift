public import Core

/// Builds the feed: the `feed` screen with its Latest and Popular segments,
/// post detail and compose.
///
/// A parent gets this builder through its own dependency, attaches the
/// returned coordinator and shows its `viewControllerable` as it chooses.
@MainActor
public protocol FeedContainable: Containable {
    /// Builds a feed for `user` that reports to `listener`.
    ///
    /// The screen expects a navigation controller around it, because the feed
    /// pushes post detail onto it: push it onto one, or make it the root of one.
    func coordinator(listener: any FeedListener, user: FeedUser) -> any FeedCoordinating
}
