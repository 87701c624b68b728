import Core
import CoreTesting
import Testing

@Suite("Split view: closing the open item")
@MainActor
struct SplitCloseDetailTests {
    @Test("Expanded, closing the item empties the secondary column at once, and the column is no longer shown")
    func closeWhileExpanded() throws {
        let (window, parent) = try makeSplitWindow(.regular, open: "post")

        let closed = try parent.presenter.closeDetail()

        #expect(closed.map(\.screenID) == ["post"])
        #expect(parent.presenter.secondaryNavigation.viewControllers.isEmpty)
        #expect(window.screensOnTop.map(\.screenID) == ["split", "list.nav", "list"])
    }

    @Test("Collapsed, closing the item pops the one stack back to the primary column's own screens")
    func closeWhileCollapsed() throws {
        let clock = ManualClock()
        let (window, parent) = try makeSplitWindow(.compact, clock: .manual(clock), open: "post")
        try parent.presenter.showDetail(TestScreen(screenID: "comments"), animated: false)
        var completed = false

        let closed = try parent.presenter.closeDetail(animated: true) { completed = true }

        #expect(closed.map(\.screenID) == ["comments", "post"])
        #expect(window.navigationStackIDs == ["list"])
        #expect(!completed)
        clock.advance(by: Window.transitionDuration)
        #expect(completed)
        window.setHorizontalSizeClass(.regular)
        #expect(parent.presenter.detailViewControllers.isEmpty)
    }

    @Test("Collapsed, screens put on the secondary stack are closed with the item; the primary column keeps its root")
    func closeWhileCollapsedWithScreensOnTheSecondaryStack() throws {
        let (window, parent) = try makeSplitWindow(.compact)
        try parent.presenter.secondaryNavigation.setStack(
            [TestScreen(screenID: "x"), TestScreen(screenID: "y")], animated: false)

        let closed = try parent.presenter.closeDetail()

        #expect(Set(closed.map(\.screenID)) == ["x", "y"])
        #expect(parent.presenter.secondaryNavigation.viewControllers.isEmpty)
        #expect(parent.presenter.primaryNavigation.viewControllers.map(\.screenID) == ["list"])
        #expect(window.navigationStackIDs == ["list"])
    }

    @Test("Gone back below the primary column's own screens while collapsed, a new item still opens as the item")
    func itemOpenedAfterGoingBackBelowTheOwnScreens() throws {
        let (window, parent) = try makeSplitWindow(.regular, open: "post")
        try parent.presenter.primaryNavigation.push(TestScreen(screenID: "sub"), animated: false)
        window.setHorizontalSizeClass(.compact)
        #expect(window.navigationStackIDs == ["list", "sub", "post"])
        try window.perform(.backButton)
        try window.perform(.backButton)
        #expect(window.navigationStackIDs == ["list"])

        try parent.presenter.showDetail(TestScreen(screenID: "item"), animated: false)

        #expect(parent.presenter.detailViewControllers.map(\.screenID) == ["item"])
        window.setHorizontalSizeClass(.regular)
        #expect(parent.presenter.primaryNavigation.viewControllers.map(\.screenID) == ["list"])
        #expect(parent.presenter.secondaryNavigation.viewControllers.map(\.screenID) == ["item"])
        #expect(try parent.presenter.closeDetail().map(\.screenID) == ["item"])
    }

    @Test("Gone back below the primary column's own screens while collapsed, a screen pushed then is the item")
    func screenPushedAfterGoingBackBelowTheOwnScreens() throws {
        let (window, parent) = try makeSplitWindow(.regular, open: "post")
        try parent.presenter.primaryNavigation.push(TestScreen(screenID: "sub"), animated: false)
        window.setHorizontalSizeClass(.compact)
        try parent.presenter.primaryNavigation.popToRoot(animated: false)
        #expect(window.navigationStackIDs == ["list"])

        try parent.presenter.primaryNavigation.push(TestScreen(screenID: "item"), animated: false)

        #expect(parent.presenter.detailViewControllers.map(\.screenID) == ["item"])
        window.setHorizontalSizeClass(.regular)
        #expect(parent.presenter.primaryNavigation.viewControllers.map(\.screenID) == ["list"])
        #expect(parent.presenter.secondaryNavigation.viewControllers.map(\.screenID) == ["item"])
    }

    @Test("With nothing open, closing closes nothing and still runs its completion")
    func closeWithNothingOpen() throws {
        let (_, parent) = try makeSplitWindow(.regular)
        var completed = false

        let closed = try parent.presenter.closeDetail { completed = true }

        #expect(closed.isEmpty)
        #expect(completed)
    }

    @Test("Closing while a column moves is refused and changes nothing")
    func closeRefusedWhileMoving() throws {
        let clock = ManualClock()
        let (window, parent) = try makeSplitWindow(.compact, clock: .manual(clock))
        try parent.open("post", animated: true)

        #expect(throws: NavigationError.transitionInProgress) { try parent.presenter.closeDetail() }
        clock.advance(by: Window.transitionDuration)
        #expect(window.navigationStackIDs == ["list", "post"])
    }

    @Test(
        "Re-tapping a tab whose screen is a split closes the open item, detaches its coordinator and pops the list",
        arguments: SizeClass.allCases)
    func reTapClosesTheItem(_ sizeClass: SizeClass) throws {
        let log = EventLog()
        let window = Window()
        window.setHorizontalSizeClass(sizeClass)
        let parent = try SplitParent(log: log)
        parent.start()
        try parent.open("post")
        try parent.presenter.primaryNavigation.push(TestScreen(screenID: "filters"), animated: false)
        let tabBar = TabBarController(screenID: "tabs")
        try tabBar.setTabs([
            TabBarController.Tab(item: TabBarItem(id: "feed", title: "Feed"), screen: parent.presenter),
            TabBarController.Tab(
                item: TabBarItem(id: "other", title: "Other"), screen: NavigationController(screenID: "other.nav")),
        ])
        try window.setRootViewController(tabBar)
        weak var post: ScreenCoordinator?
        post = parent.openItem
        log.reset()

        #expect(try window.tapTab("feed") == .poppedToRoot)

        #expect(log.entries == ["stop post", "userDidRemove post"])
        #expect(post == nil)
        #expect(parent.presenter.detailViewControllers.isEmpty)
        #expect(parent.presenter.primaryNavigation.viewControllers.map(\.screenID) == ["list"])
        #expect(try window.tapTab("feed") == .unchanged)
    }
}
