import AppFlows
import AppInterface
import AppTesting
import Core
import Testing

@Suite("The screen as the session shows it to a front end: a snapshot of values")
@MainActor
struct ScreenSnapshotTests {
    /// The app over a fresh data directory, started, with the demo account logged in on the feed.
    private static func loggedIn(_ data: InMemoryData) async throws -> FlowSession {
        let root = try data.compose()
        let session = FlowSession(root: root)
        root.appCoordinator.start()
        #expect(await session.send(.setText("demo@example.com", field: "email")) == nil)
        #expect(await session.send(.setText("demo-password", field: "password")) == nil)
        #expect(await session.send(.action("login")) == nil)
        return session
    }

    @Test("A snapshot keeps what was on screen when it was taken, and a later one sees the change")
    func snapshotIsAValue() async throws {
        let data = InMemoryData()
        let app = try await Self.loggedIn(data)
        defer { app.stop() }
        let onFeed = app.snapshot()
        #expect(onFeed.top?.screenID == "feed.latest")

        #expect(await app.send(.action("post.2")) == nil)
        let onPost = app.snapshot()
        #expect(onFeed.top?.screenID == "feed.latest", "the earlier snapshot did not change")
        #expect(onPost.top?.screenID == "feed.post")
        #expect(onPost.topNavigation?.children.map(\.screenID) == ["feed", "feed.post"])
        #expect(onPost.coordinators.children.first?.name == "main")
    }

    @Test("An action sent to one screen of a snapshot reaches only that screen, while it is on top")
    func actionOnAScreenNoLongerOnTopIsRefused() async throws {
        let data = InMemoryData()
        let app = try await Self.loggedIn(data)
        defer { app.stop() }
        let list = try #require(
            app.snapshot().screensOnTop.first { screen in screen.content.actions.contains { $0.id == "post.2" } })
        #expect(await app.send(.actionOn("post.2", screen: list)) == nil)
        #expect(app.snapshot().top?.screenID == "feed.post")
        #expect(await app.send(.actionOn("post.2", screen: list)) == ScreenInputError.noScreen.description)
        #expect(app.snapshot().top?.screenID == "feed.post", "nothing moved")
    }
}
