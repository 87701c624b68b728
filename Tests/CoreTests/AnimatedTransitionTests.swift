import Core
import CoreTesting
import Testing

/// An animated routing call from a settled state: what it delivers when it starts, and what it delivers when
/// its time is up, before its completion.
struct AnimatedCase: Sendable, CustomTestStringConvertible {
    enum Route: String, Sendable {
        case push, pop, popToRoot, popToScreen, setStack
        case presentFullScreen, presentPageSheet, presentOverFullScreen
        case dismissFullScreen, dismissPageSheet
    }

    let route: Route
    let atStart: [String]
    let atEnd: [String]

    var testDescription: String { route.rawValue }

    static let table: [AnimatedCase] = [
        AnimatedCase(
            route: .push,
            atStart: ["viewDidLoad b", "viewWillDisappear a", "viewWillAppear b"],
            atEnd: ["viewDidDisappear a", "viewDidAppear b"]),
        AnimatedCase(
            route: .pop,
            atStart: ["viewWillDisappear b", "viewWillAppear a"],
            atEnd: ["viewDidDisappear b", "viewDidAppear a"]),
        AnimatedCase(
            route: .popToRoot,
            atStart: ["viewWillDisappear c", "viewWillAppear a"],
            atEnd: ["viewDidDisappear c", "viewDidAppear a"]),
        AnimatedCase(
            route: .popToScreen,
            atStart: ["viewWillDisappear c", "viewWillAppear b"],
            atEnd: ["viewDidDisappear c", "viewDidAppear b"]),
        AnimatedCase(
            route: .setStack,
            atStart: ["viewDidLoad e", "viewWillDisappear b", "viewWillAppear e"],
            atEnd: ["viewDidDisappear b", "viewDidAppear e"]),
        AnimatedCase(
            route: .presentFullScreen,
            atStart: ["viewDidLoad p", "viewWillDisappear nav", "viewWillDisappear a", "viewWillAppear p"],
            atEnd: ["viewDidDisappear nav", "viewDidDisappear a", "viewDidAppear p"]),
        AnimatedCase(
            route: .presentPageSheet, atStart: ["viewDidLoad p", "viewWillAppear p"], atEnd: ["viewDidAppear p"]),
        AnimatedCase(
            route: .presentOverFullScreen, atStart: ["viewDidLoad p", "viewWillAppear p"], atEnd: ["viewDidAppear p"]),
        AnimatedCase(
            route: .dismissFullScreen,
            atStart: ["viewWillDisappear p", "viewWillAppear nav", "viewWillAppear a"],
            atEnd: ["viewDidDisappear p", "viewDidAppear nav", "viewDidAppear a"]),
        AnimatedCase(route: .dismissPageSheet, atStart: ["viewWillDisappear p"], atEnd: ["viewDidDisappear p"]),
    ]
}

/// A window on a manual clock showing a navigation stack, set up without animation, and a log of its lifecycle
/// events and of the completions the test marks.
@MainActor
final class ClockedStage {
    let clock = ManualClock()
    let window: Window
    let navigation: NavigationController
    private(set) var log: [String] = []

    init(stack ids: [String] = ["a"], immediate: Bool = false) throws {
        window = Window(clock: immediate ? .immediate : .manual(clock))
        navigation = NavigationController(screenID: "nav")
        try navigation.setStack(ids.map { TestScreen(screenID: $0) })
        try window.setRootViewController(navigation)
        window.addObserver { [weak self] event in
            if case .lifecycle = event { self?.log.append(event.description) }
        }
    }

    /// A completion that writes `mark` into the log.
    func mark(_ mark: String) -> @MainActor () -> Void {
        { [weak self] in self?.log.append(mark) }
    }

    func resetLog() { log.removeAll() }

    func screen(_ id: String) -> ViewController? {
        navigation.viewControllers.first { $0.screenID == id }
    }

    /// The coordinator that owns the stage's navigation stack, so the coordinators under it route in the stage's
    /// window's queue.
    private lazy var root: ScreenCoordinator = {
        let root = ScreenCoordinator("stage", screen: navigation)
        root.start()
        return root
    }()

    /// A started coordinator without a screen, attached under the stage's root: its routing requests wait for the
    /// stage's window.
    func flow(_ label: String, log: EventLog? = nil) throws -> FlowCoordinator {
        let flow = FlowCoordinator(label, log: log)
        try root.addChild(flow)
        return flow
    }
}

@Suite("Animated transitions")
@MainActor
struct AnimatedTransitionTests {
    /// Prepares `stage` for `route` without animation, then starts `route` animated with a completion that logs
    /// "completion".
    private func start(_ route: AnimatedCase.Route, on stage: ClockedStage) throws {
        let navigation = stage.navigation
        switch route {
        case .push:
            try navigation.push(TestScreen(screenID: "b"), animated: true, completion: stage.mark("completion"))
        case .pop:
            try navigation.push(TestScreen(screenID: "b"))
            stage.resetLog()
            try navigation.pop(animated: true, completion: stage.mark("completion"))
        case .popToRoot, .popToScreen:
            try navigation.push(TestScreen(screenID: "b"))
            try navigation.push(TestScreen(screenID: "c"))
            stage.resetLog()
            if route == .popToRoot {
                try navigation.popToRoot(animated: true, completion: stage.mark("completion"))
            } else {
                let below = try #require(stage.screen("b"))
                try navigation.pop(to: below, animated: true, completion: stage.mark("completion"))
            }
        case .setStack:
            try navigation.push(TestScreen(screenID: "b"))
            stage.resetLog()
            let root = try #require(stage.screen("a"))
            try navigation.setStack(
                [root, TestScreen(screenID: "e")], animated: true, completion: stage.mark("completion"))
        case .presentFullScreen, .presentPageSheet, .presentOverFullScreen:
            let style: PresentationStyle =
                route == .presentFullScreen ? .fullScreen : route == .presentPageSheet ? .pageSheet : .overFullScreen
            try navigation.present(
                TestScreen(screenID: "p"), style: style, animated: true, completion: stage.mark("completion"))
        case .dismissFullScreen, .dismissPageSheet:
            try navigation.present(
                TestScreen(screenID: "p"), style: route == .dismissFullScreen ? .fullScreen : .pageSheet)
            stage.resetLog()
            try navigation.dismiss(animated: true, completion: stage.mark("completion"))
        }
    }

    @Test(
        "The will-callbacks come when the transition starts, the did-callbacks and then the completion when its time is up",
        arguments: AnimatedCase.table)
    func callbacksSpanTheDuration(_ testCase: AnimatedCase) throws {
        let stage = try ClockedStage()
        try start(testCase.route, on: stage)
        #expect(stage.log == testCase.atStart)
        #expect(!stage.window.isIdle)

        stage.clock.advance(by: Window.transitionDuration - .milliseconds(1))
        #expect(stage.log == testCase.atStart, "nothing more before the duration has passed")

        stage.clock.advance(by: .milliseconds(1))
        #expect(stage.log == testCase.atStart + testCase.atEnd + ["completion"])
        #expect(stage.window.isIdle)
        #expect(stage.window.transitionsInFlight.isEmpty)
    }

    @Test(
        "On the immediate clock an animated call delivers everything, then its completion, before it returns",
        arguments: AnimatedCase.table)
    func immediateClockCompletesInsideTheCall(_ testCase: AnimatedCase) throws {
        let stage = try ClockedStage(immediate: true)
        try start(testCase.route, on: stage)
        #expect(stage.log == testCase.atStart + testCase.atEnd + ["completion"])
        #expect(stage.window.isIdle)
        #expect(!stage.clock.hasScheduledTransitions)
    }

    @Test("While a transition runs, its screens are appearing or disappearing and the window reports what moves")
    func transitionInFlightIsReported() throws {
        let stage = try ClockedStage()
        try stage.navigation.push(TestScreen(screenID: "b"), animated: true)
        #expect(stage.screen("a")?.appearanceState == .disappearing)
        #expect(stage.screen("b")?.appearanceState == .appearing)
        #expect(
            stage.window.transitionsInFlight == [
                TransitionInfo(kind: .routing, progress: 0, isHeld: false, leavingIDs: ["a"], arrivingIDs: ["b"])
            ])
        stage.clock.advance(by: Window.transitionDuration)
        #expect(stage.screen("a")?.appearanceState == .disappeared)
        #expect(stage.screen("b")?.appearanceState == .appeared)
    }

    @Test("A push onto a stack that is not on screen is not animated: its completion runs at once")
    func offScreenIsNeverAnimated() throws {
        let clock = ManualClock()
        _ = Window(clock: .manual(clock))
        let navigation = try NavigationController(root: TestScreen(screenID: "a"))
        var completed = false
        try navigation.push(TestScreen(screenID: "b"), animated: true) { completed = true }
        #expect(completed)
        try navigation.push(TestScreen(screenID: "c"), animated: true)
        #expect(navigation.stackIDs == ["a", "b", "c"])
        #expect(!clock.hasScheduledTransitions)
    }

    @Test("Two windows on one clock end their transitions in the order they are due")
    func oneClockManyWindows() throws {
        let first = try ClockedStage()
        let second = Window(clock: .manual(first.clock))
        let navigation = try NavigationController(root: TestScreen(screenID: "x"), screenID: "nav2")
        try second.setRootViewController(navigation)
        var order: [String] = []
        try first.navigation.push(TestScreen(screenID: "b"), animated: true) { order.append("first") }
        let third = Window.transitionDuration / 3
        first.clock.advance(by: third)
        try navigation.push(TestScreen(screenID: "y"), animated: true) { order.append("second") }
        // The first ends a third of a duration before the second.
        first.clock.advance(by: Window.transitionDuration - third + third / 2)
        #expect(order == ["first"])
        first.clock.advance(by: third)
        #expect(order == ["first", "second"])
    }

    @Test("A negative advance moves nothing; runUntilIdle ends everything scheduled and says how far it moved")
    func clockMisuse() throws {
        let stage = try ClockedStage()
        try stage.navigation.push(TestScreen(screenID: "b"), animated: true)
        stage.clock.advance(by: .milliseconds(-500))
        #expect(stage.clock.now == .zero)
        #expect(!stage.window.isIdle)
        #expect(stage.clock.runUntilIdle() == Window.transitionDuration)
        #expect(stage.window.isIdle)
        #expect(stage.clock.runUntilIdle() == .zero)
    }

    @Test("A screen pushed and released during its transition is released once the transition ends")
    func transitionDoesNotLeak() throws {
        let stage = try ClockedStage()
        weak var released: ViewController?
        do {
            let screen = TestScreen(screenID: "b")
            released = screen
            try stage.navigation.push(screen, animated: true)
        }
        stage.clock.advance(by: Window.transitionDuration)
        try stage.navigation.pop(animated: true)
        #expect(released != nil, "the transition still owes it viewDidDisappear")
        stage.clock.advance(by: Window.transitionDuration)
        #expect(released == nil)
    }

    @Test("A window released during a transition ends it without callbacks, so routing elsewhere is not held up")
    func releasedWindowEndsItsTransitions() throws {
        let parent = FlowCoordinator("parent")
        parent.start()
        do {
            let stage = try ClockedStage()
            try stage.navigation.push(TestScreen(screenID: "b"), animated: true)
        }
        var outcome: RoutingOutcome?
        parent.route({}, completion: { outcome = $0 })
        #expect(outcome == .applied)
    }
}

@Suite("Refusals while a transition runs")
@MainActor
struct TransitionRefusalTests {
    @Test("A navigation controller in a transition refuses every push, pop and new stack, and nothing changes")
    func navigationInTransitionRefuses() throws {
        let stage = try ClockedStage(stack: ["a", "b"])
        let below = try #require(stage.screen("a"))
        try stage.navigation.push(TestScreen(screenID: "c"), animated: true)
        let recorder = NavigationRecorder(window: stage.window)

        #expect(throws: NavigationError.transitionInProgress) { try stage.navigation.push(TestScreen(screenID: "d")) }
        #expect(throws: NavigationError.transitionInProgress) { try stage.navigation.pop() }
        #expect(throws: NavigationError.transitionInProgress) { try stage.navigation.popToRoot() }
        #expect(throws: NavigationError.transitionInProgress) { try stage.navigation.pop(to: below) }
        #expect(throws: NavigationError.transitionInProgress) { try stage.navigation.setStack([below]) }
        #expect(stage.navigation.stackIDs == ["a", "b", "c"])
        #expect(recorder.events.isEmpty)

        stage.clock.advance(by: Window.transitionDuration)
        try stage.navigation.pop()
        #expect(stage.navigation.stackIDs == ["a", "b"])
    }

    @Test("While a presentation runs, neither side may present again or dismiss")
    func presentationInTransitionRefuses() throws {
        let stage = try ClockedStage()
        let sheet = TestScreen(screenID: "p")
        try stage.navigation.present(sheet, animated: true)

        #expect(throws: NavigationError.transitionInProgress) { try sheet.present(TestScreen(screenID: "q")) }
        #expect(throws: NavigationError.transitionInProgress) { try stage.navigation.dismiss() }
        #expect(throws: NavigationError.transitionInProgress) { try sheet.dismiss() }
        #expect(stage.window.presentedIDs == ["p"])

        stage.clock.advance(by: Window.transitionDuration)
        try sheet.present(TestScreen(screenID: "q"))
        #expect(stage.window.presentedIDs == ["p", "q"])
    }

    @Test("A screen being dismissed, and the context it leaves, refuse to present until the dismissal ends")
    func dismissalInTransitionRefuses() throws {
        let stage = try ClockedStage()
        let sheet = TestScreen(screenID: "p")
        try stage.navigation.present(sheet)
        try sheet.dismiss(animated: true)

        #expect(throws: NavigationError.transitionInProgress) { try sheet.present(TestScreen(screenID: "q")) }
        #expect(throws: NavigationError.transitionInProgress) {
            try stage.navigation.present(TestScreen(screenID: "r"))
        }
        #expect(stage.window.presentedIDs.isEmpty)

        stage.clock.advance(by: Window.transitionDuration)
        try stage.navigation.present(TestScreen(screenID: "r"))
        #expect(stage.window.presentedIDs == ["r"])
    }

    @Test("A screen in a transition takes no action and no text; the screen that stays takes both")
    func inputToMovingScreenIsRefused() throws {
        let stage = try ClockedStage()
        let arriving = TestScreen(screenID: "b")
        arriving.screenContent = ScreenContent(
            title: "B",
            elements: [.button(Button(id: "go", title: "Go")), .field(TextField(id: "name", label: "Name", value: ""))])
        try stage.navigation.push(arriving, animated: true)

        #expect(throws: ScreenInputError.screenInTransition) { try stage.window.performAction("go") }
        #expect(throws: ScreenInputError.screenInTransition) { try stage.window.setText("x", forField: "name") }
        #expect(throws: ScreenInputError.screenInTransition) { try arriving.performAction("go") }
        #expect(arriving.handledActions.isEmpty)
        #expect(arriving.handledTexts.isEmpty)

        stage.clock.advance(by: Window.transitionDuration)
        try stage.window.performAction("go")
        try stage.window.setText("x", forField: "name")
        #expect(arriving.handledActions == ["go"])
        #expect(arriving.handledTexts == ["name=x"])
    }

    @Test("No gesture starts while anything moves in the window")
    func gesturesWaitForTransitions() throws {
        let stage = try ClockedStage(stack: ["a", "b"])
        try stage.navigation.push(TestScreen(screenID: "c"), animated: true)
        #expect(throws: NavigationError.transitionInProgress) { try stage.window.perform(.backButton) }
        #expect(throws: NavigationError.transitionInProgress) { try stage.window.beginGesture(.swipeBack) }
        stage.clock.advance(by: Window.transitionDuration)
        try stage.window.perform(.backButton)
        stage.clock.advance(by: Window.transitionDuration)
        #expect(stage.navigation.stackIDs == ["a", "b"])
    }

    @Test("A second animated push from a callback of the first is refused, as UIKit refuses a push during a push")
    func pushFromWillAppearIsRefused() throws {
        let stage = try ClockedStage()
        let arriving = TestScreen(screenID: "b")
        var refusal: NavigationError?
        arriving.onViewWillAppear = { screen in
            do throws(NavigationError) {
                try screen.push(TestScreen(screenID: "c"), animated: true)
            } catch {
                refusal = error
            }
        }
        try stage.navigation.push(arriving, animated: true)
        #expect(refusal == .transitionInProgress)
        stage.clock.advance(by: Window.transitionDuration)
        #expect(stage.navigation.stackIDs == ["a", "b"])
    }
}

@Suite("Transitions overtaken by instant changes")
@MainActor
struct OvertakenTransitionTests {
    @Test("A new root during a push: the moving screens finish disappearing at once, and nothing appears later")
    func newRootDuringPush() throws {
        let stage = try ClockedStage()
        try stage.navigation.push(TestScreen(screenID: "b"), animated: true, completion: stage.mark("completion"))
        stage.resetLog()

        try stage.window.setRootViewController(TestScreen(screenID: "r"))
        #expect(
            stage.log == [
                "viewDidLoad r", "viewWillDisappear nav", "viewWillDisappear b", "viewWillAppear r",
                "viewDidDisappear nav", "viewDidDisappear b", "viewDidAppear r",
            ])
        #expect(stage.screen("a")?.appearanceState == .disappearing, "a still waits for the push to end")

        stage.clock.advance(by: Window.transitionDuration)
        #expect(stage.log.suffix(2) == ["viewDidDisappear a", "completion"])
        #expect(stage.navigation.viewControllers.allSatisfy { $0.appearanceState == .disappeared })
        #expect(stage.window.isIdle)
    }

    @Test("A container switch during a push inside it takes the pushed screen away at once")
    func containerSwitchDuringPush() throws {
        let clock = ManualClock()
        let window = Window(clock: .manual(clock))
        let tabs = TestContainer(screenID: "tabs")
        let first = try NavigationController(root: TestScreen(screenID: "one"), screenID: "first")
        let second = TestScreen(screenID: "two")
        try tabs.setViewControllers([first, second])
        try window.setRootViewController(tabs)
        var log: [String] = []
        window.addObserver { event in
            if case .lifecycle = event { log.append(event.description) }
        }
        try first.push(TestScreen(screenID: "pushed"), animated: true)
        log.removeAll()

        try tabs.select(index: 1)
        clock.runUntilIdle()
        #expect(
            log == [
                "viewDidLoad two", "viewWillDisappear first", "viewWillDisappear pushed", "viewWillAppear two",
                "viewDidDisappear first",
                "viewDidDisappear pushed", "viewDidAppear two", "viewDidDisappear one",
            ])
        #expect(window.visibleViewControllers.map(\.screenID) == ["tabs", "two"])
    }
}
