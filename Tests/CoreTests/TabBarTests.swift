import Core
import CoreTesting
import Testing

/// A tab bar with one navigation stack per tab, each stack's root a plain screen named after its tab, in a window
/// on `clock`.
@MainActor
struct TabBarFixture {
    let window: Window
    let tabBar: TabBarController
    let stacks: [String: NavigationController]

    init(tabs ids: [String] = ["feed", "profile"], clock: TransitionClock = .immediate) throws {
        window = Window(clock: clock)
        tabBar = TabBarController()
        var stacks: [String: NavigationController] = [:]
        var tabs: [TabBarController.Tab] = []
        for id in ids {
            let navigation = try NavigationController(root: TestScreen(screenID: id), screenID: "\(id).nav")
            stacks[id] = navigation
            tabs.append(TabBarController.Tab(item: TabBarItem(id: id, title: id.uppercased()), screen: navigation))
        }
        self.stacks = stacks
        try tabBar.setTabs(tabs)
        try window.setRootViewController(tabBar)
    }

    func stack(_ id: String) -> NavigationController { stacks[id]! }
}

/// A delegate whose decision a test sets, and that logs what it heard.
@MainActor
final class TabDecider: TabBarControllerDelegate {
    var decision: TabBarController.TapDecision = .select
    var onShouldSelect: (@MainActor (TabBarItem) -> Void)?
    private(set) var asked: [String] = []
    private(set) var selected: [String] = []

    func tabBarController(
        _ tabBarController: TabBarController, shouldSelect item: TabBarItem
    )
        -> TabBarController.TapDecision
    {
        asked.append(item.id)
        onShouldSelect?(item)
        return decision
    }

    func tabBarController(_ tabBarController: TabBarController, didSelect item: TabBarItem) {
        selected.append(item.id)
    }
}

/// A navigation stack behind a value of the adopter's own type, as `NavigationControllerable` allows.
@MainActor
final class FlowNavigation: NavigationControllerable {
    let navigationController: NavigationController
    var viewController: ViewController { navigationController }

    init(root: ViewController) throws {
        navigationController = try NavigationController(root: root, screenID: "flow.nav")
    }
}

@Suite("Tab bar")
@MainActor
struct TabBarTests {
    // MARK: - Structure and loading

    @Test("The first tab is selected and only its screen loads; a hidden tab loads the first time it is shown")
    func loadsOnFirstShow() throws {
        let tabs = try TabBarFixture()
        let profile = tabs.stack("profile").rootViewController as! TestScreen

        #expect(tabs.tabBar.items.map(\.id) == ["feed", "profile"])
        #expect(tabs.tabBar.selectedIndex == 0)
        #expect(tabs.window.screensOnTop.map(\.screenID) == ["tabs", "feed.nav", "feed"])
        #expect(!profile.isViewLoaded)

        try tabs.window.tapTab("profile")
        #expect(profile.viewDidLoadCount == 1)
        try tabs.window.tapTab("feed")
        try tabs.window.tapTab("profile")
        #expect(profile.viewDidLoadCount == 1)
    }

    @Test(
        "A tab switch delivers UIKit's appearance order",
        arguments: [
            (
                "first selection loads", ["profile"],
                [
                    "viewDidLoad profile.nav", "viewDidLoad profile", "viewWillDisappear feed.nav",
                    "viewWillDisappear feed", "viewWillAppear profile.nav", "viewWillAppear profile",
                    "viewDidDisappear feed.nav", "viewDidDisappear feed", "viewDidAppear profile.nav",
                    "viewDidAppear profile",
                ]
            ),
            (
                "switch back loads nothing", ["profile", "feed"],
                [
                    "viewWillDisappear profile.nav", "viewWillDisappear profile", "viewWillAppear feed.nav",
                    "viewWillAppear feed", "viewDidDisappear profile.nav", "viewDidDisappear profile",
                    "viewDidAppear feed.nav", "viewDidAppear feed",
                ]
            ),
        ])
    func switchOrder(name: String, taps: [String], expected: [String]) throws {
        let tabs = try TabBarFixture()
        let recorder = NavigationRecorder(window: tabs.window)
        for tap in taps.dropLast() { try tabs.window.tapTab(tap) }
        recorder.reset()

        #expect(try tabs.window.tapTab(taps.last!) == .selected)

        #expect(recorder.lifecycle == expected)
        #expect(recorder.routing == ["tabTap \(taps.last!)", "select \(taps.last!).nav"])
    }

    @Test("A hidden tab keeps its stack and its coordinators, and takes no input")
    func hiddenTabKeepsItsStack() throws {
        let tabs = try TabBarFixture()
        let parent = FlowCoordinator("main")
        parent.start()
        let detail = ScreenCoordinator("feed.detail")
        (detail.viewControllerable as! TestScreen).screenContent = ScreenContent(
            title: "Detail", elements: [.button(Button(id: "like", title: "Like"))])
        try parent.addChild(detail) { try tabs.stack("feed").push($0) }

        try tabs.window.tapTab("profile")

        #expect(tabs.stack("feed").stackIDs == ["feed", "feed.detail"])
        #expect(parent.children.map(\.name) == ["feed.detail"])
        #expect(throws: ScreenInputError.unknownAction("like")) { try tabs.window.tap("like") }
        #expect(tabs.window.screensOnTop.map(\.screenID) == ["tabs", "profile.nav", "profile"])
        try tabs.window.tapTab("feed")
        #expect(try tabs.window.tap("like") == .done)
    }

    // MARK: - The re-tap

    @Test("Tapping the selected tab again pops its stack to the root, animated, and detaches the popped coordinators")
    func reTapPopsToRoot() throws {
        let clock = ManualClock()
        let tabs = try TabBarFixture(clock: .manual(clock))
        let log = EventLog()
        let parent = FlowCoordinator("main", log: log)
        parent.start()
        weak var releasedFirst: ScreenCoordinator?
        weak var releasedSecond: ScreenCoordinator?
        do {
            let first = ScreenCoordinator("feed.first", log: log)
            let second = ScreenCoordinator("feed.second", log: log)
            try parent.addChild(first) { try tabs.stack("feed").push($0) }
            try first.addChild(second) { try tabs.stack("feed").push($0) }
            releasedFirst = first
            releasedSecond = second
        }
        let recorder = NavigationRecorder(window: tabs.window)
        log.reset()

        #expect(try tabs.window.tapTab("feed") == .poppedToRoot)

        #expect(tabs.stack("feed").stackIDs == ["feed"])
        #expect(log.entries == ["stop feed.second", "stop feed.first", "userDidRemove feed.first from main"])
        #expect(recorder.lifecycle == ["viewWillDisappear feed.second", "viewWillAppear feed"])
        #expect(tabs.window.transitionsInFlight.map(\.kind) == [.gesture])
        clock.advance(by: Window.transitionDuration)
        #expect(
            recorder.lifecycle == [
                "viewWillDisappear feed.second", "viewWillAppear feed", "viewDidDisappear feed.second",
                "viewDidAppear feed",
            ])
        #expect(recorder.routing == ["tabTap feed", "pop feed.second,feed.first"])
        #expect(parent.children.isEmpty)
        #expect(releasedFirst == nil)
        #expect(releasedSecond == nil)
    }

    @Test("A re-tap at the root changes nothing; a tab whose screen is no stack has nothing to pop")
    func reTapWithNothingToPop() throws {
        let tabs = try TabBarFixture()
        let plain = TestScreen(screenID: "plain")
        try tabs.tabBar.setTabs(
            tabs.tabBar.tabs + [TabBarController.Tab(item: TabBarItem(id: "plain", title: "Plain"), screen: plain)],
            selecting: "feed")
        let recorder = NavigationRecorder(window: tabs.window)

        #expect(try tabs.window.tapTab("feed") == .unchanged)
        try tabs.window.tapTab("plain")
        #expect(try tabs.window.tapTab("plain") == .unchanged)
        #expect(recorder.routing == ["tabTap feed", "tabTap plain", "select plain", "tabTap plain"])
        #expect(tabs.stack("feed").stackIDs == ["feed"])
        #expect(tabs.window.isIdle)
    }

    @Test("A re-tap is refused while a screen it would pop refuses the back, and that screen is told")
    func reTapRefusedByModalScreen() throws {
        let tabs = try TabBarFixture()
        let editor = TestScreen(screenID: "editor")
        editor.refusesBack = true
        try tabs.stack("feed").push(editor)
        try tabs.stack("feed").push(TestScreen(screenID: "above"))
        let recorder = NavigationRecorder(window: tabs.window)

        #expect(throws: NavigationError.backRefused) { try tabs.window.tapTab("feed") }

        #expect(editor.attemptedBacks == 1)
        #expect(tabs.stack("feed").stackIDs == ["feed", "editor", "above"])
        #expect(recorder.events.isEmpty)
    }

    @Test("The back is refused when a hidden tab of the screen it would remove holds a screen refusing the back")
    func backRefusedByHiddenTab() throws {
        let (window, navigation) = try makeNavigationWindow(["home"])
        let container = TestContainer(screenID: "segments")
        let visible = TestScreen(screenID: "visible")
        let hidden = TestScreen(screenID: "hidden")
        hidden.refusesBack = true
        try container.setViewControllers([visible, hidden], selectedIndex: 0)
        try navigation.push(container)

        #expect(throws: NavigationError.backRefused) { try window.perform(.backButton) }
        #expect(throws: NavigationError.backRefused) { try window.beginGesture(.swipeBack) }

        #expect(hidden.attemptedBacks == 2)
        #expect(navigation.stackIDs == ["home", "segments"])
    }

    // MARK: - Refusals

    @Test("A tap is refused while a transition runs or a gesture is held in the window, and changes nothing")
    func refusedWhileMoving() throws {
        let clock = ManualClock()
        let tabs = try TabBarFixture(clock: .manual(clock))
        try tabs.stack("feed").push(TestScreen(screenID: "detail"), animated: true)
        let recorder = NavigationRecorder(window: tabs.window)

        #expect(throws: NavigationError.transitionInProgress) { try tabs.window.tapTab("profile") }
        #expect(throws: NavigationError.transitionInProgress) { try tabs.tabBar.selectTab("profile") }
        clock.advance(by: Window.transitionDuration)

        try tabs.window.beginGesture(.swipeBack)
        recorder.reset()
        #expect(throws: NavigationError.transitionInProgress) { try tabs.window.tapTab("profile") }
        #expect(throws: NavigationError.transitionInProgress) { try tabs.tabBar.selectTab("profile") }
        #expect(throws: NavigationError.transitionInProgress) {
            try tabs.tabBar.setTabs(tabs.tabBar.tabs, selecting: "profile")
        }
        #expect(tabs.tabBar.selectedIndex == 0)
        #expect(recorder.events.isEmpty)
    }

    @Test("A tap's checks come in the documented order: the window's own refusals before the delegate is asked")
    func refusalOrderAroundTheDelegate() throws {
        let clock = ManualClock()
        let tabs = try TabBarFixture(clock: .manual(clock))
        let decider = TabDecider()
        decider.decision = .refuse
        tabs.tabBar.delegate = decider

        try tabs.stack("feed").push(TestScreen(screenID: "detail"), animated: true)
        #expect(throws: NavigationError.transitionInProgress) { try tabs.window.tapTab("nowhere") }
        clock.advance(by: Window.transitionDuration)
        try tabs.window.beginGesture(.swipeBack)
        #expect(throws: NavigationError.transitionInProgress) { try tabs.window.tapTab("profile") }
        try tabs.window.releaseGesture(.cancel)
        clock.runUntilIdle()
        #expect(throws: NavigationError.unknownTab) { try tabs.window.tapTab("nowhere") }
        try tabs.stack("feed").present(TestScreen(screenID: "sheet"), style: .pageSheet)
        #expect(throws: NavigationError.noTabBar) { try tabs.window.tapTab("profile") }
        #expect(decider.asked.isEmpty)

        try tabs.stack("feed").dismiss()
        clock.runUntilIdle()
        #expect(throws: NavigationError.tabSelectionRefused) { try tabs.window.tapTab("profile") }
        #expect(decider.asked == ["profile"])

        let editor = TestScreen(screenID: "editor")
        editor.refusesBack = true
        try tabs.stack("feed").push(editor)
        decider.decision = .select
        #expect(throws: NavigationError.backRefused) { try tabs.window.tapTab("feed") }
        #expect(decider.asked == ["profile", "feed"], "asked first, then the popped screen refuses the back")
        #expect(decider.selected.isEmpty)
    }

    @Test("A switch asked through the routing queue waits behind a gesture held in another tab's stack")
    func queuedSwitchWaits() throws {
        let clock = ManualClock()
        let tabs = try TabBarFixture(clock: .manual(clock))
        try tabs.stack("feed").push(TestScreen(screenID: "detail"))
        let parent = ScreenCoordinator("main", screen: tabs.tabBar)
        parent.start()
        try tabs.window.beginGesture(.swipeBack)
        var outcomes: [RoutingOutcome] = []

        parent.route({ try tabs.tabBar.selectTab("profile") }, completion: { outcomes.append($0) })
        #expect(outcomes.isEmpty)
        #expect(tabs.tabBar.selectedIndex == 0)

        try tabs.window.releaseGesture(.cancel)
        clock.advance(by: Window.transitionDuration)

        #expect(outcomes == [.applied])
        #expect(tabs.tabBar.selectedIndex == 1)
        #expect(tabs.stack("feed").stackIDs == ["feed", "detail"])
    }

    @Test("A tap is refused when no tab bar is on top, or the tab is unknown")
    func noTabBarOrUnknownTab() throws {
        #expect(throws: NavigationError.noRootViewController) { try Window().tapTab("feed") }
        let tabs = try TabBarFixture()
        #expect(throws: NavigationError.unknownTab) { try tabs.window.tapTab("settings") }
        #expect(throws: NavigationError.unknownTab) { try tabs.tabBar.selectTab("settings") }
        try tabs.tabBar.present(TestScreen(screenID: "sheet"))
        #expect(throws: NavigationError.noTabBar) { try tabs.window.tapTab("profile") }
        let plain = try makeNavigationWindow()
        #expect(throws: NavigationError.noTabBar) { try plain.window.tapTab("feed") }
    }

    @Test("setTabs refuses two tabs with one id, an unknown selection and a screen shown elsewhere")
    func setTabsRefusals() throws {
        let tabs = try TabBarFixture()
        let screen = TestScreen(screenID: "x")
        let item = TabBarItem(id: "x", title: "X")
        #expect(throws: NavigationError.duplicateTab) {
            try tabs.tabBar.setTabs([
                .init(item: item, screen: screen), .init(item: item, screen: TestScreen(screenID: "y")),
            ])
        }
        #expect(throws: NavigationError.unknownTab) {
            try tabs.tabBar.setTabs([.init(item: item, screen: screen)], selecting: "z")
        }
        #expect(throws: NavigationError.alreadyInHierarchy) {
            try tabs.tabBar.setTabs([.init(item: item, screen: tabs.stack("feed").rootViewController!)])
        }
        #expect(tabs.tabBar.items.map(\.id) == ["feed", "profile"])
        #expect(screen.parent == nil)
    }

    // MARK: - The delegate

    @Test("The delegate refuses a tap: a typed error, and nothing changes")
    func delegateRefuses() throws {
        let tabs = try TabBarFixture()
        let decider = TabDecider()
        decider.decision = .refuse
        tabs.tabBar.delegate = decider
        let recorder = NavigationRecorder(window: tabs.window)

        #expect(throws: NavigationError.tabSelectionRefused) { try tabs.window.tapTab("profile") }

        #expect(decider.asked == ["profile"])
        #expect(decider.selected.isEmpty)
        #expect(tabs.tabBar.selectedIndex == 0)
        #expect(recorder.events.isEmpty)
    }

    @Test("The delegate does something else instead: a compose tab presents a sheet and stays unselected")
    func delegateHandlesTap() throws {
        let tabs = try TabBarFixture(tabs: ["feed", "compose"])
        let decider = TabDecider()
        decider.decision = .handledByDelegate
        decider.onShouldSelect = { _ in try? tabs.tabBar.present(TestScreen(screenID: "compose.sheet")) }
        tabs.tabBar.delegate = decider

        #expect(try tabs.window.tapTab("compose") == .handledByDelegate)

        #expect(tabs.tabBar.selectedIndex == 0)
        #expect(tabs.window.presentedIDs == ["compose.sheet"])
        #expect(decider.selected.isEmpty)
    }

    @Test("The delegate is asked about every tap, re-taps included, and hears of those that went through")
    func delegateHears() throws {
        let tabs = try TabBarFixture()
        let decider = TabDecider()
        tabs.tabBar.delegate = decider
        try tabs.stack("profile").push(TestScreen(screenID: "settings"))

        try tabs.window.tapTab("profile")
        try tabs.window.tapTab("profile")
        try tabs.tabBar.selectTab("feed")

        #expect(decider.asked == ["profile", "profile"])
        #expect(decider.selected == ["profile", "profile"])
        #expect(tabs.stack("profile").stackIDs == ["profile"])
    }

    @Test("Without a delegate every tap goes through, as in UIKit")
    func defaultDecision() throws {
        final class Silent: TabBarControllerDelegate {}
        let tabs = try TabBarFixture()
        let silent = Silent()
        tabs.tabBar.delegate = silent
        #expect(try tabs.window.tapTab("profile") == .selected)
        tabs.tabBar.delegate = nil
        #expect(try tabs.window.tapTab("feed") == .selected)
    }

    // MARK: - Badges and NavigationControllerable

    @Test("Whoever shows a tab sets its badge; an unknown tab is refused")
    func badges() throws {
        let tabs = try TabBarFixture()
        try tabs.tabBar.setBadge("3", forTab: "feed")
        #expect(tabs.tabBar.items.map(\.badge) == ["3", nil])
        try tabs.tabBar.setBadge(nil, forTab: "feed")
        #expect(tabs.tabBar.items.map(\.badge) == [nil, nil])
        #expect(throws: NavigationError.unknownTab) { try tabs.tabBar.setBadge("1", forTab: "settings") }
    }

    @Test("A tab's stack may be any NavigationControllerable: the re-tap pops it and routing pushes onto it")
    func navigationControllerable() throws {
        let window = Window()
        let flow = try FlowNavigation(root: TestScreen(screenID: "home"))
        let tabBar = TabBarController()
        try tabBar.setTabs([.init(item: TabBarItem(id: "home", title: "Home"), screen: flow)])
        try window.setRootViewController(tabBar)

        try flow.push(TestScreen(screenID: "detail"))
        #expect(tabBar.tabs[0].navigationController === flow.navigationController)
        #expect(flow.navigationController.stackIDs == ["home", "detail"])
        #expect(try window.tapTab("home") == .poppedToRoot)
        #expect(flow.navigationController.stackIDs == ["home"])
    }

    @Test("A tab bar that leaves the window releases its tabs, their stacks and coordinators")
    func noLeaks() throws {
        let report = try trackingLifetimes {
            let tabs = try TabBarFixture()
            let parent = FlowCoordinator("main")
            parent.start()
            try parent.addChild(ScreenCoordinator("feed.detail")) { try tabs.stack("feed").push($0) }
            try tabs.window.tapTab("profile")
            try tabs.window.tapTab("feed")
            try tabs.window.tapTab("feed")
            try tabs.window.setRootViewController(TestScreen(screenID: "gone"))
        }
        #expect(report.isClean, "\(report)")
    }
}
