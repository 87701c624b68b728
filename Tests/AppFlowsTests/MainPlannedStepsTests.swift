import AppFlows
import AppInterface
import AppTesting
import Core
import Testing

/// Main's steps to show a tab come from Core's planner, for a link and for restoration alike: planned from the place
/// the window shows, with each tab's stack read as Core reads it (the Feed tab's split as the one stack it collapses
/// to), so the tab shown already takes no step and a sheet over the tab bar closes before another tab shows.
@Suite("Main's tab steps are planned, for links and restoration")
@MainActor
struct MainPlannedStepsTests {
    private func selectedTab(_ root: CompositionRoot) -> String? {
        (root.window.rootViewController as? TabBarController)?.selectedTab?.item.id
    }

    /// The record `root`'s app writes now, with `change` made to every record of kind `kind` in it.
    private func record(
        of root: CompositionRoot, changing kind: String, _ change: (inout RestorationState) -> Void
    ) throws -> RestorationState {
        func changed(_ state: RestorationState) -> RestorationState {
            var state = state
            state.children = state.children.map(changed)
            if state.kind == kind { change(&state) }
            return state
        }
        return changed(try #require(root.appCoordinator.restorationState))
    }

    /// A fresh app over fresh data, logged in (wide when `wide`), that restored `record`; the caller stops it.
    private func appRestoring(
        _ record: RestorationState, wide: Bool = false
    ) throws -> (root: CompositionRoot, result: RestorationResult) {
        let root = try InMemoryData().composeLoggedIn()
        if wide { root.window.setHorizontalSizeClass(.regular) }
        return (root, root.appCoordinator.restore(from: record))
    }

    @Test("A feed link selects the Feed tab only when another tab shows: the planner gives no step for the tab shown")
    func feedLinkSelectsTheTabOnlyFromAnother() async throws {
        let data = InMemoryData()
        let root = try data.composeLoggedIn()
        defer { root.appCoordinator.stop() }
        let links = try root.links.get()

        #expect(
            try links.linkSteps(for: DeepLink.parse("app://feed/post/2")).map(\.description) == [
                "show the post in the feed"
            ])
        _ = try root.window.tapTab("profile")
        #expect(
            try links.linkSteps(for: DeepLink.parse("app://feed/post/2")).map(\.description) == [
                "show the post in the feed", "select the feed tab",
            ])
        #expect(
            try links.linkSteps(for: DeepLink.parse("app://feed/compose")).map(\.description) == [
                "select the feed tab", "show the compose sheet in the feed",
            ])
    }

    @Test("Wide, the post open beside the list is on the Feed tab's stack: a feed link's tab part takes no step")
    func widePostBesideTheListIsOnTheTabsStack() async throws {
        let data = InMemoryData()
        let root = try data.composeLoggedIn()
        defer { root.appCoordinator.stop() }
        root.window.setHorizontalSizeClass(.regular)
        let links = try root.links.get()
        try links.open(DeepLink.parse("app://feed/post/2"))
        let split = try #require(root.window.screensOnTop.first { $0 is SplitViewController } as? SplitViewController)
        #expect(split.detailViewControllers.map(\.screenID) == ["feed.post"])

        for link in ["app://feed/post/3", "app://feed/compose"] {
            #expect(try links.linkSteps(for: DeepLink.parse(link)).count == 1, "\(link)")
        }
        try links.open(DeepLink.parse("app://feed/compose"))
        #expect(root.window.topViewController?.screenID == "feed.compose")
        #expect(selectedTab(root) == "feed")
    }

    @Test("Wide, restoring the Feed tab with a post open beside the list is complete: Main takes no step")
    func wideRestorationKeepsThePostBeside() async throws {
        let data = InMemoryData()
        let written = try data.composeLoggedIn()
        try written.links.get().open(DeepLink.parse("app://feed/post/2"))
        let record = try #require(written.appCoordinator.restorationState)
        written.appCoordinator.stop()

        let (root, result) = try appRestoring(record, wide: true)
        defer { root.appCoordinator.stop() }

        #expect(result.isComplete, "\(result)")
        let split = try #require(root.window.screensOnTop.first { $0 is SplitViewController } as? SplitViewController)
        #expect(split.detailViewControllers.map(\.screenID) == ["feed.post"])
        #expect(selectedTab(root) == "feed")
    }

    @Test("A record that selects Profile under an empty compose sheet closes the sheet first, as a link would")
    func restoredProfileClosesTheSheetOverTheTabBar() async throws {
        let data = InMemoryData()
        let written = try data.composeLoggedIn()
        try written.links.get().open(DeepLink.parse("app://feed/compose"))
        let record = try record(of: written, changing: "main") { $0.values["selected"] = "profile" }
        written.appCoordinator.stop()

        let (root, result) = try appRestoring(record)
        defer { root.appCoordinator.stop() }

        #expect(result.isComplete, "\(result)")
        #expect(root.window.presentedViewControllers.isEmpty)
        #expect(selectedTab(root) == "profile")
    }

    @Test("A record that selects Profile under a compose sheet holding a draft keeps the draft and says why")
    func restoredProfileKeepsADraft() async throws {
        let data = InMemoryData()
        let written = try data.composeLoggedIn()
        try written.links.get().open(DeepLink.parse("app://feed/compose"))
        try written.window.setText("Half a thought", forField: "text")
        let record = try record(of: written, changing: "main") { $0.values["selected"] = "profile" }
        written.appCoordinator.stop()

        let (root, result) = try appRestoring(record)
        defer { root.appCoordinator.stop() }

        #expect(
            result.problems == [
                .noLongerApplies("the compose sheet holds an unsaved draft; post or discard it first")
            ])
        #expect(root.window.topViewController?.screenID == "feed.compose")
        #expect(root.window.topViewController?.content.fields.first?.displayedValue == "Half a thought")
        #expect(selectedTab(root) == "feed")
    }
}
