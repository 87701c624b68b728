import AppFlows
import AppInterface
import AppTesting
import Core
import Testing

/// A deep link is one chain of steps, decided once and taken in order through the routing queue: awaited by the
/// session (`try await` each step), taken at once by the explorer and restoration, and stopped at its first refusal.
@Suite("A deep link is one chain of steps that stops at its first refusal")
@MainActor
struct LinkChainTests {
    private func link(_ text: String) throws -> DeepLink {
        try DeepLink.parse(text)
    }

    private func selectedTab(_ root: CompositionRoot) -> String? {
        (root.window.rootViewController as? TabBarController)?.selectedTab?.item.id
    }

    @Test("Each link's steps, in the order they are taken")
    func stepsInOrder() async throws {
        let data = InMemoryData()
        let loggedOut = try data.compose()
        loggedOut.appCoordinator.start()
        defer { loggedOut.appCoordinator.stop() }
        #expect(
            try loggedOut.links.get().linkSteps(for: try link("app://feed/post/2")).map(\.description) == [
                "remember app://feed/post/2 until Main shows"
            ])
        #expect(try loggedOut.links.get().linkSteps(for: .signUp).map(\.description) == ["present sign-up"])

        let root = try data.composeLoggedIn()
        defer { root.appCoordinator.stop() }
        let links = try root.links.get()
        // The Feed tab shows already: the planner gives no step to select it.
        #expect(
            try links.linkSteps(for: try link("app://feed/post/2")).map(\.description) == [
                "show the post in the feed"
            ])
        #expect(
            try links.linkSteps(for: try link("app://feed/compose")).map(\.description) == [
                "show the compose sheet in the feed"
            ])
        #expect(
            try links.linkSteps(for: try link("app://profile/edit")).map(\.description) == [
                "check that nothing unsaved is in the way", "show edit in the profile", "select the profile tab",
            ])
        // Planned from where the window is: an empty compose sheet over the tab bar is closed, then the tab shows.
        try root.window.performAction("compose")
        #expect(
            try links.linkSteps(for: try link("app://profile")).map(\.description) == [
                "check that nothing unsaved is in the way", "show profile in the profile",
                "close the sheet over the tab bar", "select the profile tab",
            ])
        #expect(throws: UserFacingError(description: "you are already logged in; log out first")) {
            try links.linkSteps(for: .login)
        }
    }

    @Test("Awaited, a post that does not exist stops the chain at its first step: the tab selection stays")
    func awaitedChainStopsAtTheFirstRefusal() async throws {
        let data = InMemoryData()
        let root = try data.composeLoggedIn()
        defer { root.appCoordinator.stop() }
        _ = try root.window.tapTab("profile")
        #expect(selectedTab(root) == "profile")

        await #expect(throws: UserFacingError(description: "no post with id '999'")) {
            _ = try await root.links.get().follow(try link("app://feed/post/999"))
        }
        #expect(selectedTab(root) == "profile", "the second step, selecting the feed tab, was never taken")
    }

    @Test("A draft over the tab bar stops a profile link at its first step: Profile's flow is never built")
    func draftStopsTheChainBeforeProfileIsBuilt() async throws {
        let data = InMemoryData()
        let root = try data.composeLoggedIn()
        defer { root.appCoordinator.stop() }
        #expect(try await root.links.get().follow(try link("app://feed/compose")) == nil)
        try root.window.setText("Half a thought", forField: "text")
        let main = try #require(root.appCoordinator.children.first)
        let tabsBuilt = main.children.map(\.name)

        await #expect(
            throws: UserFacingError(
                description: "the compose sheet holds an unsaved draft; post or discard it first")
        ) {
            _ = try await root.links.get().follow(try link("app://profile/edit"))
        }
        #expect(main.children.map(\.name) == tabsBuilt, "the step that builds Profile's flow was never taken")
        #expect(root.window.topViewController?.screenID == "feed.compose")
    }

    @Test("Awaited, a chain that completes shows the place: the post pushed and the Feed tab selected")
    func awaitedChainCompletes() async throws {
        let data = InMemoryData()
        let root = try data.composeLoggedIn()
        defer { root.appCoordinator.stop() }
        _ = try root.window.tapTab("profile")

        #expect(try await root.links.get().follow(try link("app://feed/post/2")) == nil)
        #expect(selectedTab(root) == "feed")
        #expect(root.window.topViewController?.screenID == "feed.post")
    }

    @Test("Awaited while the person holds a gesture, a link is refused at once instead of waiting for the release")
    func heldGestureRefusesAtOnce() async throws {
        let data = InMemoryData()
        let root = try data.composeLoggedIn()
        defer { root.appCoordinator.stop() }
        #expect(try await root.links.get().follow(link("app://feed/post/2")) == nil)
        try root.window.beginGesture(.swipeBack)

        await #expect(throws: UserFacingError.self) {
            _ = try await root.links.get().follow(link("app://feed/popular"))
        }
        #expect(root.window.transitionsInFlight.contains { $0.isHeld }, "the gesture is still the person's")
        try root.window.releaseGesture(.cancel)
        #expect(root.window.topViewController?.screenID == "feed.post", "the refused link changed nothing")
    }
}
