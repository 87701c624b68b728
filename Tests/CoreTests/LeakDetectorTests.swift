import Core
import Testing

/// A coordinator that keeps itself alive through a closure it stores: the retain cycle a leak detector is for.
@MainActor
final class CyclicCoordinator: ViewableCoordinator<ViewController> {
    private var onTap: (@MainActor () -> Void)?

    init(_ id: String) {
        let screen = TestScreen(screenID: id)
        super.init(viewControllerable: screen, presenter: screen)
    }

    override func didStart() {
        onTap = { self.presenter.loadViewIfNeeded() }
    }
}

/// Collects what a detector reports.
@MainActor
final class SurvivorLog {
    private(set) var survivors: [LeakDetector.Survivor] = []
    func record(_ survivor: LeakDetector.Survivor) { survivors.append(survivor) }
}

@Suite("Leak reports at run time")
@MainActor
struct LeakDetectorTests {
    /// A detector with `deadline` that reports to a new log and watches a started root flow.
    private func watchingStartedRoot(
        _ deadline: LeakDetector.Deadline
    ) -> (log: SurvivorLog, detector: LeakDetector, root: FlowCoordinator) {
        let log = SurvivorLog()
        let detector = LeakDetector(deadline: deadline, report: log.record)
        let root = FlowCoordinator("root")
        root.start()
        detector.watch(root)
        return (log, detector, root)
    }

    /// A detector with a three-turn deadline that reports to a new log and watches a started parent whose screen is
    /// a navigation controller, the window's root, showing `home`.
    private func watchingParentOfAStack() throws -> (
        log: SurvivorLog, detector: LeakDetector, window: Window, navigation: NavigationController,
        parent: ScreenCoordinator
    ) {
        let log = SurvivorLog()
        let detector = LeakDetector(deadline: .mainActorTurns(3), report: log.record)
        let (window, navigation) = try makeNavigationWindow(["home"])
        let parent = ScreenCoordinator("parent", screen: navigation)
        parent.start()
        detector.watch(parent)
        return (log, detector, window, navigation, parent)
    }

    @Test("A coordinator kept alive by a cycle after its detach is reported once, with the screen it owns")
    func cycleReported() async throws {
        let (log, detector, window, navigation, parent) = try watchingParentOfAStack()
        try await parent.addChild(CyclicCoordinator("cyclic")) { try navigation.push($0) }

        try window.perform(.backButton)
        await yieldTurns()

        #expect(
            log.survivors == [
                LeakDetector.Survivor(kind: .coordinator, label: "cyclic", reason: "detached from parent"),
                LeakDetector.Survivor(
                    kind: .screen, label: "cyclic", reason: "its coordinator was detached from parent"),
            ])
        #expect(detector.pendingCount == 0)
    }

    @Test("A clean detach reports nothing")
    func cleanDetach() async throws {
        let (log, detector, window, navigation, parent) = try watchingParentOfAStack()
        detector.watch(window)
        try await parent.addChild(ScreenCoordinator("child")) { try navigation.push($0) }

        try window.perform(.backButton)
        await yieldTurns()

        #expect(log.survivors.isEmpty)
        #expect(detector.pendingCount == 0)
    }

    @Test("A screen kept after it left the window is reported; one that came back is not")
    func screensLeavingTheWindow() async throws {
        let log = SurvivorLog()
        let detector = LeakDetector(deadline: .mainActorTurns(2), report: log.record)
        let (window, navigation) = try makeNavigationWindow(["home"])
        detector.watch(window)
        let kept = TestScreen(screenID: "kept")
        let returning = TestScreen(screenID: "returning")
        try navigation.push(kept)
        try navigation.push(returning)
        await yieldTurns()

        try navigation.popToRoot()
        try navigation.push(returning)
        await yieldTurns()

        #expect(log.survivors == [LeakDetector.Survivor(kind: .screen, label: "kept", reason: "left the window")])
        _ = kept
    }

    @Test("With the host's turns, a survivor is reported at the end of the last turn allowed, not before")
    func hostTurns() throws {
        let (log, detector, root) = watchingStartedRoot(.hostTurns(2))
        let held = FlowCoordinator("held")
        try root.addChild(held)
        try root.removeChild(held)

        detector.endTurn()
        #expect(log.survivors.isEmpty)
        detector.endTurn()
        #expect(
            log.survivors == [LeakDetector.Survivor(kind: .coordinator, label: "held", reason: "detached from root")])
        detector.endTurn()
        #expect(log.survivors.count == 1)
    }

    @Test("A coordinator attached again before its deadline is no survivor")
    func reattached() throws {
        let (log, detector, root) = watchingStartedRoot(.hostTurns(1))
        let moving = FlowCoordinator("moving")
        try root.addChild(moving)
        try root.removeChild(moving)
        try root.addChild(moving)

        detector.endTurn()

        #expect(log.survivors.isEmpty)
    }

    @Test("The detector keeps nothing alive, and a released detector stops watching")
    func keepsNothingAlive() async throws {
        let log = SurvivorLog()
        var detector: LeakDetector? = LeakDetector(deadline: .mainActorTurns(50), report: log.record)
        weak let weakDetector = detector
        let root = FlowCoordinator("root")
        root.start()
        detector?.watch(root)
        var child: FlowCoordinator? = FlowCoordinator("child")
        weak let weakChild = child
        try root.addChild(child!)
        try root.removeChild(child!)
        child = nil

        #expect(weakChild == nil)
        detector = nil
        await yieldTurns(60)

        #expect(weakDetector == nil)
        #expect(log.survivors.isEmpty)
    }

    @Test("A watched window is held weakly: released by its owner, it is gone while the detector goes on")
    func windowHeldWeakly() throws {
        let log = SurvivorLog()
        let detector = LeakDetector(deadline: .hostTurns(1), report: log.record)
        var window: Window? = Window()
        weak let weakWindow = window
        try window?.setRootViewController(TestScreen(screenID: "home"))
        detector.watch(window!)

        window = nil
        detector.endTurn()

        #expect(weakWindow == nil)
        #expect(log.survivors.isEmpty)
    }
}
