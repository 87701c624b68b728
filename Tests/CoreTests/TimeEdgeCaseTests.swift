import Core
import CoreTesting
import Testing

/// What must hold at the edges of time and touch: a gesture made in one go, windows and clocks that go away
/// mid-transition, a clock pushed to its limits, and changes that meet a transition still running.
@Suite("Time and touch at the edges")
@MainActor
struct TimeEdgeCaseTests {
    @Test(
        "A gesture made in one go locks its stack before the parent hears of it, as an interactive one does",
        arguments: [false, true])
    func oneGoGestureLocksBeforeTellingTheParent(interactive: Bool) throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        let child = ScreenCoordinator("b")
        try parent.addChild(child)
        try stage.navigation.push(child.viewControllerable)
        var directPush: NavigationError?
        var queued: RoutingOutcome?
        parent.onUserDidRemove = {
            do throws(NavigationError) {
                try stage.navigation.push(TestScreen(screenID: "direct"), animated: true)
            } catch {
                directPush = error
            }
            parent.route(
                { try stage.navigation.push(TestScreen(screenID: "c"), animated: true) }, completion: { queued = $0 })
        }

        if interactive {
            try stage.window.beginGesture(.swipeBack)
            try stage.window.releaseGesture(.finish)
        } else {
            try stage.window.perform(.swipeBack)
        }

        #expect(directPush == .transitionInProgress)
        #expect(queued == nil, "the parent's request waits for the pop")
        #expect(stage.navigation.stackIDs == ["a"])
        #expect(stage.window.transitionsInFlight.map(\.kind) == [interactive ? .swipeBack : .gesture])
        stage.clock.runUntilIdle()
        #expect(queued == .applied)
        #expect(stage.navigation.stackIDs == ["a", "c"])
    }

    @Test("A request that waited for a window released mid-transition goes ahead as the window goes")
    func requestWaitingForReleasedWindow() throws {
        let clock = ManualClock()
        var outcome: RoutingOutcome?
        let navigation = try NavigationController(root: TestScreen(screenID: "a"))
        let parent = ScreenCoordinator("parent", screen: navigation)
        parent.start()
        do {
            let window = Window(clock: .manual(clock))
            try window.setRootViewController(navigation)
            try navigation.push(TestScreen(screenID: "b"), animated: true)
            parent.route({}, completion: { outcome = $0 })
            #expect(outcome == nil)
        }
        #expect(outcome == .applied)
        #expect(!clock.hasScheduledTransitions, "nothing waits for a window that is gone")
    }

    @Test("A completion that advances the clock moves it on; the clock never goes back, and never overflows")
    func clockNeverGoesBack() throws {
        let stage = try ClockedStage()
        try stage.navigation.push(TestScreen(screenID: "b"), animated: true) {
            stage.clock.advance(by: .seconds(10))
        }
        stage.clock.advance(by: Window.transitionDuration)
        #expect(stage.clock.now == Window.transitionDuration + .seconds(10))

        stage.clock.advance(by: .seconds(1e20))
        stage.clock.advance(by: .seconds(1e20))
        #expect(stage.clock.now == Window.transitionDuration + .seconds(10) + ManualClock.longestStep * 2)
    }

    @Test("A request that has run lets go of what it captured, even while later requests wait")
    func ranRequestIsReleased() throws {
        final class Payload {}
        let stage = try ClockedStage()
        let flow = try stage.flow("flow")
        weak var released: Payload?
        try stage.navigation.push(TestScreen(screenID: "b"), animated: true)
        do {
            let payload = Payload()
            released = payload
            flow.route {
                _ = payload
                try stage.navigation.push(TestScreen(screenID: "c"), animated: true)
            }
        }
        flow.route { try stage.navigation.push(TestScreen(screenID: "d"), animated: true) }
        stage.clock.advance(by: Window.transitionDuration)
        #expect(stage.navigation.stackIDs == ["a", "b", "c"])
        #expect(released == nil)
        stage.clock.runUntilIdle()
    }

    @Test("On the immediate clock, a request asked for by a callback waits behind the ones already waiting")
    func callbackRequestKeepsItsTurn() throws {
        let window = Window()
        let navigation = try NavigationController(root: TestScreen(screenID: "a"))
        try window.setRootViewController(navigation)
        let flow = ScreenCoordinator("flow", screen: navigation)
        flow.start()
        var order: [String] = []
        let pushed = TestScreen(screenID: "b")
        pushed.onViewDidAppear = { _ in flow.route { order.append("asked for by b's viewDidAppear") } }
        flow.route {
            try navigation.push(pushed, animated: true)
            flow.route { order.append("asked for by the first") }
        }
        #expect(order == ["asked for by the first", "asked for by b's viewDidAppear"])
    }

    @Test("A child switched in while its container is still appearing appears with the container, not before it")
    func childOfAppearingContainer() throws {
        let stage = try ClockedStage()
        let container = TestContainer(screenID: "k")
        try container.setViewControllers([TestScreen(screenID: "x"), TestScreen(screenID: "y")])
        try stage.navigation.push(container, animated: true)
        try container.select(index: 1)
        #expect(stage.log.contains("viewDidAppear y") == false)
        stage.clock.runUntilIdle()
        let didAppear = stage.log.filter { $0.hasPrefix("viewDidAppear") }
        #expect(didAppear == ["viewDidAppear k", "viewDidAppear y"])
    }
}
