import AppData
import AppFlows
import AppInterface
import AppTesting
import Core
import CoreTesting
import Testing

/// The Feed tab is a split: the list and the open post side by side from 120 columns on, one stack below.
@Suite("Feed's split: the open post beside the list when the terminal is wide")
@MainActor
struct FeedSplitFlowTests {
    /// The composed app, logged in as the demo account, with the post `2` open.
    private func appWithPostOpen() async throws -> (root: CompositionRoot, session: FlowSession) {
        let data = InMemoryData()
        let root = try data.compose()
        let session = FlowSession(root: root)
        #expect(root.appCoordinator.carryOut { root.appCoordinator.start() } == nil)
        _ = await session.send(.setText("demo@example.com", field: "email"))
        _ = await session.send(.setText("demo-password", field: "password"))
        #expect(await session.send(.action("login")) == nil)
        #expect(await session.send(.action("post.2")) == nil)
        return (root, session)
    }

    /// The names of the feed's children in the coordinator tree.
    private func feedChildren(of session: FlowSession) -> [String] {
        let tree = session.snapshot().coordinators
        return tree.children.first?.children.first?.children.map(\.name) ?? []
    }

    private static let feedWithPost = [
        "PostListCoordinator(latest)", "PostListCoordinator(popular)", "feed.post",
    ]

    @Test("Resizing with a post open keeps it, beside the list when wide and over it when narrow, and the tree")
    func resizeKeepsThePlace() async throws {
        let (root, session) = try await appWithPostOpen()
        defer { root.appCoordinator.stop() }
        #expect(root.window.navigationStackIDs == ["feed", "feed.post"])

        #expect(await session.send(.resize(columns: 130)) == nil)
        let onTop = root.window.screensOnTop.map(\.screenID)
        #expect(onTop == ["main", "feed.split", "feed.navigation", "feed", "feed.latest", "feed.detail", "feed.post"])
        #expect(feedChildren(of: session) == Self.feedWithPost)
        let snapshot = session.snapshot()
        #expect(snapshot.sideBySideColumns.map { $0.last?.screenID } == ["feed.latest", "feed.post"])

        #expect(await session.send(.resize(columns: 80)) == nil)
        #expect(root.window.navigationStackIDs == ["feed", "feed.post"])
        #expect(feedChildren(of: session) == Self.feedWithPost)
        #expect(session.snapshot().sideBySideColumns.isEmpty)
    }

    @Test("Wide, the back closes the post open beside the list and detaches it, as narrow it pops it")
    func backClosesThePostBesideTheList() async throws {
        let (root, session) = try await appWithPostOpen()
        defer { root.appCoordinator.stop() }
        #expect(await session.send(.resize(columns: 130)) == nil)
        #expect(session.snapshot().canGoBack && !session.snapshot().canSwipeBack)

        #expect(await session.send(.gesture(.backButton)) == nil)
        #expect(feedChildren(of: session) == Array(Self.feedWithPost.prefix(2)))
        #expect(root.window.topScreenID == "feed.latest")
        #expect(session.snapshot().sideBySideColumns.isEmpty && !session.snapshot().canGoBack)
        #expect(await session.send(.gesture(.backButton)) == NavigationError.nothingToGoBack.description)
    }

    @Test("Wide, a post tapped in the list replaces the open one; back after narrowing leaves the list alone")
    func backAfterResize() async throws {
        let (root, session) = try await appWithPostOpen()
        defer { root.appCoordinator.stop() }
        #expect(await session.send(.resize(columns: 130)) == nil)
        #expect(await session.send(.action("post.3")) == nil)
        #expect(feedChildren(of: session) == Self.feedWithPost)

        #expect(await session.send(.resize(columns: 80)) == nil)
        #expect(await session.send(.gesture(.backButton)) == nil)
        #expect(feedChildren(of: session) == Array(Self.feedWithPost.prefix(2)))
        #expect(await session.send(.resize(columns: 130)) == nil)
        #expect(root.window.topScreenID == "feed.latest")
    }

    @Test("Wide, a link to a post opens it beside the list in place of the open one; a link to a segment closes it")
    func linksWhileWide() async throws {
        let (root, session) = try await appWithPostOpen()
        defer { root.appCoordinator.stop() }
        #expect(await session.send(.resize(columns: 130)) == nil)

        #expect(await session.open("app://feed/post/3") == nil)
        let onTop = root.window.screensOnTop.map(\.screenID)
        #expect(onTop.last == "feed.post" && onTop.filter { $0 == "feed.post" }.count == 1)
        let shown = root.window.topViewController?.content.elements ?? []
        #expect(shown.contains(.text("Swipe a sheet down and its coordinator is released too.")))
        #expect(feedChildren(of: session) == Self.feedWithPost)

        #expect(await session.open("app://feed/popular") == nil)
        #expect(feedChildren(of: session) == Array(Self.feedWithPost.prefix(2)))
        #expect(root.window.topScreenID == "feed.popular")
    }

    @Test("Re-tapping Feed closes the open post and releases it, wide and narrow", arguments: [80, 130])
    func reTapClosesThePost(columns: Int) async throws {
        let (root, session) = try await appWithPostOpen()
        defer { root.appCoordinator.stop() }
        #expect(await session.send(.resize(columns: columns)) == nil)

        #expect(await session.send(.tapTab("feed")) == nil)

        #expect(feedChildren(of: session) == Array(Self.feedWithPost.prefix(2)))
        #expect(root.window.topScreenID == "feed.latest")
    }
}
