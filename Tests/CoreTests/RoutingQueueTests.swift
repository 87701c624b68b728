import Core
import CoreTesting
import Testing

@Suite("Routing that waits its turn")
@MainActor
struct RoutingQueueTests {
    @Test("When every window is idle a request applies at once and reports before route returns")
    func idleAppliesAtOnce() throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        var outcomes: [RoutingOutcome] = []
        parent.route({ try stage.navigation.push(TestScreen(screenID: "b")) }, completion: { outcomes.append($0) })
        #expect(outcomes == [.applied])
        #expect(stage.navigation.stackIDs == ["a", "b"])
    }

    @Test(
        "Requests made during a transition wait, then apply in order, each after the transition the one before started")
    func requestsWaitInOrder() throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        var outcomes: [String] = []
        try stage.navigation.push(TestScreen(screenID: "b"), animated: true)
        for id in ["c", "d", "e"] {
            parent.route(
                { try stage.navigation.push(TestScreen(screenID: id), animated: true) },
                completion: { outcomes.append("\(id) \($0)") })
        }
        #expect(outcomes.isEmpty)
        #expect(stage.navigation.stackIDs == ["a", "b"])

        stage.clock.advance(by: Window.transitionDuration)
        #expect(stage.navigation.stackIDs == ["a", "b", "c"], "c applies once b ended, and starts a transition")
        stage.clock.advance(by: Window.transitionDuration)
        #expect(stage.navigation.stackIDs == ["a", "b", "c", "d"])
        stage.clock.advance(by: Window.transitionDuration)
        #expect(stage.navigation.stackIDs == ["a", "b", "c", "d", "e"])
        stage.clock.advance(by: Window.transitionDuration)
        #expect(outcomes == ["c applied", "d applied", "e applied"])
        #expect(stage.window.isIdle)
    }

    @Test("A request whose coordinator was stopped before its turn is dropped and its change does not run")
    func stoppedCoordinatorsRequestIsDropped() throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        let child = FlowCoordinator("child")
        try parent.addChild(child)
        try stage.navigation.push(TestScreen(screenID: "b"), animated: true)
        var ran = false
        var outcome: RoutingOutcome?
        child.route({ ran = true }, completion: { outcome = $0 })
        try parent.removeChild(child)
        stage.clock.runUntilIdle()
        #expect(outcome == .dropped)
        #expect(!ran)
    }

    @Test("A request that is refused at its turn reports the refusal and changes nothing")
    func refusedAtItsTurn() throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        try stage.navigation.push(TestScreen(screenID: "b"), animated: true)
        var outcome: RoutingOutcome?
        parent.route(
            {
                try stage.navigation.popToRoot(); try stage.navigation.pop()
            }, completion: { outcome = $0 })
        stage.clock.runUntilIdle()
        #expect(outcome == .refused(.navigation(.cannotPopRoot)))
    }

    @Test("addChild(_:showing:) during a held gesture waits for the release, then attaches and shows the child")
    func addChildWaitsForTheGesture() throws {
        let stage = try ClockedStage()
        try stage.navigation.push(TestScreen(screenID: "b"))
        let parent = try stage.flow("parent")
        try stage.window.beginGesture(.swipeBack)
        let child = ScreenCoordinator("sheet")
        var outcome: RoutingOutcome?
        try parent.addChild(child, showing: { try stage.navigation.present($0, animated: true) }) { outcome = $0 }
        #expect(child.parent == nil, "not attached while its screen cannot be shown")
        #expect(outcome == nil)

        try stage.window.releaseGesture(.cancel)
        stage.clock.runUntilIdle()
        #expect(outcome == .applied)
        #expect(parent.children.map(\.name) == ["sheet"])
        #expect(stage.window.presentedIDs == ["sheet"])
    }

    @Test("A queued addChild whose showing fails leaves the child detached, stopped and released")
    func queuedAddChildFailureRollsBack() throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        try stage.navigation.push(TestScreen(screenID: "b"), animated: true)
        weak var released: ScreenCoordinator?
        var outcome: RoutingOutcome?
        do {
            let child = ScreenCoordinator("child")
            released = child
            try parent.addChild(child, showing: { _ in try stage.navigation.pop(to: TestScreen(screenID: "z")) }) {
                outcome = $0
            }
        }
        stage.clock.runUntilIdle()
        #expect(outcome == .refused(.navigation(.notInNavigationStack)))
        #expect(parent.children.isEmpty)
        #expect(released == nil)
    }

    @Test("A request made while another is being applied is part of it and applies at once")
    func nestedRequestAppliesWithItsParent() throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        try stage.navigation.push(TestScreen(screenID: "b"), animated: true)
        var log: [String] = []
        parent.route {
            log.append("outer")
            parent.route({ log.append("inner") }, completion: { log.append("inner \($0)") })
            log.append("outer done")
        } completion: {
            log.append("outer \($0)")
        }
        parent.route({ log.append("next") })
        stage.clock.runUntilIdle()
        #expect(log == ["outer", "inner", "inner applied", "outer done", "outer applied", "next"])
    }

    @Test("A deep link through four coordinators works with animations on, each step waiting for the one before")
    func deepLinkThroughFourCoordinators() throws {
        let stage = try ClockedStage()
        let log = EventLog()
        let app = FlowCoordinator("app", log: log)
        app.start()
        // Each step builds a child and shows it animated, from inside the previous child's route.
        var steps: [String] = []
        func show(
            _ id: String, from parent: Coordinator, presenting: Bool, then next: (@MainActor (Coordinator) -> Void)?
        ) {
            let child = ScreenCoordinator(id, log: log)
            do {
                try parent.addChild(
                    child,
                    showing: { screen in
                        if presenting {
                            try stage.navigation.present(
                                NavigationController(root: screen, screenID: "\(id).navigation"), animated: true)
                        } else {
                            try stage.window.topViewController?.push(screen, animated: true)
                        }
                    },
                    completion: { outcome in
                        steps.append("\(id) \(outcome)")
                        next?(child)
                    })
            } catch {
                steps.append("\(id) threw \(error)")
            }
        }
        show("feed", from: app, presenting: false) { feed in
            show("post", from: feed, presenting: false) { post in
                show("comments", from: post, presenting: true) { comments in
                    show("author", from: comments, presenting: false, then: nil)
                }
            }
        }
        #expect(steps == ["feed applied"], "the first step applies at once and starts its transition")

        stage.clock.runUntilIdle()
        #expect(steps == ["feed applied", "post applied", "comments applied", "author applied"])
        #expect(app.treeLines == ["app", "  feed", "    post", "      comments", "        author"])
        #expect(stage.navigation.stackIDs == ["a", "feed", "post"])
        #expect(stage.window.navigationStackIDs == ["comments", "author"])
        #expect(stage.window.topScreenID == "author")
        #expect(stage.clock.now == Window.transitionDuration * 4, "four transitions, one after the other")
    }
}

@Suite("Hiding a child and detaching it as one step")
@MainActor
struct RemoveChildHidingTests {
    @Test("During a transition it waits, then hides the screen and detaches, stops and releases the child")
    func waitsThenHidesAndDetaches() throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        weak var released: ScreenCoordinator?
        var outcome: RoutingOutcome?
        do {
            let child = ScreenCoordinator("b")
            released = child
            try parent.addChild(child) { try stage.navigation.push($0) }
            try stage.navigation.push(TestScreen(screenID: "c"), animated: true)
            try parent.removeChild(child, hiding: { _ in try stage.navigation.pop(to: stage.screen("a")!) }) {
                outcome = $0
            }
            #expect(child.parent === parent, "still attached while its screen is shown")
        }
        stage.clock.runUntilIdle()
        #expect(outcome == .applied)
        #expect(stage.navigation.stackIDs == ["a"])
        #expect(parent.children.isEmpty)
        #expect(released == nil)
    }

    @Test("A child whose screen cannot be hidden stays attached; one that is not a child is refused")
    func refusals() throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        let child = ScreenCoordinator("b")
        try parent.addChild(child) { try stage.navigation.push($0) }
        #expect(throws: RoutingError.navigation(.notInNavigationStack)) {
            try parent.removeChild(child) { _ in try stage.navigation.pop(to: TestScreen(screenID: "z")) }
        }
        #expect(child.parent === parent)
        #expect(stage.navigation.stackIDs == ["a", "b"])
        let stranger = ScreenCoordinator("stranger")
        var hid = false
        #expect(throws: RoutingError.coordinator(.notAChild)) {
            try parent.removeChild(stranger) { _ in hid = true }
        }
        #expect(!hid)
    }
}
