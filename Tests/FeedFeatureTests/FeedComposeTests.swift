import Core
import CoreTesting
import FeedFeature
import Testing

@Suite("Compose")
@MainActor
struct FeedComposeTests {
    @Test("Compose is presented as a page sheet; post is disabled until there is text")
    func presentCompose() async throws {
        try withFeedShown { parent, window in
            try window.tap("compose")
            #expect(window.presentedIDs == ["feed.compose"])
            #expect(window.presentedViewControllers.first?.modalPresentationStyle == .pageSheet)
            #expect(window.topViewController?.content.fields.map(\.id) == ["text"])
            #expect(window.topViewController?.content.actions.map(\.id) == ["post", "cancel"])
            #expect(throws: ScreenInputError.actionDisabled("post")) { try window.tap("post") }
            try window.type("   ", into: "text")
            #expect(throws: ScreenInputError.actionDisabled("post")) { try window.tap("post") }
            #expect(parent.feed?.childCount == 3)
        }
    }

    @Test("A post over 500 characters is refused with its length, and the draft stays; 500 are posted")
    func postTooLong() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { _, window in
            try window.tap("compose")
            try window.type(String(repeating: "é", count: 501), into: "text")
            try window.tap("post")
            #expect(window.errorMessageOnTop == "A post can have at most 500 characters; this one has 501.")
            #expect(window.presentedIDs == ["feed.compose"])
            #expect(service.publishedTexts.isEmpty)
            try window.type(String(repeating: "é", count: 500), into: "text")
            try window.tap("post")
            #expect(service.publishedTexts.count == 1)
            #expect(window.presentedIDs == [])
        }
    }

    @Test("Posting dismisses compose and shows the post at the top of Latest, even from Popular")
    func post() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { parent, window in
            try window.tap("popular")
            try window.tap("compose")
            weak let compose = parent.feed?.children.last
            try window.type("  Notes on the engine ", into: "text")
            try window.tap("post")

            #expect(service.publishedTexts == ["Notes on the engine"])
            #expect(window.presentedIDs == [])
            #expect(compose == nil)
            #expect(parent.feed?.childCount == 2)
            #expect(window.topScreenID == "feed.latest")
            let first = try #require(window.rowsOnTop.first)
            #expect(first.title == "Ada")
            #expect(first.subtitle == "Notes on the engine")
            #expect(first.detail == "just now · 0 likes")
            #expect(window.rowsOnTop.count == 5)
        }
    }

    @Test(
        "Posting reads Latest once, from Latest under the sheet or from Popular; Popular reads as it appears",
        arguments: ["latest", "popular"])
    func postReadsLatestOnce(from segment: String) async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { parent, window in
            try window.tap(segment)
            try window.tap("compose")
            try window.type("Notes on the engine", into: "text")
            let readsBefore = service.listReadCount
            let looksBefore = parent.latestShownCount

            try window.tap("post")

            #expect(service.listReadCount == readsBefore + 1)
            #expect(parent.latestShownCount == looksBefore + 1, "the person looks at Latest with the post on top")
            #expect(window.rowsOnTop.first?.subtitle == "Notes on the engine")
            try window.tap("popular")
            #expect(service.listReadCount == readsBefore + 2)
        }
    }

    @Test("Compose takes several lines: its field is multi-line and the post keeps its line breaks")
    func multilinePost() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { _, window in
            try window.tap("compose")
            let field = try #require(window.topViewController?.content.fields.first)
            #expect(field.isMultiline)
            try window.type("Notes on the engine\n\nSecond paragraph\n", into: "text")
            #expect(
                window.topViewController?.content.fields.first?.displayedValue
                    == "Notes on the engine\n\nSecond paragraph\n")
            try window.tap("post")
            #expect(service.publishedTexts == ["Notes on the engine\n\nSecond paragraph"], "trimmed at the ends only")
            #expect(window.rowsOnTop.first?.subtitle == "Notes on the engine\n\nSecond paragraph")
        }
    }

    @Test("A publish the service refuses keeps compose open with the draft and the reason")
    func postFailure() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { _, window in
            try window.tap("compose")
            try window.type("Hello", into: "text")
            service.failure = .unavailable("offline")
            try window.tap("post")
            #expect(window.presentedIDs == ["feed.compose"])
            #expect(window.errorMessageOnTop == "The feed is unavailable: offline")
            #expect(window.topViewController?.content.fields.first?.displayedValue == "Hello")
        }
    }

    @Test("With a draft, swipe down is refused and discard is offered; discard dismisses and releases compose")
    func swipeDownWithDraft() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { parent, window in
            try window.tap("compose")
            weak let compose = parent.feed?.children.last
            try window.type("Half a thought", into: "text")
            #expect(!window.actionIDsOnTop.contains("discard"))

            #expect(throws: NavigationError.dismissalRefused) { try window.perform(.swipeDown) }
            #expect(window.presentedIDs == ["feed.compose"])
            #expect(window.visibleText.contains("Discard this draft?"))
            #expect(window.topViewController?.content.actions.map(\.id) == ["post", "cancel", "discard"])

            try window.tap("discard")
            #expect(window.presentedIDs == [])
            #expect(compose == nil)
            #expect(parent.feed?.childCount == 2)
            #expect(service.publishedTexts.isEmpty)
        }
    }

    @Test("Without a draft, swipe down dismisses compose and the runtime releases it")
    func swipeDownEmpty() async throws {
        try withFeedShown { parent, window in
            try window.tap("compose")
            weak let compose = parent.feed?.children.last
            try window.type("Second thoughts", into: "text")
            try window.type("", into: "text")
            try window.perform(.swipeDown)
            #expect(window.presentedIDs == [])
            #expect(compose == nil)
            #expect(parent.feed?.childCount == 2)

            try window.tap("compose")
            #expect(window.presentedIDs == ["feed.compose"], "compose can be shown again")
        }
    }

    @Test("Cancel with a draft asks first and offers discard; discard dismisses and releases compose")
    func cancelWithDraft() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { parent, window in
            try window.tap("compose")
            weak let compose = parent.feed?.children.last
            try window.type("Never mind", into: "text")
            try window.tap("cancel")
            #expect(window.presentedIDs == ["feed.compose"])
            #expect(window.visibleText.contains("Discard this draft?"))
            #expect(window.topViewController?.content.actions.map(\.id) == ["post", "cancel", "discard"])
            #expect(window.topViewController?.content.fields.first?.displayedValue == "Never mind")

            try window.tap("discard")
            #expect(window.presentedIDs == [])
            #expect(compose == nil)
            #expect(parent.feed?.childCount == 2)
            #expect(service.publishedTexts.isEmpty)
        }
    }

    @Test("Cancel with an empty draft dismisses compose at once and publishes nothing")
    func cancelEmpty() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { parent, window in
            try window.tap("compose")
            weak let compose = parent.feed?.children.last
            try window.tap("cancel")
            #expect(window.presentedIDs == [])
            #expect(compose == nil)
            #expect(parent.feed?.childCount == 2)
            #expect(service.publishedTexts.isEmpty)
        }
    }
}
