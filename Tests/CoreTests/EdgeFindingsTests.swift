import Core
import CoreTesting
import Testing

/// What adopters found at the edges of Core's public API, each pinned by a test that fails without its fix.
@Suite("Edges found by adopters")
@MainActor
struct EdgeFindingsTests {
    @Test("A cancelled swipe lists each moving screen once in the transition in flight", arguments: [false, true])
    func cancelledSwipeListsEachScreenOnce(swipeDown: Bool) throws {
        let stage = try ClockedStage(stack: ["home", "host"])
        if swipeDown {
            try stage.navigation.present(TestScreen(screenID: "sheet"))
        }
        try stage.window.beginGesture(swipeDown ? .swipeDown : .swipeBack)
        try stage.window.updateGesture(progress: 0.3)
        try stage.window.releaseGesture(.cancel)

        let info = try #require(stage.window.transitionsInFlight.first)
        let moving = info.leavingIDs + info.arrivingIDs
        #expect(moving.count == Set(moving).count, "\(moving)")
        #expect(info.arrivingIDs == [swipeDown ? "sheet" : "host"])
        stage.clock.runUntilIdle()
    }

    @Test("An animated transition's progress goes from 0 to 1 with the clock")
    func progressMovesWithTheClock() throws {
        let stage = try ClockedStage()
        try stage.navigation.push(TestScreen(screenID: "b"), animated: true)
        #expect(stage.window.transitionsInFlight.map(\.progress) == [0])
        stage.clock.advance(by: Window.transitionDuration / 2)
        #expect(stage.window.transitionsInFlight.map(\.progress) == [0.5])
        stage.clock.advance(by: Window.transitionDuration / 4)
        #expect(stage.window.transitionsInFlight.map(\.progress) == [0.75])
        stage.clock.advance(by: Window.transitionDuration / 4)
        #expect(stage.window.isIdle)
    }

    @Test(
        "A released gesture's progress moves on from where it was let go: to 1 when it finishes, to 0 when it cancels")
    func releasedGestureProgress() throws {
        for finishing in [true, false] {
            let stage = try ClockedStage(stack: ["a", "b"])
            try stage.window.beginGesture(.swipeBack)
            try stage.window.updateGesture(progress: 0.4)
            #expect(stage.window.transitionsInFlight.map(\.progress) == [0.4])
            try stage.window.releaseGesture(finishing ? .finish : .cancel)
            // Finishing covers the 0.6 left in 0.6 of a duration; cancelling goes back 0.4 in 0.4 of one. Half
            // of that time moves the progress half of the way.
            stage.clock.advance(by: Window.transitionDuration * (finishing ? 0.3 : 0.2))
            let progress = try #require(stage.window.transitionsInFlight.first?.progress)
            #expect(abs(progress - (finishing ? 0.7 : 0.2)) < 1e-9)
            stage.clock.runUntilIdle()
        }
    }

    @Test("A started parent released without stop() stops the children something else still holds, at the next turn")
    func releasedParentStopsItsSubtree() async throws {
        let log = EventLog()
        let child = FlowCoordinator("child", log: log)
        let grandchild = FlowCoordinator("grandchild", log: log)
        do {
            let parent = FlowCoordinator("parent", log: log)
            parent.start()
            try parent.addChild(child)
            try child.addChild(grandchild)
            log.reset()
        }
        #expect(child.parent == nil)
        await yieldUntil { !child.isStarted }
        #expect(log.entries == ["stop grandchild", "stop child"])
        #expect(child.parent == nil)
        #expect(!child.isStarted)
        #expect(!grandchild.isStarted)
        #expect(child.children.isEmpty)
    }

    @Test("A child attached to another parent before that turn is left to its new parent")
    func adoptedChildIsLeftAlone() async throws {
        let child = FlowCoordinator("child")
        let adopter = FlowCoordinator("adopter")
        adopter.start()
        do {
            let parent = FlowCoordinator("parent")
            parent.start()
            try parent.addChild(child)
        }
        try adopter.addChild(child)
        await yieldTurns()
        #expect(child.isStarted)
        #expect(child.parent === adopter)
    }
}

@Suite("A coordinator's default name")
@MainActor
struct DefaultNameTests {
    /// A viewable coordinator that keeps the default name.
    final class UnnamedScreenCoordinator: ViewableCoordinator<TestScreen> {
        init() {
            let screen = TestScreen(screenID: "feature.detail")
            super.init(viewControllerable: screen, presenter: screen)
        }
    }

    /// A coordinator without a screen that keeps the default name.
    final class UnnamedFlow: Coordinator {}

    @Test("A viewable coordinator is named after its screen's id, which a rename of its class does not change")
    func viewableDefaultsToScreenID() {
        #expect(UnnamedScreenCoordinator().name == "feature.detail")
        #expect(UnnamedFlow().name == "UnnamedFlow")
    }
}
