import Core
import CoreTesting
import FeedFeature
import Testing

@Suite("Routes into the feed (deep links)")
@MainActor
struct FeedRouteTests {
    @Test("The route to a post with an unknown id throws and changes nothing")
    func unknownPost() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("post.p1")
            #expect(throws: FeedRouteError.postNotFound("nope")) { try feed.show(.post(id: "nope")) }
            #expect(window.navigationStackIDs == ["feed", "feed.post"])
            #expect(window.visibleText.contains("Hello from the engine"))
            #expect(feed.childCount == 3)

            try feed.show(.compose)
            try window.type("Draft", into: "text")
            #expect(throws: FeedRouteError.postNotFound("nope")) { try feed.show(.post(id: "nope")) }
            #expect(window.presentedIDs == ["feed.compose"])
            #expect(window.topViewController?.content.fields.first?.displayedValue == "Draft")
            #expect(window.rootStackIDs == ["feed"])
            #expect(feed.childCount == 3)
        }
    }

    @Test("The route to a post reports a failing service as unavailable")
    func serviceFailure() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { parent, window in
            let feed = try #require(parent.feed)
            service.failure = .unavailable("offline")
            #expect(throws: FeedRouteError.unavailable("offline")) { try feed.show(.post(id: "p1")) }
            #expect(window.navigationStackIDs == ["feed"])
        }
    }

    @Test("The route to a post while compose holds a draft is refused and keeps the draft")
    func showPostOverDraft() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("compose")
            try window.type("Draft", into: "text")

            #expect(throws: FeedRouteError.draftInProgress) { try feed.show(.post(id: "p2")) }
            #expect(window.presentedIDs == ["feed.compose"])
            #expect(window.topViewController?.content.fields.first?.displayedValue == "Draft")
            #expect(window.rootStackIDs == ["feed"])
            #expect(feed.childCount == 3)
        }
    }

    @Test("The route to a post while compose is open with an empty draft dismisses and releases compose first")
    func showPostOverEmptyCompose() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("compose")
            weak let compose = feed.children.last
            try window.type("Draft", into: "text")
            try window.type("", into: "text")

            try feed.show(.post(id: "p2"))
            #expect(window.presentedIDs == [])
            #expect(compose == nil)
            #expect(window.navigationStackIDs == ["feed", "feed.post"])
            #expect(window.visibleText.contains("Found a bug"))
            #expect(feed.childCount == 3)
        }
    }

    @Test("The route to a post while another post is open replaces it")
    func showPostOverPost() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("post.p1")
            weak let first = feed.children.last
            try feed.show(.post(id: "p3"))
            #expect(window.navigationStackIDs == ["feed", "feed.post"])
            #expect(window.visibleText.contains("Patches welcome"))
            #expect(first == nil)
            #expect(feed.childCount == 3)
        }
    }

    @Test("The route to a segment pops the detail and selects the segment")
    func showSegmentFromPost() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("post.p1")
            weak let detail = feed.children.last
            try feed.show(.segment(.popular))
            #expect(window.navigationStackIDs == ["feed"])
            #expect(window.topScreenID == "feed.popular")
            #expect(detail == nil)
            #expect(feed.childCount == 2)
        }
    }

    @Test("The route to a segment while compose holds a draft is refused and keeps the draft")
    func showSegmentOverDraft() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("compose")
            try window.type("Draft", into: "text")
            #expect(throws: FeedRouteError.draftInProgress) { try feed.show(.segment(.popular)) }
            #expect(window.presentedIDs == ["feed.compose"])
            #expect(window.topViewController?.content.fields.first?.displayedValue == "Draft")
            #expect(feed.childCount == 3)

            try window.tap("cancel")
            try window.tap("discard")
            #expect(window.selectedSegmentID == "latest", "the refused route selected nothing")
        }
    }

    @Test("The route to a segment dismisses compose while its draft is empty")
    func showSegmentOverEmptyCompose() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("compose")
            weak let compose = feed.children.last
            try feed.show(.segment(.popular))
            #expect(window.presentedIDs == [])
            #expect(compose == nil)
            #expect(window.topScreenID == "feed.popular")
            #expect(feed.childCount == 2)
        }
    }

    @Test("The route to compose pops the detail first, and keeps an open compose with its draft")
    func showCompose() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try window.tap("post.p1")
            try feed.show(.compose)
            #expect(window.rootStackIDs == ["feed"])
            #expect(window.presentedIDs == ["feed.compose"])
            #expect(feed.childCount == 3)

            try window.type("Draft", into: "text")
            try feed.show(.compose)
            #expect(window.presentedIDs == ["feed.compose"])
            #expect(window.topViewController?.content.fields.first?.displayedValue == "Draft")
            #expect(feed.childCount == 3)
        }
    }

    @Test("The route to a post without a navigation controller around the feed throws unavailable and attaches nothing")
    func showPostWithoutNavigation() async throws {
        try withFeedShown(placement: .withoutNavigation) { parent, window in
            let feed = try #require(parent.feed)
            #expect(throws: FeedRouteError.unavailable("the screen is not in a navigation controller")) {
                try feed.show(.post(id: "p1"))
            }
            #expect(feed.childCount == 2)
            #expect(window.topScreenID == "feed.latest")
        }
    }

    @Test("The route to compose throws unavailable when the feed cannot present, attaches nothing and shows no error")
    func showComposeWhenPresentationFails() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            let navigation = try #require(window.rootViewController)
            try navigation.present(ViewController(screenID: "parent.sheet"))

            #expect(throws: FeedRouteError.unavailable(NavigationError.alreadyPresenting.description)) {
                try feed.show(.compose)
            }
            #expect(feed.childCount == 2, "compose was detached again")
            #expect(window.presentedIDs == ["parent.sheet"])
            #expect(feed.viewControllerable.viewController.content.errorMessage == nil, "the caller reports it")
            try navigation.dismiss()
        }
    }

    @Test("A tapped compose that cannot be presented still shows why on the feed")
    func tappedComposeWhenPresentationFails() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            let navigation = try #require(window.rootViewController)
            try navigation.present(ViewController(screenID: "parent.sheet"))

            try feed.viewControllerable.viewController.performAction("compose")
            #expect(feed.childCount == 2)
            #expect(
                feed.viewControllerable.viewController.content.errorMessage
                    == "This cannot be shown: \(NavigationError.alreadyPresenting)")
            try navigation.dismiss()
        }
    }

    @Test("The route to a segment selects the segment and returns; a refusal leaves no error on the feed")
    func showSegmentReportsToTheCaller() async throws {
        try withFeedShown { parent, window in
            let feed = try #require(parent.feed)
            try feed.show(.segment(.popular))
            #expect(window.selectedSegmentID == "popular")

            try window.tap("compose")
            try window.type("Draft", into: "text")
            #expect(throws: FeedRouteError.draftInProgress) { try feed.show(.segment(.latest)) }
            #expect(feed.viewControllerable.viewController.content.errorMessage == nil, "the caller reports it")
            #expect(window.presentedIDs == ["feed.compose"], "the draft was kept")
        }
    }
}
