import Core
import CoreTesting
import Testing

/// `SplitViewController.backButtonClosesDetail`: the back button closes the item an expanded split's secondary
/// column holds alone, as a gesture, on the window's clock.
@Suite("Split view: the back button closing the item")
@MainActor
struct SplitBackButtonTests {
    @Test(
        """
        The close is the person's back: the gesture, the pop of the item, then the column and the item disappear \
        as a pop's leaving screen does
        """)
    func closeOrder() throws {
        let (window, parent) = try makeSplitWindow(.regular, open: "post")
        parent.presenter.backButtonClosesDetail = true
        let recorder = NavigationRecorder(window: window)

        try window.perform(.backButton)

        #expect(
            recorder.events.map(\.description) == [
                "gesture backButton", "pop post", "viewWillDisappear detail.nav", "viewWillDisappear post",
                "viewDidDisappear detail.nav", "viewDidDisappear post",
            ])
    }

    @Test(
        """
        On a manual clock the close moves like any back: a size change waits for it and a route queues behind it; \
        the collapse applies when it ends, then the route
        """)
    func closeOnAManualClock() throws {
        let clock = ManualClock()
        let (window, parent) = try makeSplitWindow(.regular, clock: .manual(clock), open: "post")
        parent.presenter.backButtonClosesDetail = true
        let recorder = NavigationRecorder(window: window)

        try window.perform(.backButton)
        window.setHorizontalSizeClass(.compact)
        parent.route { try parent.presenter.showDetail(TestScreen(screenID: "next"), animated: false) }

        #expect(!window.isIdle)
        #expect(!parent.presenter.isCollapsed, "the collapse waits for the close")
        #expect(throws: NavigationError.transitionInProgress) {
            try parent.presenter.showDetail(TestScreen(screenID: "other"))
        }
        #expect(parent.presenter.secondaryNavigation.viewControllers.isEmpty)
        #expect(!recorder.routing.contains("collapse split"))

        _ = clock.runUntilIdle()

        #expect(recorder.routing == ["gesture backButton", "pop post", "collapse split", "push next"])
        #expect(parent.presenter.isCollapsed)
        #expect(window.navigationStackIDs == ["list", "next"])
    }

    @Test("The flag is read at each back: turned on while the item is open it closes it, turned off it does not")
    func turningTheFlagOnAndOff() throws {
        let (window, parent) = try makeSplitWindow(.regular, open: "post")
        #expect(throws: NavigationError.nothingToGoBack) { try window.perform(.backButton) }

        parent.presenter.backButtonClosesDetail = true
        try window.perform(.backButton)
        #expect(parent.children.map(\.name) == ["list"])
        #expect(window.screensOnTop.map(\.screenID) == ["split", "list.nav", "list"])

        try parent.open("next")
        parent.presenter.backButtonClosesDetail = false
        #expect(throws: NavigationError.nothingToGoBack) { try window.perform(.backButton) }
        #expect(parent.presenter.secondaryNavigation.viewControllers.map(\.screenID) == ["next"])
        #expect(parent.children.map(\.name) == ["list", "next"])
    }

    @Test(
        """
        In a sheet, the back button closes the split's item, and a second back is refused: it does not reach the \
        stack under the sheet
        """)
    func inASheet() throws {
        let (window, navigation) = try makeNavigationWindow()
        try navigation.push(TestScreen(screenID: "settings"), animated: false)
        let log = EventLog()
        let parent = try SplitParent(log: log)
        parent.start()
        try parent.open("post")
        parent.presenter.backButtonClosesDetail = true
        window.setHorizontalSizeClass(.regular)
        try navigation.present(parent.presenter, style: .pageSheet, animated: false)
        log.reset()

        try window.perform(.backButton)
        #expect(log.entries == ["stop post", "userDidRemove post"])
        #expect(window.screensOnTop.map(\.screenID) == ["split", "list.nav", "list"])

        #expect(throws: NavigationError.nothingToGoBack) { try window.perform(.backButton) }
        #expect(navigation.viewControllers.count == 2, "the stack under the sheet keeps its screens")
        #expect(parent.presenter.presentingViewController != nil, "the sheet stays")
    }

    @Test(
        """
        With a screen pushed in the primary column, the back button closes the item first while the swipe back \
        pops that screen and keeps the item
        """)
    func backButtonAndSwipeBackDiffer() throws {
        let (window, parent) = try makeSplitWindow(.regular, open: "post")
        parent.presenter.backButtonClosesDetail = true
        try parent.presenter.primaryNavigation.push(TestScreen(screenID: "filters"), animated: false)

        try window.perform(.swipeBack)
        #expect(parent.presenter.primaryNavigation.viewControllers.map(\.screenID) == ["list"])
        #expect(parent.presenter.secondaryNavigation.viewControllers.map(\.screenID) == ["post"])

        try parent.presenter.primaryNavigation.push(TestScreen(screenID: "filters"), animated: false)
        try window.perform(.backButton)
        #expect(parent.presenter.primaryNavigation.viewControllers.map(\.screenID) == ["list", "filters"])
        #expect(parent.presenter.secondaryNavigation.viewControllers.isEmpty)

        try window.perform(.backButton)
        #expect(parent.presenter.primaryNavigation.viewControllers.map(\.screenID) == ["list"])
    }
}
