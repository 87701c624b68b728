import Core
import CoreTesting
import FeedFeature
import Testing

/// Every flow of the feed, explored from the feed shown in each placement its parent offers.
@Suite("Exploring the feed")
@MainActor
struct FeedExplorationTests {
    /// What the explorer types: a post for compose.
    static func sampleText(screenID: String, field: TextField) -> String { "A post from the explorer" }

    @Test(
        "Every flow of the feed keeps the tree in step with the screens, and releases everything",
        arguments: [FeedParent.Placement.rootOfNavigation, .withoutNavigation])
    func exploreEveryFlow(placement: FeedParent.Placement) async throws {
        // The parent's way back after a log-out: showing the feed again, as the app does after the next log-in.
        let showFeedAgain = ExplorationDeepLink(script: "open app://feed") { subject in
            let parent = try #require(subject.root as? FeedParent)
            guard parent.feed == nil else { throw FeedRouteError.unavailable("the feed is on screen") }
            try parent.showFeed(for: FeedFixtures.user, placement)
        }
        let report = try explore(depth: 5, deepLinks: [showFeedAgain], sampleText: Self.sampleText) {
            let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
            let parent = FeedParent(
                dependency: FakeFeedDependency(posts: service, clock: FakeClock(now: FeedFixtures.now)))
            parent.start()
            try parent.showFeed(for: FeedFixtures.user, placement)
            return ExplorationSubject(window: parent.window, root: parent)
        }
        #expect(report.violations.isEmpty, "\(report)")
        #expect(report.stateCount >= (placement == .rootOfNavigation ? 5 : 3), "\(report.summary)")
    }
}
