import Core
import CoreTesting
import Testing

/// A coordinator that shows a list in a split's primary column and opens items in its secondary column, each
/// item a child coordinator, as a feed shows posts; it records the open item for restoration.
@MainActor
final class SplitParent: ViewableCoordinator<SplitViewController> {
    let log: EventLog?
    private(set) var list: ScreenCoordinator?
    private(set) var openItem: ScreenCoordinator?

    init(log: EventLog? = nil) throws {
        self.log = log
        let split = try SplitViewController(
            primary: NavigationController(screenID: "list.nav"), secondary: NavigationController(screenID: "detail.nav")
        )
        super.init(viewControllerable: split, presenter: split)
    }

    override var name: String { "SplitParent" }

    override func didStart() {
        let list = ScreenCoordinator("list", log: log)
        self.list = list
        try? addChild(list) { try self.presenter.primaryNavigation.setStack([$0]) }
    }

    /// Opens the item `id` in the secondary column, in place of the open one.
    func open(_ id: String, animated: Bool = false) throws {
        let item = ScreenCoordinator(id, log: log)
        let previous = openItem
        try addChild(item) { try self.presenter.showDetail($0, animated: animated) }
        if let previous, previous.parent === self { try removeChild(previous) }
        openItem = item
    }

    override func userDidRemove(_ child: any Coordinating) {
        if child === openItem { openItem = nil }
        log?.append("userDidRemove \(child.name)")
    }

    override var restorationState: RestorationState? {
        RestorationState(kind: "split", version: 1, values: openItem.map { ["open": $0.label] } ?? [:])
    }

    override func restore(from state: RestorationState) -> RestorationResult {
        guard let id = state.values["open"] else { return .restored }
        do { try open(id) } catch { return .nearest(because: .notRestorable(coordinator: name)) }
        return .restored
    }
}

/// A split parent started in a window of `sizeClass` on `clock`, with the item `open` opened, if any.
@MainActor
func makeSplitWindow(
    _ sizeClass: SizeClass, clock: TransitionClock = .immediate, open: String? = nil, log: EventLog? = nil
) throws -> (window: Window, parent: SplitParent) {
    let window = Window(clock: clock)
    window.setHorizontalSizeClass(sizeClass)
    let parent = try SplitParent(log: log)
    parent.start()
    if let open { try parent.open(open) }
    try window.setRootViewController(parent.presenter)
    return (window, parent)
}

@Suite("Split view")
@MainActor
struct SplitViewTests {
    // MARK: - Columns

    @Test("Wide, both columns are on top side by side: the primary column first, then the secondary")
    func expandedShowsBothColumns() throws {
        let (window, parent) = try makeSplitWindow(.regular, open: "post")

        #expect(!parent.presenter.isCollapsed)
        #expect(window.screensOnTop.map(\.screenID) == ["split", "list.nav", "list", "detail.nav", "post"])
        #expect(window.topScreenID == "post")
        #expect(parent.presenter.detailViewControllers.map(\.screenID) == ["post"])
    }

    @Test("Narrow, the split shows one stack: the secondary column's screens are above the primary's")
    func collapsedShowsOneStack() throws {
        let (window, parent) = try makeSplitWindow(.compact, open: "post")

        #expect(parent.presenter.isCollapsed)
        #expect(window.screensOnTop.map(\.screenID) == ["split", "list.nav", "post"])
        #expect(parent.presenter.primaryNavigation.viewControllers.map(\.screenID) == ["list", "post"])
        #expect(parent.presenter.secondaryNavigation.viewControllers.isEmpty)
        #expect(parent.presenter.detailViewControllers.map(\.screenID) == ["post"])
    }

    @Test("An empty secondary column is not shown; input reaches both columns when expanded")
    func emptySecondaryAndInput() throws {
        let (window, parent) = try makeSplitWindow(.regular)
        #expect(window.screensOnTop.map(\.screenID) == ["split", "list.nav", "list"])

        try parent.open("post")
        (parent.list!.presenter as! TestScreen).screenContent = ScreenContent(
            title: "List", elements: [.button(Button(id: "refresh", title: "Refresh"))])
        try window.performAction("refresh")

        #expect((parent.list!.presenter as! TestScreen).handledActions == ["refresh"])
    }

    // MARK: - Lifecycle order

    @Test(
        """
        Collapsing and expanding deliver UIKit's appearance order and keep every screen in the hierarchy; a column \
        first shown by an expansion loads then
        """,
        arguments: [
            (
                SizeClass.regular, SizeClass.compact, ["collapse split"],
                [
                    "viewWillDisappear list", "viewWillDisappear detail.nav", "viewDidDisappear list",
                    "viewDidDisappear detail.nav",
                ]
            ),
            (
                SizeClass.compact, SizeClass.regular, ["expand split"],
                [
                    "viewDidLoad list", "viewDidLoad detail.nav", "viewWillAppear list", "viewWillAppear detail.nav",
                    "viewDidAppear list",
                    "viewDidAppear detail.nav",
                ]
            ),
        ])
    func adaptationOrder(from: SizeClass, to: SizeClass, routing: [String], lifecycle: [String]) throws {
        let (window, parent) = try makeSplitWindow(from, open: "post")
        let recorder = NavigationRecorder(window: window)
        let post = parent.openItem!.presenter

        window.setHorizontalSizeClass(to)

        #expect(recorder.routing == routing)
        #expect(recorder.lifecycle == lifecycle)
        #expect(post.appearanceState == .appeared)
        #expect(parent.children.map(\.name) == ["list", "post"])
    }

    @Test("A split takes its window's size class before it first appears, so nothing appears twice")
    func adaptsBeforeAppearing() throws {
        let window = Window()
        window.setHorizontalSizeClass(.compact)
        let parent = try SplitParent()
        parent.start()
        try parent.open("post")
        #expect(!parent.presenter.isCollapsed)
        let recorder = NavigationRecorder(window: window)

        try window.setRootViewController(parent.presenter)

        #expect(parent.presenter.isCollapsed)
        #expect(
            recorder.lifecycle == [
                "viewDidLoad split", "viewDidLoad list.nav", "viewDidLoad post", "viewWillAppear split",
                "viewWillAppear list.nav", "viewWillAppear post", "viewDidAppear split", "viewDidAppear list.nav",
                "viewDidAppear post",
            ])
        #expect(!parent.list!.presenter.isViewLoaded)
    }

    @Test("A split presented with an animation takes its window's size class before it appears, too")
    func adaptsBeforeAppearingInAnAnimatedPresentation() throws {
        let clock = ManualClock()
        let window = Window(clock: .manual(clock))
        try window.setRootViewController(TestScreen(screenID: "home"))
        let parent = try SplitParent()
        parent.start()
        try parent.open("post")
        let recorder = NavigationRecorder(window: window)

        try window.rootViewController!.present(parent.presenter, style: .fullScreen, animated: true)

        #expect(parent.presenter.isCollapsed)
        #expect(window.navigationStackIDs == ["list", "post"])
        clock.advance(by: Window.transitionDuration)
        #expect(parent.presenter.isCollapsed)
        #expect(!recorder.lifecycle.contains("viewWillDisappear list"))
        #expect(!parent.list!.presenter.isViewLoaded)
    }

    // MARK: - Keeping the place and the coordinators in step

    @Test("Expanding moves every screen above the primary column's own back into the secondary column, in order")
    func expandingKeepsThePlace() throws {
        let (window, parent) = try makeSplitWindow(.compact, open: "post")
        try parent.presenter.primaryNavigation.push(TestScreen(screenID: "comments"), animated: false)

        window.setHorizontalSizeClass(.regular)

        #expect(parent.presenter.primaryNavigation.viewControllers.map(\.screenID) == ["list"])
        #expect(parent.presenter.secondaryNavigation.viewControllers.map(\.screenID) == ["post", "comments"])
        #expect(window.topScreenID == "comments")
        window.setHorizontalSizeClass(.compact)
        #expect(window.navigationStackIDs == ["list", "post", "comments"])
    }

    @Test("Collapsed, the person's back pops the open item and detaches its coordinator; expanding then shows no item")
    func backWhileCollapsedDetaches() throws {
        let log = EventLog()
        let (window, parent) = try makeSplitWindow(.compact, open: "post", log: log)
        weak var post: ScreenCoordinator?
        post = parent.openItem
        log.reset()

        try window.perform(.backButton)

        #expect(log.entries == ["stop post", "userDidRemove post"])
        #expect(parent.children.map(\.name) == ["list"])
        #expect(post == nil)
        window.setHorizontalSizeClass(.regular)
        #expect(window.screensOnTop.map(\.screenID) == ["split", "list.nav", "list"])
    }

    @Test("Expanded, the person's back pops the secondary column first, then the primary; its root stays")
    func backWhileExpanded() throws {
        let (window, parent) = try makeSplitWindow(.regular, open: "post")
        try parent.presenter.secondaryNavigation.push(TestScreen(screenID: "comments"), animated: false)

        try window.perform(.backButton)
        #expect(parent.presenter.secondaryNavigation.viewControllers.map(\.screenID) == ["post"])
        #expect(throws: NavigationError.nothingToGoBack) { try window.perform(.backButton) }
    }

    @Test("Expanded, with backButtonClosesDetail, the back button closes the item last and detaches its coordinator")
    func backButtonClosesTheDetail() throws {
        let log = EventLog()
        let (window, parent) = try makeSplitWindow(.regular, open: "post", log: log)
        parent.presenter.backButtonClosesDetail = true
        try parent.presenter.secondaryNavigation.push(TestScreen(screenID: "comments"), animated: false)
        weak var post: ScreenCoordinator?
        post = parent.openItem

        try window.perform(.backButton)
        #expect(parent.presenter.secondaryNavigation.viewControllers.map(\.screenID) == ["post"])
        #expect(throws: NavigationError.nothingToGoBack) { try window.perform(.swipeBack) }
        #expect(throws: NavigationError.gestureNotInteractive) { try window.beginGesture(.backButton) }
        log.reset()

        try window.perform(.backButton)
        #expect(log.entries == ["stop post", "userDidRemove post"])
        #expect(post == nil && parent.children.map(\.name) == ["list"])
        #expect(window.screensOnTop.map(\.screenID) == ["split", "list.nav", "list"], "the column is hidden")
        #expect(throws: NavigationError.nothingToGoBack) { try window.perform(.backButton) }
    }

    @Test("The item closed by the back button may refuse, and is told; collapsed, the back pops it as always")
    func backButtonClosingTheDetailRefusedOrCollapsed() throws {
        let (window, parent) = try makeSplitWindow(.regular, log: EventLog())
        parent.presenter.backButtonClosesDetail = true
        let refusing = TestScreen(screenID: "draft")
        refusing.refusesBack = true
        try parent.presenter.showDetail(refusing, animated: false)
        #expect(throws: NavigationError.backRefused) { try window.perform(.backButton) }
        #expect(refusing.attemptedBacks == 1)
        #expect(parent.presenter.secondaryNavigation.viewControllers.map(\.screenID) == ["draft"])

        refusing.refusesBack = false
        window.setHorizontalSizeClass(.compact)
        try window.perform(.backButton)
        #expect(window.navigationStackIDs == ["list"])
    }

    @Test("Showing an item replaces the secondary column when expanded and pushes it when collapsed")
    func showDetail() throws {
        let (window, parent) = try makeSplitWindow(.regular, open: "first")
        try parent.open("second")
        #expect(parent.presenter.secondaryNavigation.viewControllers.map(\.screenID) == ["second"])
        #expect(parent.children.map(\.name) == ["list", "second"])

        window.setHorizontalSizeClass(.compact)
        try parent.presenter.showDetail(TestScreen(screenID: "third"), animated: false)
        #expect(window.navigationStackIDs == ["list", "second", "third"])
    }

    // MARK: - Refusals and time

    @Test("A size change while something moves waits until the window is idle, then applies once")
    func sizeChangeWaitsForIdle() throws {
        let clock = ManualClock()
        let (window, parent) = try makeSplitWindow(.regular, clock: .manual(clock), open: "post")
        try parent.presenter.secondaryNavigation.push(TestScreen(screenID: "comments"), animated: true)

        window.setHorizontalSizeClass(.compact)
        #expect(!parent.presenter.isCollapsed)
        #expect(window.horizontalSizeClass == .compact)

        clock.advance(by: Window.transitionDuration)
        #expect(parent.presenter.isCollapsed)
        #expect(window.navigationStackIDs == ["list", "post", "comments"])
    }

    @Test("A size change during a held gesture waits for its release, and follows the last size asked for")
    func sizeChangeWaitsForGesture() throws {
        let clock = ManualClock()
        let (window, parent) = try makeSplitWindow(.regular, clock: .manual(clock), open: "post")
        try parent.presenter.secondaryNavigation.push(TestScreen(screenID: "comments"), animated: false)
        try window.beginGesture(.swipeBack)

        window.setHorizontalSizeClass(.compact)
        window.setHorizontalSizeClass(.regular)
        window.setHorizontalSizeClass(.compact)
        #expect(!parent.presenter.isCollapsed)

        try window.releaseGesture(.cancel)
        _ = clock.runUntilIdle()
        #expect(parent.presenter.isCollapsed)
        #expect(window.navigationStackIDs == ["list", "post", "comments"])
    }

    @Test(
        "Misuse is refused with a typed error and changes nothing",
        arguments: ["same stack twice", "a stack shown elsewhere", "a navigation controller as an item"])
    func misuse(_ situation: String) throws {
        switch situation {
        case "same stack twice":
            let stack = NavigationController()
            #expect(throws: NavigationError.duplicateScreen) {
                _ = try SplitViewController(primary: stack, secondary: stack)
            }
            #expect(stack.parent == nil)
        case "a stack shown elsewhere":
            let (window, navigation) = try makeNavigationWindow()
            #expect(throws: NavigationError.alreadyInHierarchy) {
                _ = try SplitViewController(primary: NavigationController(), secondary: navigation)
            }
            #expect(window.rootViewController === navigation)
        default:
            let (_, parent) = try makeSplitWindow(.regular, open: "post")
            #expect(throws: NavigationError.cannotPushNavigationController) {
                try parent.presenter.showDetail(NavigationController())
            }
            #expect(parent.presenter.detailViewControllers.map(\.screenID) == ["post"])
        }
    }

    @Test("Showing an item while its column moves is refused; routing through the queue waits its turn")
    func showDetailDuringTransition() throws {
        let clock = ManualClock()
        let (window, parent) = try makeSplitWindow(.compact, clock: .manual(clock), open: "post")
        try parent.presenter.showDetail(TestScreen(screenID: "comments"), animated: true)
        #expect(window.transitionsInFlight.count == 1)

        #expect(throws: NavigationError.transitionInProgress) {
            try parent.presenter.showDetail(TestScreen(screenID: "more"))
        }
        parent.route { try parent.presenter.showDetail(TestScreen(screenID: "more"), animated: false) }
        _ = clock.runUntilIdle()
        #expect(
            parent.presenter.primaryNavigation.viewControllers.map(\.screenID) == ["list", "post", "comments", "more"])
    }

    // MARK: - Restoration and lifetimes

    @Test(
        "A restored split shows the open item in the column its window's width calls for", arguments: SizeClass.allCases
    )
    func restoration(_ sizeClass: SizeClass) throws {
        let (_, original) = try makeSplitWindow(sizeClass == .compact ? .regular : .compact, open: "post")
        let record = try #require(original.restorationState)

        let window = Window()
        window.setHorizontalSizeClass(sizeClass)
        let restored = try SplitParent()
        restored.start()
        try window.setRootViewController(restored.presenter)
        #expect(restored.restore(from: record).isComplete)

        #expect(restored.presenter.detailViewControllers.map(\.screenID) == ["post"])
        #expect(window.topScreenID == "post")
        #expect(restored.presenter.isCollapsed == (sizeClass == .compact))
    }

    @Test("Nothing outlives the split: its columns, screens and coordinators are released after teardown")
    func noLeaks() throws {
        let leaks = try trackingLifetimes {
            let (window, parent) = try makeSplitWindow(.regular, open: "post")
            window.setHorizontalSizeClass(.compact)
            window.setHorizontalSizeClass(.regular)
            parent.stop()
        }
        #expect(leaks.isClean, "\(leaks)")
    }
}
