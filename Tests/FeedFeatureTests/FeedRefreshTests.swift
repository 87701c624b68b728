import Core
import CoreTesting
import FeedFeature
import Foundation
import Testing

@Suite("Keeping the feed current")
@MainActor
struct FeedRefreshTests {
    @Test("A list reloads each time it will appear, showing posts published elsewhere")
    func reloadOnAppear() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { _, window in
            service.insert(FeedFixtures.post("e1", by: "Edsger", secondsAgo: 60, text: "Elsewhere", likes: 20))
            #expect(!window.rowsOnTop.map(\.id).contains("e1"), "nothing reloads a list while it stays on screen")

            try window.tap("popular")
            #expect(window.rowsOnTop.first?.id == "e1")
            try window.tap("latest")
            #expect(window.rowsOnTop.map(\.id) == ["e1", "p1", "p2", "p3", "p4"])

            try window.tap("post.p3")
            service.insert(FeedFixtures.post("e2", by: "Barbara", secondsAgo: 0, text: "Later", likes: 0))
            try window.perform(.backButton)
            #expect(window.rowsOnTop.map(\.id) == ["e2", "e1", "p1", "p2", "p3", "p4"])
        }
    }

    @Test("Asked again for the segment it shows (a route, or a tap on it), the list is read again; Latest is looked at")
    func segmentAskedAgainIsReadAgain() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { parent, window in
            let feed = try #require(parent.feed)
            let looksBefore = parent.latestShownCount
            service.insert(FeedFixtures.post("e1", by: "Edsger", secondsAgo: 60, text: "Elsewhere", likes: 20))
            try feed.show(.segment(.latest))
            #expect(window.rowsOnTop.first?.id == "e1", "the post published meanwhile shows")
            #expect(parent.latestShownCount == looksBefore + 1, "the person looked at Latest as it was read again")

            service.insert(FeedFixtures.post("e2", by: "Barbara", secondsAgo: 0, text: "Later", likes: 0))
            try window.tap("latest")
            #expect(window.rowsOnTop.map(\.id).prefix(2) == ["e2", "e1"], "a tap on the selected segment reads it too")
        }
    }

    @Test("Beside its list, a post closed by a route to the segment leaves the list read again")
    func segmentRouteBesideAPost() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service, placement: .primaryColumnOfSplit) { parent, window in
            window.setHorizontalSizeClass(.regular)
            let feed = try #require(parent.feed)
            try feed.show(.post(id: "p2"))
            service.insert(FeedFixtures.post("e1", by: "Edsger", secondsAgo: 60, text: "Elsewhere", likes: 20))
            try feed.show(.segment(.latest))
            #expect(!window.visibleIDs.contains("feed.post"))
            #expect(window.rowsOnTop.first?.id == "e1")
        }
    }

    @Test("Relative times are formatted when the screen is read, with the clock's time then")
    func timesFollowTheClock() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        let clock = FakeClock(now: FeedFixtures.now)
        try withFeedShown(service: service, clock: clock) { _, window in
            #expect(window.rowsOnTop.first?.detail == "5m · 3 likes")
            let readsBefore = service.listReadCount
            clock.advance(by: 2 * 3600)
            #expect(window.rowsOnTop.first?.detail == "2h · 3 likes")
            #expect(service.listReadCount == readsBefore, "the time moved without a reload")

            try window.tap("post.p1")
            #expect(window.visibleText.contains("Ada · 2h"))
            clock.advance(by: 86_400)
            #expect(window.visibleText.contains("Ada · 1d"))
        }
    }

    @Test(
        "A row's time moves on at its next minute, hour or day, and back with the clock, however often it is read")
    func timesChangeAtTheirBoundaries() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        let clock = FakeClock(now: FeedFixtures.now)
        // Each step moves the clock by its seconds, then the times of p1, p2 and p3 (p4 shows its date throughout).
        let steps: [(seconds: TimeInterval, times: [String])] = [
            (0, ["5m", "3h", "2d"]),
            (59, ["5m", "3h", "2d"]),
            (1, ["6m", "3h", "2d"]),
            (3_240, ["1h", "3h", "2d"]),
            (300, ["1h", "4h", "2d"]),
            (-3_900, ["just now", "2h", "1d"]),
            (60, ["1m", "2h", "1d"]),
            (300, ["6m", "3h", "2d"]),
        ]
        try withFeedShown(service: service, clock: clock) { _, window in
            for (seconds, times) in steps {
                clock.advance(by: seconds)
                let likes = ["3 likes", "10 likes", "1 like", "7 likes"]
                let expected: [String?] = zip(times + ["2026-11-11"], likes).map { "\($0) · \($1)" }
                #expect(window.rowsOnTop.map(\.detail) == expected, "after \(seconds) s")
                #expect(window.rowsOnTop.map(\.detail) == expected, "read again after \(seconds) s")
            }
        }
    }

    @Test("Every read asks the service for the feed's user")
    func readsNameTheUser() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { parent, window in
            try window.tap("popular")
            try window.tap("post.p2")
            let feed = try #require(parent.feed)
            try feed.show(.post(id: "p1"))
            #expect(service.readers.count >= 4)
            #expect(service.readers.allSatisfy { $0 == FeedFixtures.user })
        }
    }
}
