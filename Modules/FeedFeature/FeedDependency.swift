public import Foundation

/// What the feed needs from the app.
@MainActor
public protocol FeedDependency {
    /// Reads, publishes and likes posts.
    var posts: any FeedPostService { get }

    /// The current time, read each time the feed formats relative times
    /// ("5m"); injected so they are deterministic in tests. The app returns
    /// `Date()`.
    var now: Date { get }
}
