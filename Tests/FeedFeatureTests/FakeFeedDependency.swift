import FeedFeature
import Foundation

/// What the app hands the feed builder, here with a fake service and a fixed
/// clock.
struct FakeFeedDependency: FeedDependency {
    let posts: any FeedPostService
    let now: Date
}
