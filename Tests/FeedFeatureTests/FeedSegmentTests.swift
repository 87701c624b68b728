import Core
import CoreTesting
import FeedFeature
import Foundation
import Testing

@Suite("Feed segments")
@MainActor
struct FeedSegmentTests {
    @Test("The feed embeds Latest: posts newest first, with author, text, relative time and likes")
    func latestIsEmbedded() async throws {
        try withFeedShown { parent, window in
            #expect(window.navigationStackIDs == ["feed"])
            #expect(window.visibleIDs == ["navigation", "feed", "feed.latest"])
            #expect(window.selectedSegmentID == "latest")
            #expect(window.actionIDsOnTop.prefix(3) == ["latest", "popular", "compose"])
            #expect(window.rowsOnTop.map(\.id) == ["p1", "p2", "p3", "p4"])
            #expect(window.rowsOnTop.map(\.actionID) == ["post.p1", "post.p2", "post.p3", "post.p4"])
            let first = try #require(window.rowsOnTop.first)
            #expect(first.title == "Ada")
            #expect(first.subtitle == "Hello from the engine")
            #expect(first.detail == "5m · 3 likes")
            #expect(parent.feed?.childCount == 2, "Latest and Popular are the feed's children")
        }
    }

    @Test("A list shows a page of 20 and `more`; `more` appends the next page and disappears after the last")
    func pages() async throws {
        let many = (0..<25).map { index in
            FeedFixtures.post("m\(index)", by: "Ann", secondsAgo: Double(index) * 60, text: "post \(index)", likes: 0)
        }
        let service = FakePostService(posts: many, now: FeedFixtures.now)
        try withFeedShown(service: service) { _, window in
            #expect(window.rowsOnTop.map(\.id) == (0..<20).map { "m\($0)" })
            #expect(window.actionIDsOnTop.last == "more")
            try window.tap("more")
            #expect(window.rowsOnTop.map(\.id) == (0..<25).map { "m\($0)" })
            #expect(!window.actionIDsOnTop.contains("more"))
            // Coming back reloads as many as were shown, not just the first page, and knows there are no more.
            try window.tap("popular")
            try window.tap("latest")
            #expect(window.rowsOnTop.count == 25)
            #expect(!window.actionIDsOnTop.contains("more"))
        }
    }

    @Test("A page that happens to hold the last post offers no `more`: only a post past the page does")
    func exactlyFullPage() async throws {
        let twenty = (0..<20).map { index in
            FeedFixtures.post("m\(index)", by: "Ann", secondsAgo: Double(index) * 60, text: "post \(index)", likes: 0)
        }
        try withFeedShown(service: FakePostService(posts: twenty, now: FeedFixtures.now)) { _, window in
            #expect(window.rowsOnTop.count == 20)
            #expect(!window.actionIDsOnTop.contains("more"))
        }
        let twentyOne = twenty + [FeedFixtures.post("m20", by: "Ann", secondsAgo: 1_200, text: "one more", likes: 0)]
        try withFeedShown(service: FakePostService(posts: twentyOne, now: FeedFixtures.now)) { _, window in
            #expect(window.rowsOnTop.count == 20)
            #expect(window.actionIDsOnTop.last == "more")
            try window.tap("more")
            #expect(window.rowsOnTop.count == 21)
            #expect(!window.actionIDsOnTop.contains("more"))
        }
    }

    @Test("Tapping a segment swaps the embedded screen: the other one disappears, both stay attached")
    func switchSegments() async throws {
        try withFeedShown { parent, window in
            let recorder = NavigationRecorder(window: window)
            try window.tap("popular")
            #expect(
                recorder.lifecycle == [
                    "viewDidLoad feed.popular", "viewWillDisappear feed.latest", "viewWillAppear feed.popular",
                    "viewDidDisappear feed.latest", "viewDidAppear feed.popular",
                ]
            )
            #expect(window.topScreenID == "feed.popular")
            #expect(window.visibleIDs == ["navigation", "feed", "feed.popular"])
            #expect(window.selectedSegmentID == "popular")
            #expect(window.rowsOnTop.map(\.id) == ["p2", "p4", "p1", "p3"])
            #expect(window.navigationStackIDs == ["feed"])
            #expect(parent.feed?.childCount == 2)

            try window.tap("latest")
            #expect(window.visibleIDs == ["navigation", "feed", "feed.latest"])
            #expect(window.selectedSegmentID == "latest")
        }
    }

    @Test(
        "Relative times are computed from the injected clock",
        arguments: [
            (0, "just now"), (59, "just now"), (-3600, "just now"), (60, "1m"), (359, "5m"), (3599, "59m"),
            (3600, "1h"), (86_399, "23h"), (86_400, "1d"), (2 * 86_400, "2d"), (7 * 86_400 - 1, "6d"),
            (7 * 86_400, "2026-11-14"), (649_800, "2026-11-13"), (365 * 86_400, "2025-11-21"),
        ] as [(TimeInterval, String)]
    )
    func relativeTime(secondsAgo: TimeInterval, expected: String) throws {
        let post = FeedFixtures.post("p1", by: "Ada", secondsAgo: secondsAgo, text: "Hi", likes: 1)
        let service = FakePostService(posts: [post], now: FeedFixtures.now)
        try withFeedShown(service: service) { _, window in
            #expect(window.rowsOnTop.first?.detail == "\(expected) · 1 like")
        }
    }

    @Test("An empty feed says so")
    func emptyFeed() async throws {
        let service = FakePostService(posts: [], now: FeedFixtures.now)
        try withFeedShown(service: service) { _, window in
            #expect(window.rowsOnTop.isEmpty)
            #expect(window.visibleText.contains("No posts yet."))
        }
    }

    @Test("A failing service is reported on the list")
    func serviceFailure() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        service.failure = .unavailable("offline")
        try withFeedShown(service: service) { _, window in
            #expect(window.errorMessageOnTop == "The feed is unavailable: offline")
            #expect(window.rowsOnTop.isEmpty)
        }
    }

    @Test("The listener hears each time Latest appears (shown, selected, come back to), never for Popular")
    func latestShownIsReported() async throws {
        try withFeedShown { parent, window in
            #expect(parent.latestShownCount == 1, "the feed opens on Latest")
            #expect(!window.actionIDsOnTop.contains("logout"), "the log-out lives in the app's profile")
            try window.tap("popular")
            #expect(parent.latestShownCount == 1)
            try window.tap("latest")
            #expect(parent.latestShownCount == 2)
            try window.tap("post.p1")
            try window.perform(.backButton)
            #expect(parent.latestShownCount == 3, "coming back from a post shows Latest again")
        }
    }

    @Test("The feed tells whether Latest is on screen now: selected, with no post over it; a sheet leaves it beneath")
    func showingLatest() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            #expect(feed.isShowingLatest)
            try window.tap("popular")
            #expect(!feed.isShowingLatest, "Popular selected")
            try window.tap("latest")
            try window.tap("post.p1")
            #expect(!feed.isShowingLatest, "a post over it")
            try window.perform(.backButton)
            #expect(feed.isShowingLatest)
            try window.tap("compose")
            #expect(feed.isShowingLatest, "on screen beneath the sheet, as Core's appearance has it")
        }
    }
}
