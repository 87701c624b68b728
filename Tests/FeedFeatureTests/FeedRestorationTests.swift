import Core
import CoreTesting
import FeedFeature
import Testing

@Suite("Feed's restoration")
@MainActor
struct FeedRestorationTests {
    /// The feed's record after `flow` ran on a live feed.
    private func record(service: FakePostService, after flow: (Window) throws -> Void) throws -> RestorationState {
        var record: RestorationState?
        try withFeedShown(service: service) { parent, window in
            try flow(window)
            record = parent.feed?.restorationState
        }
        return try #require(record)
    }

    @Test("The segment and the pushed post come back through the routes a tap takes")
    func segmentAndPost() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        let saved = try record(service: service) { window in
            try window.tap("popular")
            try window.tap("post.p4")
        }
        #expect(saved.values == ["segment": "popular", "post": "p4"])
        try withFeedShown(service: service) { parent, window in
            let feed = try #require(parent.feed)
            #expect(feed.restore(from: saved).isComplete)
            #expect(window.navigationStackIDs == ["feed", "feed.post"])
            #expect(window.contentOnTop.last?.elements.contains(.text("Guidance is go")) == true)
            #expect(
                feed.children.map(\.name) == [
                    "PostListCoordinator(latest)", "PostListCoordinator(popular)", "feed.post",
                ])
            try window.perform(.backButton)
            #expect(window.selectedSegmentID == "popular")
            #expect(feed.restorationState == RestorationState(kind: "feed", version: 1, values: ["segment": "popular"]))
        }
    }

    @Test("Compose comes back presented with its draft, which it then refuses to lose")
    func composeDraft() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        let saved = try record(service: service) { window in
            try window.tap("compose")
            try window.type("half a thought", into: "text")
        }
        try withFeedShown(service: service) { parent, window in
            let feed = try #require(parent.feed)
            #expect(feed.restore(from: saved).isComplete)
            #expect(window.presentedIDs == ["feed.compose"])
            #expect(window.topViewController?.content.fields.first?.displayedValue == "half a thought")
            #expect(throws: FeedRouteError.draftInProgress) { try feed.show(.segment(.popular)) }
            #expect(feed.restorationState == saved)
        }
    }

    @Test("A post deleted since leaves the feed on its segment and says which post")
    func deletedPost() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        let saved = try record(service: service) { window in
            try window.tap("popular")
            try window.tap("post.p2")
        }
        service.delete(id: "p2")
        try withFeedShown(service: service) { parent, window in
            let result = try #require(parent.feed).restore(from: saved)
            #expect(result == .nearest(because: .noLongerApplies("the post 'p2' no longer exists")))
            #expect(window.navigationStackIDs == ["feed"])
            #expect(window.selectedSegmentID == "popular")
            #expect(window.errorMessageOnTop == nil)
        }
    }

    @Test("An unknown segment or format leaves the feed on Latest and says why")
    func invalidRecords() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            let unknownSegment = RestorationState(kind: "feed", version: 1, values: ["segment": "oldest"])
            #expect(
                feed.restore(from: unknownSegment) == .nearest(because: .invalidValue(kind: "feed", key: "segment")))
            #expect(
                feed.restore(from: RestorationState(kind: "feed", version: 9))
                    == .nearest(because: .unsupportedVersion(kind: "feed", version: 9)))
            #expect(window.selectedSegmentID == "latest")
            #expect(window.navigationStackIDs == ["feed"])
        }
    }

    @Test("A crafted record with a post and the sheet, or two sheets, restores one sheet and says what it dropped")
    func partlyDroppedRecords() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        let sheet = try record(service: service) { window in
            try window.tap("compose")
            try window.type("half a thought", into: "text")
        }
        let composeRecord = try #require(sheet.children.first)
        let postAndSheet = RestorationState(
            kind: "feed", version: 1, values: ["segment": "latest", "post": "p4"], children: [composeRecord])
        try withFeedShown(service: service) { parent, window in
            let feed = try #require(parent.feed)
            let result = feed.restore(from: postAndSheet)
            let dropped = "the post 'p4' was dropped: the compose sheet shows over the feed"
            #expect(result.problems == [.noLongerApplies(dropped)])
            #expect(window.presentedIDs == ["feed.compose"])
            #expect(!feed.children.map(\.name).contains("feed.post"), "the post is not pushed under it")
        }
        let twoSheets = RestorationState(
            kind: "feed", version: 1, values: ["segment": "latest"],
            children: [composeRecord, RestorationState(kind: composeRecord.kind, version: composeRecord.version)])
        try withFeedShown(service: service) { parent, window in
            let result = try #require(parent.feed).restore(from: twoSheets)
            #expect(result.problems == [.noLongerApplies("a second '\(composeRecord.kind)' record was dropped")])
            #expect(window.topViewController?.content.fields.first?.displayedValue == "half a thought", "the first")
        }
    }
}
