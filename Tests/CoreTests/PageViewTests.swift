import Core
import CoreTesting
import Testing

/// A coordinator that shows a tour as pages, each page a child coordinator, and records the current page for
/// restoration; it hears of the pages the person turns to.
@MainActor
final class PagesParent: ViewableCoordinator<PageViewController>, PageViewControllerDelegate {
    let pageIDs: [String]
    private(set) var turnsHeard: [Int] = []

    init(pages: [String] = ["one", "two", "three"]) {
        pageIDs = pages
        let container = PageViewController(screenID: "pages")
        super.init(viewControllerable: container, presenter: container)
    }

    override var name: String { "PagesParent" }

    override func didStart() {
        presenter.delegate = self
        let pages = pageIDs.map { ScreenCoordinator($0) }
        for page in pages { try? addChild(page) }
        try? presenter.setPages(pages.map(\.viewControllerable))
    }

    func pageViewController(_ pageViewController: PageViewController, didTurnTo index: Int) {
        turnsHeard.append(index)
    }

    override var restorationState: RestorationState? {
        RestorationState(kind: "pages", version: 1, values: ["page": "\(presenter.currentIndex ?? 0)"])
    }

    override func restore(from state: RestorationState) -> RestorationResult {
        guard let page = state.values["page"].flatMap(Int.init) else { return .restored }
        do {
            try presenter.turn(to: page, animated: false)
        } catch {
            return .nearest(because: .invalidValue(kind: "pages", key: "page"))
        }
        return .restored
    }
}

/// A started pages parent as a window's root, on `clock`.
@MainActor
func makePagesWindow(clock: TransitionClock = .immediate) throws -> (window: Window, parent: PagesParent) {
    let window = Window(clock: clock)
    let parent = PagesParent()
    parent.start()
    try window.setRootViewController(parent.presenter)
    return (window, parent)
}

@Suite("Page view")
@MainActor
struct PageViewTests {
    // MARK: - Pages

    @Test("The first page is current and only it loads; a page loads the first time it is shown")
    func loadsOnFirstShow() throws {
        let (window, parent) = try makePagesWindow()
        let two = parent.presenter.pages[1] as! TestScreen

        #expect(window.screensOnTop.map(\.screenID) == ["pages", "one"])
        #expect(!two.isViewLoaded)
        try window.perform(.swipeToNextPage)
        try window.perform(.swipeToPreviousPage)
        try window.perform(.swipeToNextPage)
        #expect(two.viewDidLoadCount == 1)
        #expect(parent.presenter.currentIndex == 1)
    }

    @Test("A page turn removes no screen and changes no coordinator")
    func turnsKeepCoordinators() throws {
        let (window, parent) = try makePagesWindow()
        try window.perform(.swipeToNextPage)
        try parent.presenter.turn(to: 2)
        #expect(parent.children.map(\.name) == ["one", "two", "three"])
        #expect(parent.presenter.pages.allSatisfy { $0.parent === parent.presenter })
    }

    // MARK: - Lifecycle order

    @Test(
        "A finished or cancelled held swipe delivers UIKit's order, the did-callbacks on the window's clock",
        arguments: [
            (
                GestureRelease.finish, 1, 0.3,
                ["viewDidDisappear one", "viewDidAppear two"],
                ["select two"]
            ),
            (
                GestureRelease.cancel, 0, 0.7,
                [
                    "viewWillDisappear two", "viewWillAppear one", "viewDidDisappear two", "viewDidAppear one",
                ],
                ["gestureCancelled swipeToNextPage"]
            ),
        ])
    func heldSwipeOrder(
        release: GestureRelease, currentAfter: Int, remainingPart: Double, afterRelease: [String],
        routing: [String]
    ) throws {
        let clock = ManualClock()
        let (window, parent) = try makePagesWindow(clock: .manual(clock))
        let recorder = NavigationRecorder(window: window)

        try window.beginGesture(.swipeToNextPage)
        #expect(recorder.lifecycle == ["viewDidLoad two", "viewWillDisappear one", "viewWillAppear two"])
        #expect(window.transitionsInFlight.first?.kind == .swipePage)
        try window.updateGesture(progress: 0.7)
        recorder.reset()

        try window.releaseGesture(release)
        // The part of a transition's duration the swipe has not covered, in whole milliseconds.
        let remainingMilliseconds = Int(
            (Double(Window.transitionDuration / .milliseconds(1)) * remainingPart).rounded())
        clock.advance(by: .milliseconds(remainingMilliseconds - 1))
        #expect(!window.isIdle)
        clock.advance(by: .milliseconds(1))

        #expect(recorder.lifecycle == afterRelease)
        #expect(parent.presenter.currentIndex == currentAfter)
        #expect(parent.turnsHeard == (release == .finish ? [1] : []))
        #expect(window.isIdle)
        #expect(recorder.routing == routing)
    }

    @Test("The app's animated turn delivers the will-callbacks at once and the did-callbacks after the transition")
    func programmaticTurnOrder() throws {
        let clock = ManualClock()
        let (window, parent) = try makePagesWindow(clock: .manual(clock))
        let recorder = NavigationRecorder(window: window)
        var completed = false

        try parent.presenter.turn(to: 2, animated: true) { completed = true }
        #expect(recorder.lifecycle == ["viewDidLoad three", "viewWillDisappear one", "viewWillAppear three"])
        #expect(!completed)

        clock.advance(by: Window.transitionDuration)
        #expect(recorder.lifecycle.suffix(2) == ["viewDidDisappear one", "viewDidAppear three"])
        #expect(recorder.routing == ["select three"])
        #expect(completed)
        #expect(parent.turnsHeard.isEmpty)
    }

    // MARK: - Refusals

    @Test(
        "A swipe is refused with a typed error and changes nothing",
        arguments: [
            ("at the first page, to the previous one", UserGesture.swipeToPreviousPage, NavigationError.noPageToTurnTo),
            ("the back button finds nothing to pop", UserGesture.backButton, NavigationError.nothingToGoBack),
        ])
    func refusedSwipes(_ situation: String, gesture: UserGesture, error: NavigationError) throws {
        let (window, parent) = try makePagesWindow()
        let recorder = NavigationRecorder(window: window)

        #expect(throws: error) { try window.perform(gesture) }
        #expect(parent.presenter.currentIndex == 0)
        #expect(recorder.events.isEmpty)
    }

    @Test("At the last page the next swipe is refused; without a page container on top every page swipe is")
    func edgesAndNoContainer() throws {
        let (window, parent) = try makePagesWindow()
        try parent.presenter.turn(to: 2, animated: false)
        #expect(throws: NavigationError.noPageToTurnTo) { try window.beginGesture(.swipeToNextPage) }

        let (stackWindow, _) = try makeNavigationWindow()
        #expect(throws: NavigationError.noPageContainer) { try stackWindow.perform(.swipeToNextPage) }
    }

    @Test("While a swipe is held: routing is refused, a second gesture is refused, and the moving pages take no input")
    func refusalsWhileHeld() throws {
        let clock = ManualClock()
        let (window, parent) = try makePagesWindow(clock: .manual(clock))
        try window.beginGesture(.swipeToNextPage)

        #expect(throws: NavigationError.transitionInProgress) { try parent.presenter.turn(to: 2) }
        #expect(throws: NavigationError.transitionInProgress) {
            try parent.presenter.setPages([TestScreen(screenID: "other")])
        }
        #expect(throws: NavigationError.gestureInProgress) { try window.beginGesture(.swipeToNextPage) }
        #expect(throws: ScreenInputError.screenInTransition) {
            try parent.presenter.pages[0].performAction("anything")
        }
        try window.releaseGesture(.finish)
        #expect(throws: NavigationError.transitionInProgress) { try window.perform(.swipeToNextPage) }
        _ = clock.runUntilIdle()
        try window.perform(.swipeToNextPage)
        #expect(parent.presenter.currentIndex == 2)
    }

    @Test("Turning to a page that does not exist, or handing a page shown elsewhere, is refused")
    func misuse() throws {
        let (_, parent) = try makePagesWindow()
        #expect(throws: NavigationError.indexOutOfRange) { try parent.presenter.turn(to: 3) }
        #expect(throws: NavigationError.indexOutOfRange) {
            try parent.presenter.setPages([TestScreen(screenID: "a")], current: 1)
        }
        let (otherWindow, navigation) = try makeNavigationWindow()
        #expect(throws: NavigationError.alreadyInHierarchy) { try parent.presenter.setPages([navigation]) }
        #expect(otherWindow.rootViewController === navigation)
        #expect(parent.presenter.pages.map(\.screenID) == ["one", "two", "three"])
    }

    @Test("A turn asked for through the routing queue waits for the swipe in flight")
    func routedTurnWaits() throws {
        let clock = ManualClock()
        let (window, parent) = try makePagesWindow(clock: .manual(clock))
        try window.perform(.swipeToNextPage)

        parent.route { try parent.presenter.turn(to: 0, animated: false) }
        #expect(parent.presenter.currentIndex == 1)
        _ = clock.runUntilIdle()
        #expect(parent.presenter.currentIndex == 0)
        #expect(parent.turnsHeard == [1])
    }

    // MARK: - Restoration and lifetimes

    @Test("A restored tour shows the page the person was on")
    func restoration() throws {
        let (window, original) = try makePagesWindow()
        try window.perform(.swipeToNextPage)
        try window.perform(.swipeToNextPage)
        let record = try #require(original.restorationState)

        let (restoredWindow, restored) = try makePagesWindow()
        #expect(restored.restore(from: record).isComplete)
        #expect(restoredWindow.topScreenID == "three")

        let stale = RestorationState(kind: "pages", version: 1, values: ["page": "9"])
        #expect(!restored.restore(from: stale).isComplete)
        #expect(restoredWindow.topScreenID == "three")
    }

    @Test("Nothing outlives the pages: screens and coordinators are released after teardown")
    func noLeaks() throws {
        let leaks = try trackingLifetimes {
            let clock = ManualClock()
            let (window, parent) = try makePagesWindow(clock: .manual(clock))
            try window.beginGesture(.swipeToNextPage)
            try window.releaseGesture(.finish)
            _ = clock.runUntilIdle()
            parent.stop()
        }
        #expect(leaks.isClean, "\(leaks)")
    }
}
