import Core
import CoreTesting
import FeedFeature
import Testing

/// The changes the window makes while `change` runs: pushes, pops, set-alls, presentations, dismissals and selects,
/// without the lifecycle callbacks they cause.
@MainActor
private func changes(in window: Window, during change: () throws -> Void) rethrows -> [NavigationEvent] {
    var events: [NavigationEvent] = []
    let observer = window.addObserver { event in
        if case .lifecycle = event { return }
        events.append(event)
    }
    defer { window.removeObserver(observer) }
    try change()
    return events
}

/// Links and restoration take the steps Core's planner plans from where the feed is: each post is a place of its
/// own (`post/<id>`), and the post open in a split's secondary column is part of the feed's place, wide or narrow.
@Suite("Feed's planned routes")
@MainActor
struct FeedPlannedRouteTests {
    @Test(
        "A link to another post while one is open replaces it in one set-all, rather than a pop and a push",
        arguments: [FeedParent.Placement.rootOfNavigation, .primaryColumnOfSplit])
    func postOverPostIsOneSetAll(placement: FeedParent.Placement) async throws {
        try withFeedShown(placement: placement) { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("post.p1")
            weak let first = feed.children.last

            let events = try changes(in: window) { try feed.show(.post(id: "p3")) }

            #expect(events == [.setStack(["feed", "feed.post"])])
            #expect(window.visibleText.contains("Patches welcome"))
            #expect(first == nil)
            #expect(feed.childCount == 3)
        }
    }

    @Test("A link to the post already open takes no step: the same detail stays")
    func samePostTakesNoStep() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("post.p1")
            weak let detail = feed.children.last

            let events = try changes(in: window) { try feed.show(.post(id: "p1")) }

            #expect(events.isEmpty)
            #expect(detail != nil)
            #expect(feed.children.last === detail)
        }
    }

    @Test("A link to the other segment from a post selects it under the post, then pops: Latest never shows between")
    func segmentFromPostSelectsThenPops() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("post.p1")
            let shownBefore = parent.latestShownCount

            let events = try changes(in: window) { try feed.show(.segment(.popular)) }

            #expect(events == [.select("feed.popular"), .pop(["feed.post"])])
            #expect(parent.latestShownCount == shownBefore)
            #expect(window.topScreenID == "feed.popular")
        }
    }

    @Test("Wide, the post beside the list is part of the feed's place: a link to a segment closes it")
    func wideSegmentClosesThePostBeside() async throws {
        try withFeedShown(placement: .primaryColumnOfSplit) { parent, window in
            let feed = try #require(parent.feed)
            window.setHorizontalSizeClass(.regular)
            try window.tap("post.p2")
            weak let detail = feed.children.last
            let split = try #require(window.rootViewController as? SplitViewController)

            try feed.show(.segment(.latest))

            #expect(split.detailViewControllers.isEmpty)
            #expect(detail == nil)
            #expect(feed.childCount == 2)
        }
    }

    @Test("The record holds the open post whether the split shows it beside the list or pushed over it")
    func recordKeepsThePostAcrossWidths() async throws {
        try withFeedShown(placement: .primaryColumnOfSplit) { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("post.p2")
            let narrow = feed.restorationState
            window.setHorizontalSizeClass(.regular)
            let wide = feed.restorationState

            #expect(narrow?.values == ["segment": "latest", "post": "p2"])
            #expect(wide == narrow)
        }
    }

    @Test("Restoring over an open post takes the planner's steps: the segment, then the post in place of the open one")
    func restoringOverAnOpenPost() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("post.p1")
            let record = RestorationState(kind: "feed", version: 1, values: ["segment": "popular", "post": "p4"])

            let events = changes(in: window) { #expect(feed.restore(from: record).isComplete) }

            #expect(events == [.select("feed.popular"), .setStack(["feed", "feed.post"])])
            #expect(feed.restorationState == record)
        }
    }

    @Test("Restoring the place the feed shows takes no step: the open post and its detail stay")
    func restoringTheSamePlace() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("post.p1")
            weak let detail = feed.children.last
            let record = try #require(feed.restorationState)

            let events = changes(in: window) { #expect(feed.restore(from: record).isComplete) }

            #expect(events.isEmpty)
            #expect(feed.children.last === detail)
        }
    }

    @Test(
        "Restoring a post deleted since over an open one looks it up first: the open post closes, the segment stays",
        arguments: [FeedParent.Placement.rootOfNavigation, .primaryColumnOfSplit])
    func restoringADeletedPostOverAnOpenOne(placement: FeedParent.Placement) async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service, placement: placement) { parent, window in
            let feed = try #require(parent.feed)
            service.delete(id: "p2")
            try window.tap("post.p1")
            weak let open = feed.children.last
            let record = RestorationState(kind: "feed", version: 1, values: ["segment": "latest", "post": "p2"])

            let result = feed.restore(from: record)

            #expect(result == .nearest(because: .noLongerApplies("the post 'p2' no longer exists")))
            #expect(open == nil)
            #expect(window.topScreenID == "feed.latest")
            #expect(feed.restorationState == RestorationState(kind: "feed", version: 1, values: ["segment": "latest"]))
        }
    }

    @Test(
        "A link to the open post pops what another flow pushed over it, keeping the post's detail",
        arguments: [
            (FeedParent.Placement.rootOfNavigation, SizeClass.compact), (.primaryColumnOfSplit, .compact),
            (.primaryColumnOfSplit, .regular),
        ])
    func openPostUnderAnotherScreen(placement: FeedParent.Placement, sizeClass: SizeClass) async throws {
        try withFeedShown(placement: placement) { parent, window in
            let feed = try #require(parent.feed)
            window.setHorizontalSizeClass(sizeClass)
            try window.tap("post.p1")
            weak let detail = feed.children.last
            try window.topViewController?.push(ViewController(screenID: "parent.screen"))

            let events = try changes(in: window) { try feed.show(.post(id: "p1")) }

            #expect(events == [.pop(["parent.screen"])])
            #expect(window.topScreenID == "feed.post")
            #expect(detail != nil && feed.children.last === detail)
        }
    }

    @Test("A route that would close a sheet another flow presented over compose is refused in the feed's own words")
    func sheetOverComposeIsNotTheFeeds() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try feed.show(.compose)
            try window.topViewController?.present(ViewController(screenID: "parent.sheet"), style: .pageSheet)

            #expect(
                throws: FeedRouteError.unavailable(
                    "a sheet over compose is the flow's that presented it to close, not the feed's")
            ) { try feed.show(.compose) }
            #expect(window.presentedIDs == ["feed.compose", "parent.sheet"])
            try window.topViewController?.dismiss()
        }
    }

    @Test("While the screens move, a segment route that would select and then pop refuses before selecting")
    func segmentRouteWhileMoving() async throws {
        let clock = ManualClock()
        try withFeedShown(transitions: .manual(clock)) { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("post.p1")
            #expect(!window.isIdle)

            #expect(throws: FeedRouteError.unavailable("\(NavigationError.transitionInProgress)")) {
                try feed.show(.segment(.popular))
            }

            _ = clock.runUntilIdle()
            #expect(feed.restorationState?.values == ["segment": "latest", "post": "p1"])
            try feed.show(.segment(.popular))
            _ = clock.runUntilIdle()
            #expect(window.topScreenID == "feed.popular")
        }
    }
}
