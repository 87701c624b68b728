import FeedFeature
import Foundation

/// What the app hands the feed builder, here with a fake service and a clock
/// the test moves.
struct FakeFeedDependency: FeedDependency {
    let posts: any FeedPostService
    let clock: FakeClock

    var now: Date { clock.now }
}
