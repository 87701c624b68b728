import Core
import CoreTesting
import FeedFeature
import Testing

@Suite("Post detail")
@MainActor
struct FeedPostTests {
    @Test("Tapping a row pushes the post's detail onto the enclosing navigation controller")
    func openPost() async throws {
        try withFeedShown { parent, window in
            try window.tap("post.p2")
            #expect(window.navigationStackIDs == ["feed", "feed.post"])
            #expect(window.topScreenID == "feed.post")
            let content = try #require(window.topViewController?.content)
            #expect(content.elements.contains(.text("Grace · 3h")))
            #expect(content.elements.contains(.text("Found a bug")))
            #expect(content.elements.contains(.text("10 likes")))
            #expect(content.actions.map(\.id) == ["like"])
            #expect(parent.feed?.childCount == 3)
        }
    }

    @Test("Back from the detail releases it", arguments: [UserGesture.backButton, .swipeBack])
    func backFromPost(gesture: UserGesture) async throws {
        try withFeedShown { parent, window in
            try window.tap("post.p1")
            weak let detail = parent.feed?.children.last
            #expect(detail != nil)
            try window.perform(gesture)
            #expect(window.navigationStackIDs == ["feed"])
            #expect(window.topScreenID == "feed.latest")
            #expect(detail == nil)
            #expect(parent.feed?.childCount == 2)
        }
    }

    @Test("Like sets the state the button shows, and the screen then shows what the service stored")
    func likeFromStaleScreen() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { _, window in
            try window.tap("post.p2")
            #expect(window.topViewController?.content.actions.map(\.title) == ["Like"])
            // Another screen likes it meanwhile; this one still offers Like.
            service.setLikeElsewhere(true, postID: "p2")
            try window.tap("like")
            #expect(service.posts.first { $0.id == "p2" }?.isLiked == true, "a toggle would have unliked it")
            #expect(window.visibleText.contains("11 likes"))
            #expect(window.topViewController?.content.actions.map(\.title) == ["Unlike"])
        }
    }

    @Test("Like toggles on the detail and updates both lists, the liked row marked")
    func like() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { _, window in
            #expect(window.rowsOnTop.allSatisfy { !$0.isMarked }, "nothing is liked yet")
            try window.tap("post.p2")
            try window.tap("like")
            #expect(window.visibleText.contains("11 likes"))
            #expect(window.topViewController?.content.actions.map(\.title) == ["Unlike"])
            #expect(service.posts.first { $0.id == "p2" }?.isLiked == true)

            try window.perform(.backButton)
            #expect(window.rowsOnTop.first { $0.id == "p2" }?.detail == "3h · 11 likes")
            #expect(window.rowsOnTop.filter(\.isMarked).map(\.id) == ["p2"], "the liked row alone is marked")
            try window.tap("popular")
            #expect(window.rowsOnTop.first?.detail == "3h · 11 likes")

            try window.tap("post.p2")
            try window.tap("unlike")
            #expect(window.visibleText.contains("10 likes"))
            #expect(window.topViewController?.content.actions.map(\.title) == ["Like"])
            try window.perform(.backButton)
            #expect(window.rowsOnTop.first?.detail == "3h · 10 likes")
            #expect(window.rowsOnTop.allSatisfy { !$0.isMarked })
        }
    }

    @Test("A like the service refuses is reported on the detail and changes nothing")
    func likeFailure() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { _, window in
            try window.tap("post.p2")
            service.failure = .unavailable("offline")
            try window.tap("like")
            #expect(window.errorMessageOnTop == "The feed is unavailable: offline")
            #expect(window.visibleText.contains("10 likes"))
        }
    }

    @Test("Liking a post deleted elsewhere says it no longer exists and changes nothing")
    func likeDeletedPost() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { _, window in
            try window.tap("post.p2")
            service.delete(id: "p2")
            try window.tap("like")
            #expect(window.errorMessageOnTop == "This post no longer exists.")
            #expect(window.visibleText.contains("10 likes"))
            #expect(window.topViewController?.content.actions.map(\.title) == ["Like"])
        }
    }

    @Test("A post deleted elsewhere is reported on the feed instead of opening")
    func deletedPost() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { parent, window in
            service.delete(id: "p3")
            try window.tap("post.p3")
            #expect(window.navigationStackIDs == ["feed"])
            #expect(window.errorMessage(of: "feed") == "This post no longer exists.")
            #expect(parent.feed?.childCount == 2)

            try window.tap("post.p1")
            #expect(window.topScreenID == "feed.post")
            #expect(window.errorMessage(of: "feed") == nil)
        }
    }

    @Test("Without a navigation controller around the feed, a tapped post reports the routing error")
    func postWithoutNavigation() async throws {
        try withFeedShown(placement: .withoutNavigation) { parent, window in
            try window.tap("post.p1")
            #expect(window.topScreenID == "feed.latest")
            #expect(
                window.errorMessage(of: "feed")
                    == "The post cannot be shown: the screen is not in a navigation controller"
            )
            #expect(parent.feed?.childCount == 2, "the detail that could not be shown was detached")
        }
    }
}

@Suite("A like and an unlike are told apart by their ids")
@MainActor
struct LikeIDTests {
    @Test("The liked post offers `unlike`, titled Unlike; a post not liked offers `like`, titled Like")
    func idsSayWhatTheTapDoes() async throws {
        let service = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now)
        try withFeedShown(service: service) { _, window in
            try window.tap("post.p2")
            #expect(window.topViewController?.content.actions.map(\.id) == ["like"])
            try window.tap("like")
            #expect(window.topViewController?.content.actions.map(\.id) == ["unlike"])
            #expect(window.topViewController?.content.actions.map(\.title) == ["Unlike"])
            try window.tap("unlike")
            #expect(service.posts.first { $0.id == "p2" }?.isLiked == false)
            #expect(window.topViewController?.content.actions.map(\.id) == ["like"])
        }
    }
}
