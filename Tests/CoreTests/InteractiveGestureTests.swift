import Core
import CoreTesting
import Testing

/// A stage with a parent flow whose child owns screen "b", pushed above root "a", on a manual clock.
@MainActor
private struct PushedChild {
    let stage: ClockedStage
    let log = EventLog()
    let parent: FlowCoordinator
    weak var child: ScreenCoordinator?
    weak var screen: ViewController?

    init() throws {
        stage = try ClockedStage()
        parent = FlowCoordinator("parent", log: log)
        parent.start()
        let child = ScreenCoordinator("b", log: log)
        try parent.addChild(child)
        try stage.navigation.push(child.viewControllerable)
        self.child = child
        screen = child.viewControllerable.viewController
        stage.resetLog()
        log.reset()
    }
}

/// A stage with a parent flow whose child owns page sheet "p", presented over stack "a", on a manual clock.
@MainActor
private struct PresentedChild {
    let stage: ClockedStage
    let log = EventLog()
    let parent: FlowCoordinator
    weak var child: ScreenCoordinator?
    let sheet: TestScreen

    init() throws {
        stage = try ClockedStage()
        parent = FlowCoordinator("parent", log: log)
        parent.start()
        sheet = TestScreen(screenID: "p")
        let child = ScreenCoordinator("p", screen: sheet, log: log)
        try parent.addChild(child)
        try stage.navigation.present(child.viewControllerable, style: .pageSheet)
        self.child = child
        stage.resetLog()
        log.reset()
    }
}

@Suite("Interactive gestures")
@MainActor
struct InteractiveGestureTests {
    @Test(
        "A cancelled swipe back: the top screen will-disappears, will-appears, did-appears; the one below the reverse")
    func cancelledSwipeBack() throws {
        let scene = try PushedChild()
        let stage = scene.stage

        try stage.window.beginGesture(.swipeBack)
        #expect(stage.log == ["viewWillDisappear b", "viewWillAppear a"])
        try stage.window.updateGesture(progress: 0.3)
        #expect(
            stage.window.transitionsInFlight == [
                TransitionInfo(kind: .swipeBack, progress: 0.3, isHeld: true, leavingIDs: ["b"], arrivingIDs: ["a"])
            ])

        let finished = try stage.window.releaseGesture()
        #expect(!finished)
        #expect(
            stage.log == ["viewWillDisappear b", "viewWillAppear a", "viewWillDisappear a", "viewWillAppear b"])
        stage.clock.advance(by: .milliseconds(90))
        #expect(
            stage.log == [
                "viewWillDisappear b", "viewWillAppear a", "viewWillDisappear a", "viewWillAppear b",
                "viewDidDisappear a", "viewDidAppear b",
            ])
        #expect(stage.window.isIdle)
        #expect(stage.navigation.stackIDs == ["a", "b"])
        #expect(scene.log.entries.isEmpty, "a cancel stops nothing and tells nobody")
        #expect(scene.parent.children.map(\.name) == ["b"])
        #expect(scene.child != nil)
    }

    @Test("A finished swipe back detaches, stops and releases the owner once, before the did-callbacks")
    func finishedSwipeBack() throws {
        let scene = try PushedChild()
        let stage = scene.stage
        var orderOfEvents: [String] = []
        stage.window.addObserver { event in
            if case .lifecycle(_, let kind) = event, kind == .viewDidAppear || kind == .viewDidDisappear {
                orderOfEvents.append(event.description)
            }
        }
        let log = scene.log
        scene.parent.onUserDidRemove = { orderOfEvents.append("told parent; \(log.entries)") }

        try stage.window.beginGesture(.swipeBack)
        try stage.window.updateGesture(progress: 0.7)
        #expect(scene.log.entries.isEmpty, "nothing is detached while the gesture is held")
        #expect(try stage.window.releaseGesture())

        #expect(scene.log.entries == ["stop b", "userDidRemove b from parent"])
        #expect(stage.navigation.stackIDs == ["a"])
        stage.clock.advance(by: .milliseconds(90))
        #expect(
            orderOfEvents == [
                "told parent; [\"stop b\", \"userDidRemove b from parent\"]", "viewDidDisappear b", "viewDidAppear a",
            ])
        #expect(scene.log.entries == ["stop b", "userDidRemove b from parent"], "exactly once")
        scene.stage.resetLog()
        #expect(scene.child == nil)
        #expect(scene.screen == nil)
    }

    @Test(
        "Releasing finishes at half way or more and cancels below, unless told",
        arguments: [
            (0.5, GestureRelease.automatic, true), (0.49, .automatic, false), (0.1, .finish, true),
            (0.9, .cancel, false), (0, .automatic, false), (1, .automatic, true),
        ])
    func releaseThreshold(progress: Double, release: GestureRelease, finishes: Bool) throws {
        let scene = try PushedChild()
        try scene.stage.window.beginGesture(.swipeBack)
        try scene.stage.window.updateGesture(progress: progress)
        #expect(try scene.stage.window.releaseGesture(release) == finishes)
        scene.stage.clock.runUntilIdle()
        #expect(scene.stage.navigation.stackIDs == (finishes ? ["a"] : ["a", "b"]))
        #expect(scene.parent.userRemovedChildren == (finishes ? ["b"] : []))
    }

    @Test("A cancelled swipe down: the sheet will-disappears, will-appears, did-appears; its presenter hears nothing")
    func cancelledSwipeDown() throws {
        let scene = try PresentedChild()
        let stage = scene.stage
        try stage.window.beginGesture(.swipeDown)
        try stage.window.updateGesture(progress: 0.2)
        #expect(stage.log == ["viewWillDisappear p"])
        try stage.window.releaseGesture()
        stage.clock.runUntilIdle()
        #expect(stage.log == ["viewWillDisappear p", "viewWillAppear p", "viewDidAppear p"])
        #expect(stage.window.presentedIDs == ["p"])
        #expect(scene.log.entries.isEmpty)
    }

    @Test("A finished swipe down dismisses the sheet and releases its owner")
    func finishedSwipeDown() throws {
        let scene = try PresentedChild()
        let stage = scene.stage
        try stage.window.beginGesture(.swipeDown)
        try stage.window.updateGesture(progress: 0.8)
        try stage.window.releaseGesture()
        #expect(scene.log.entries == ["stop p", "userDidRemove p from parent"])
        stage.clock.runUntilIdle()
        #expect(stage.log == ["viewWillDisappear p", "viewDidDisappear p"])
        #expect(stage.window.presentedIDs.isEmpty)
        #expect(scene.child == nil)
    }

    @Test("A sheet that is modal in presentation refuses the swipe down at its start and is told")
    func modalSheetRefusesAtStart() throws {
        let scene = try PresentedChild()
        scene.sheet.refusesUserDismissal = true
        #expect(throws: NavigationError.dismissalRefused) { try scene.stage.window.beginGesture(.swipeDown) }
        #expect(scene.sheet.attemptedUserDismissals == 1)
        #expect(scene.stage.log.isEmpty)
        #expect(scene.stage.window.isIdle)
    }

    @Test("Misuse of the gesture calls is refused with a typed error and changes nothing")
    func gestureMisuse() throws {
        let scene = try PushedChild()
        let window = scene.stage.window
        #expect(throws: NavigationError.noGestureInProgress) { try window.updateGesture(progress: 0.5) }
        #expect(throws: NavigationError.noGestureInProgress) { try window.releaseGesture() }
        #expect(throws: NavigationError.gestureNotInteractive) { try window.beginGesture(.backButton) }
        try window.beginGesture(.swipeBack)
        #expect(throws: NavigationError.gestureInProgress) { try window.beginGesture(.swipeBack) }
        #expect(throws: NavigationError.gestureInProgress) { try window.perform(.backButton) }
        for bad in [-0.1, 1.01, .nan, .infinity] {
            #expect(throws: NavigationError.gestureProgressOutOfRange) { try window.updateGesture(progress: bad) }
        }
        #expect(window.transitionsInFlight.first?.progress == 0)
        try window.releaseGesture(.cancel)
        scene.stage.clock.runUntilIdle()
        #expect(scene.stage.navigation.stackIDs == ["a", "b"])
    }

    @Test("While a gesture is held, every routing call in its window is refused and the moving screens take no input")
    func heldGestureRefusesRouting() throws {
        let scene = try PushedChild()
        let stage = scene.stage
        let top = try #require(stage.screen("b") as? TestScreen)
        top.screenContent = ScreenContent(title: "B", elements: [.button(Button(id: "go", title: "Go"))])
        try stage.window.beginGesture(.swipeBack)
        let recorder = NavigationRecorder(window: stage.window)

        #expect(throws: NavigationError.transitionInProgress) { try stage.navigation.push(TestScreen(screenID: "c")) }
        #expect(throws: NavigationError.transitionInProgress) { try stage.navigation.pop() }
        #expect(throws: NavigationError.transitionInProgress) {
            try stage.navigation.present(TestScreen(screenID: "s"))
        }
        #expect(throws: NavigationError.transitionInProgress) {
            try stage.window.setRootViewController(TestScreen(screenID: "r"))
        }
        #expect(throws: ScreenInputError.screenInTransition) { try stage.window.performAction("go") }
        #expect(recorder.events.isEmpty)
        #expect(top.handledActions.isEmpty)

        try stage.window.releaseGesture(.cancel)
        stage.clock.runUntilIdle()
        try stage.window.performAction("go")
        #expect(top.handledActions == ["go"])
    }

    @Test("On the immediate clock a gesture is still held until released, and its release completes inside the call")
    func immediateClockHoldsTheGesture() throws {
        let window = Window()
        let navigation = try NavigationController(root: TestScreen(screenID: "x"))
        try navigation.push(TestScreen(screenID: "y"))
        try window.setRootViewController(navigation)
        try window.beginGesture(.swipeBack)
        #expect(!window.isIdle)
        try window.updateGesture(progress: 0.6)
        try window.releaseGesture()
        #expect(window.isIdle)
        #expect(navigation.stackIDs == ["x"])
    }

    @Test("A window released while a gesture is held ends it, so routing requests are not held up")
    func releasedWindowEndsHeldGesture() throws {
        let parent = FlowCoordinator("parent")
        parent.start()
        do {
            let scene = try PushedChild()
            try scene.stage.window.beginGesture(.swipeBack)
        }
        var outcome: RoutingOutcome?
        parent.route({}, completion: { outcome = $0 })
        #expect(outcome == .applied)
    }
}

@Suite("A screen that refuses the person's back")
@MainActor
struct BackRefusalTests {
    @Test(
        "The back button, the swipe back and an interactive swipe back are refused, and the screen is told each time",
        arguments: [UserGesture.backButton, .swipeBack])
    func backIsRefused(gesture: UserGesture) throws {
        let scene = try PushedChild()
        let top = try #require(scene.stage.screen("b") as? TestScreen)
        top.refusesBack = true

        #expect(throws: NavigationError.backRefused) { try scene.stage.window.perform(gesture) }
        #expect(throws: NavigationError.backRefused) { try scene.stage.window.beginGesture(.swipeBack) }
        #expect(top.attemptedBacks == 2)
        #expect(scene.stage.navigation.stackIDs == ["a", "b"])
        #expect(scene.stage.log.isEmpty)
        #expect(scene.log.entries.isEmpty)

        top.refusesBack = false
        try scene.stage.window.perform(gesture)
        scene.stage.clock.runUntilIdle()
        #expect(scene.stage.navigation.stackIDs == ["a"])
    }

    @Test("A screen inside the top of the stack refuses for it; the coordinator can still pop it")
    func containedScreenRefuses() throws {
        let stage = try ClockedStage()
        let container = TestContainer(screenID: "tabs")
        let form = TestScreen(screenID: "form")
        form.refusesBack = true
        try container.setViewControllers([form])
        try stage.navigation.push(container)
        #expect(throws: NavigationError.backRefused) { try stage.window.perform(.backButton) }
        #expect(form.attemptedBacks == 1)
        try stage.navigation.pop()
        #expect(stage.navigation.stackIDs == ["a"])
    }
}

@Suite("Removing a screen that embeds a child's screen")
@MainActor
struct EmbeddedOwnerRemovalTests {
    @Test("Only the outermost owner's parent is told; the embedded child's own parent is stopped with it, untold")
    func onlyOutermostParentIsTold() throws {
        let (window, navigation) = try makeNavigationWindow()
        let log = EventLog()
        let root = FlowCoordinator("root", log: log)
        root.start()
        let container = TestContainer(screenID: "feed")
        let feed = ScreenCoordinator("feed", screen: container, log: log)
        try root.addChild(feed)
        let list = ScreenCoordinator("list", log: log)
        try feed.addChild(list)
        try container.setViewControllers([list.viewControllerable])
        try navigation.push(container)
        log.reset()

        try window.perform(.backButton)

        #expect(log.entries == ["stop list", "stop feed", "userDidRemove feed from root"])
        #expect(feed.userRemovedChildren.isEmpty)
        #expect(root.children.isEmpty)
    }
}
