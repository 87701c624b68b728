import AppInterface
import Core
import Testing

/// A screen that shows the content a test gives it.
@MainActor
private final class Screen: ViewController {
    var shown: ScreenContent

    init(_ id: String, title: String = "", error: String? = nil) {
        shown = ScreenContent(title: title, errorMessage: error)
        super.init(screenID: id)
    }

    override var content: ScreenContent { shown }
}

/// A screen holding unsaved input: a sheet that shows it refuses the swipe down.
@MainActor
private final class DraftScreen: ViewController {
    override var isModalInPresentation: Bool { true }
}

/// A screen holding an edit not saved, which refuses the back.
@MainActor
private final class EditScreen: ViewController {
    override var isModalInNavigation: Bool { true }
}

/// A coordinator with a name and children, for the snapshot's tree.
@MainActor
private final class Node: Coordinator {
    let label: String

    init(_ label: String) {
        self.label = label
        super.init()
    }

    override var name: String { label }
}

@Suite("A snapshot of the window: what a front end draws and reports, as values")
@MainActor
struct ScreenSnapshotTests {
    /// A tab bar of `feed` (a stack of `feed` and `feed.post`) and `profile`, with a sheet presented over it.
    private static func window() throws -> (Window, tabBar: TabBarController) {
        let window = Window()
        let tabBar = TabBarController(screenID: "main")
        let feed = try NavigationController(root: Screen("feed", title: "Feed"), screenID: "feed.navigation")
        try feed.push(Screen("feed.post", title: "Post", error: "Offline."))
        let profile = try NavigationController(root: Screen("profile"), screenID: "profile.navigation")
        try tabBar.setTabs([
            TabBarController.Tab(item: TabBarItem(id: "feed", title: "Feed", badge: "3"), screen: feed),
            TabBarController.Tab(item: TabBarItem(id: "profile", title: "Profile"), screen: profile),
        ])
        try window.setRootViewController(tabBar)
        return (window, tabBar)
    }

    @Test("A page container without a title is titled by the page it shows; another untitled screen by its id")
    func pagesTakeTheirPageTitle() async throws {
        let window = Window()
        let pages = PageViewController(screenID: "onboarding")
        try pages.setPages([Screen("onboarding.welcome", title: "Welcome"), Screen("onboarding.tabs", title: "Tabs")])
        try window.setRootViewController(NavigationController(root: pages, screenID: "navigation"))
        var stack = try #require(ScreenSnapshot(window: window, coordinators: Coordinator()).screensOnTop.first)
        #expect(stack.children.map(\.title) == ["Welcome"], "not the id 'onboarding'")
        try pages.turn(to: 1, animated: false)
        stack = try #require(ScreenSnapshot(window: window, coordinators: Coordinator()).screensOnTop.first)
        #expect(stack.children.map(\.title) == ["Tabs"])
        #expect(stack.children[0].visibleChild?.title == "Tabs")
        let untitled = ScreenSnapshot.Screen(Screen("profile"))
        #expect(untitled.title == "profile")
    }

    @Test("The screens on top run from the root through each container's visible child; the stack holds the top")
    func screensOnTop() async throws {
        let (window, _) = try Self.window()
        let snapshot = ScreenSnapshot(window: window, coordinators: Node("App"))
        #expect(snapshot.screensOnTop.map(\.screenID) == ["main", "feed.navigation", "feed.post"])
        #expect(snapshot.top?.screenID == "feed.post")
        #expect(snapshot.top?.title == "Post")
        #expect(snapshot.topNavigation?.children.map(\.screenID) == ["feed", "feed.post"])
        #expect(snapshot.tabsOnTop.map(\.id) == ["feed", "profile"])
        #expect(snapshot.tabsOnTop.first?.badge == "3")
        #expect(snapshot.errorOnTop == "Offline.")
        #expect(snapshot.heldTransition == nil)
        #expect(snapshot.levels.count == 1)
    }

    @Test("A presented sheet is a level of its own: the tab bar under it is no longer on top")
    func presentedLevel() async throws {
        let (window, tabBar) = try Self.window()
        try tabBar.present(Screen("compose", title: "New post"))
        let snapshot = ScreenSnapshot(window: window, coordinators: Node("App"))
        #expect(snapshot.levels.map(\.screen.screenID) == ["main", "compose"])
        #expect(snapshot.top?.screenID == "compose")
        #expect(snapshot.tabBarOnTop == nil && snapshot.tabsOnTop.isEmpty)
        #expect(snapshot.errorOnTop == nil, "the error under the sheet is not on top")
    }

    @Test("A sheet refuses the swipe down, as Core refuses it, when a screen inside it holds unsaved input")
    func refusesSwipeDownAsCoreDoes() async throws {
        let (window, tabBar) = try Self.window()
        try tabBar.present(Screen("compose"))
        #expect(!ScreenSnapshot(window: window, coordinators: Node("App")).onTopRefusesSwipeDown)
        try tabBar.dismiss()
        // The draft is inside a navigation stack in the sheet, not its outermost screen.
        try tabBar.present(try NavigationController(root: DraftScreen(screenID: "draft")))
        #expect(ScreenSnapshot(window: window, coordinators: Node("App")).onTopRefusesSwipeDown)
        #expect(throws: NavigationError.dismissalRefused) { try window.perform(.swipeDown) }
    }

    @Test("The back is refused, as Core refuses it, while the screen it would pop holds an edit not saved")
    func refusesBackAsCoreDoes() async throws {
        let navigation = try NavigationController(root: Screen("profile"))
        let window = Window()
        try window.setRootViewController(navigation)
        try navigation.push(Screen("detail"))
        #expect(!ScreenSnapshot(window: window, coordinators: Node("App")).onTopRefusesBack)
        _ = try navigation.pop()
        try navigation.push(EditScreen(screenID: "profile.edit"))
        #expect(ScreenSnapshot(window: window, coordinators: Node("App")).onTopRefusesBack)
        #expect(throws: NavigationError.backRefused) { try window.perform(.backButton) }
    }

    @Test("A snapshot is a value: the window moving on changes the next one only; the tree comes in attach order")
    func valueAndTree() async throws {
        let (window, _) = try Self.window()
        let app = Node("App")
        try app.addChild(Node("Main"))
        try app.addChild(Node("Other"))
        let before = ScreenSnapshot(window: window, coordinators: app)
        try window.perform(.backButton)
        let after = ScreenSnapshot(window: window, coordinators: app)
        #expect(before.top?.screenID == "feed.post" && after.top?.screenID == "feed")
        #expect(before != after)
        #expect(after.coordinators.name == "App" && after.coordinators.children.map(\.name) == ["Main", "Other"])
        #expect(ScreenSnapshot(window: Window(), coordinators: app).levels.isEmpty, "no root, no levels")
    }

    @Test("A launch request defaults to the plain start: no playground, the real time, nothing moved or checked")
    func launchRequestDefaults() async {
        let request = LaunchRequest(dataDirectory: "/data")
        #expect(request.playground == nil && request.fixedNow == nil)
        #expect(!request.movesCorruptDataAside && !request.checksData && !request.allowsUnsafeDataDirectory)
        #expect(DataFailure(description: "broken", isFatal: true, advice: nil).exitCode == ExitCode.dataError)
        #expect(DataFailure(description: "read-only", isFatal: false, advice: nil).exitCode == ExitCode.failure)
    }
}
