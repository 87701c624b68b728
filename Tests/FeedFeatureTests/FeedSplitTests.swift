import Core
import CoreTesting
import FeedFeature
import Testing

/// The feed in the primary column of a split, as the app's Feed tab shows it: the open post beside the list in a
/// regular window, pushed over it in a compact one.
@Suite("Feed in a split")
@MainActor
struct FeedSplitTests {
    /// The split at the window's root.
    private func split(of window: Window) throws -> SplitViewController {
        try #require(window.rootViewController as? SplitViewController)
    }

    @Test("Wide, a tapped post opens beside the list, and both take input")
    func wideOpensBeside() async throws {
        try withFeedShown(placement: .primaryColumnOfSplit) { parent, window in
            window.setHorizontalSizeClass(.regular)
            try window.tap("post.p2")

            let split = try split(of: window)
            #expect(split.primaryNavigation.viewControllers.map(\.screenID) == ["feed"])
            #expect(split.secondaryNavigation.viewControllers.map(\.screenID) == ["feed.post"])
            #expect(window.screensOnTop.map(\.screenID).contains("feed.latest"))
            #expect(window.topScreenID == "feed.post")
            #expect(parent.feed?.childCount == 3)
            try window.tap("post.p3")
            #expect(split.detailViewControllers.count == 1)
        }
    }

    @Test("Wide, a like in the open post shows at once in the list beside it, the row marked")
    func wideLikeShowsBeside() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service, placement: .primaryColumnOfSplit) { _, window in
            window.setHorizontalSizeClass(.regular)
            try window.tap("post.p2")
            try window.tap("like")

            #expect(window.screensOnTop.contains { $0.screenID == "feed.latest" }, "the list shows beside the post")
            let row = try #require(window.rowsOnTop.first { $0.id == "p2" })
            #expect(row.detail == "3h · 11 likes")
            #expect(row.isMarked)
        }
    }

    @Test("Narrow, a tapped post is pushed over the list, as without a split")
    func narrowPushes() async throws {
        try withFeedShown(placement: .primaryColumnOfSplit) { parent, window in
            try window.tap("post.p2")

            #expect(window.navigationStackIDs == ["feed", "feed.post"])
            #expect(try split(of: window).secondaryNavigation.viewControllers.isEmpty)
            #expect(parent.feed?.childCount == 3)
        }
    }

    @Test("Wide, opening another post releases the one it replaces")
    func wideReplacesAndReleases() async throws {
        try withFeedShown(placement: .primaryColumnOfSplit) { parent, window in
            window.setHorizontalSizeClass(.regular)
            try window.tap("post.p2")
            weak let first = parent.feed?.children.last
            #expect(first != nil)

            try window.tap("post.p3")

            #expect(first == nil)
            #expect(parent.feed?.childCount == 3)
            #expect(try split(of: window).detailViewControllers.map(\.screenID) == ["feed.post"])
        }
    }

    @Test(
        "Resizing with a post open keeps the post and its coordinator, in both directions",
        arguments: [SizeClass.compact, .regular])
    func resizeKeepsThePlace(_ start: SizeClass) async throws {
        try withFeedShown(placement: .primaryColumnOfSplit) { parent, window in
            window.setHorizontalSizeClass(start)
            try window.tap("popular")
            try window.tap("post.p4")
            weak let detail = parent.feed?.children.last
            let record = parent.feed?.restorationState

            window.setHorizontalSizeClass(start == .compact ? .regular : .compact)
            window.setHorizontalSizeClass(start)
            window.setHorizontalSizeClass(start == .compact ? .regular : .compact)

            #expect(detail != nil)
            #expect(parent.feed?.children.last === detail)
            #expect(parent.feed?.restorationState == record)
            #expect(record?.values == ["segment": "popular", "post": "p4"])
            #expect(window.topScreenID == "feed.post")
            #expect(window.contentOnTop.last?.elements.contains(.text("Guidance is go")) == true)
        }
    }

    @Test("Back in the narrow window after a post opened wide releases the post; widening then shows the list alone")
    func backAfterResize() async throws {
        try withFeedShown(placement: .primaryColumnOfSplit) { parent, window in
            window.setHorizontalSizeClass(.regular)
            try window.tap("post.p2")
            weak let detail = parent.feed?.children.last
            window.setHorizontalSizeClass(.compact)

            try window.perform(.backButton)
            window.setHorizontalSizeClass(.regular)

            #expect(detail == nil)
            #expect(parent.feed?.childCount == 2)
            #expect(parent.feed?.restorationState?.values == ["segment": "latest"])
            #expect(try split(of: window).detailViewControllers.isEmpty)
            #expect(window.topScreenID == "feed.latest")
        }
    }

    @Test("Wide, a route to a segment closes the open post and releases it", arguments: [SizeClass.compact, .regular])
    func routeClosesThePost(_ sizeClass: SizeClass) async throws {
        try withFeedShown(placement: .primaryColumnOfSplit) { parent, window in
            window.setHorizontalSizeClass(sizeClass)
            try window.tap("post.p2")
            weak let detail = parent.feed?.children.last

            try parent.feed?.show(.segment(.popular))

            #expect(detail == nil)
            #expect(try split(of: window).detailViewControllers.isEmpty)
            #expect(window.selectedSegmentID == "popular")
            #expect(window.topScreenID == "feed.popular")
        }
    }

    @Test(
        "A record written in one width restores the post in the other, in the column that width calls for",
        arguments: [SizeClass.compact, .regular])
    func restorationAcrossWidths(_ written: SizeClass) async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        var saved: RestorationState?
        try withFeedShown(service: service, placement: .primaryColumnOfSplit) { parent, window in
            window.setHorizontalSizeClass(written)
            try window.tap("post.p4")
            saved = parent.feed?.restorationState
        }
        let record = try #require(saved)
        let restoredIn: SizeClass = written == .compact ? .regular : .compact
        try withFeedShown(service: service, placement: .primaryColumnOfSplit) { parent, window in
            window.setHorizontalSizeClass(restoredIn)
            let feed = try #require(parent.feed)

            #expect(feed.restore(from: record).isComplete)

            let split = try split(of: window)
            #expect(split.detailViewControllers.map(\.screenID) == ["feed.post"])
            #expect(split.isCollapsed == (restoredIn == .compact))
            #expect(feed.restorationState == record)
        }
    }
}
