import Core
import CoreTesting
import Testing

/// A value a task and its test share on the main actor.
@MainActor
final class Shared<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Lets the main actor run the tasks that wait for it, until `condition` holds (or a bounded number of turns passed).
@MainActor
func yieldUntil(_ condition: () -> Bool) async {
    for _ in 0..<1_000 where !condition() {
        await Task.yield()
    }
}

/// Lets the main actor run the tasks that wait for it, a few turns.
@MainActor
func yieldTurns(_ turns: Int = 20) async {
    for _ in 0..<turns { await Task.yield() }
}

/// A started parent showing a navigation stack on `home`, with a one-shot picker attached and pushed onto it: the
/// arrangement every test of a child's outcome starts from.
@MainActor
func pickerShownByParent() async throws -> (
    parent: ScreenCoordinator, picker: PickerCoordinator, navigation: NavigationController
) {
    let (_, navigation) = try makeNavigationWindow(["home"])
    let parent = ScreenCoordinator("parent", screen: navigation)
    parent.start()
    let picker = PickerCoordinator()
    try await parent.addChild(picker) { try navigation.push($0) }
    return (parent, picker, navigation)
}

/// A child that ends once with a colour, as a picker does.
@MainActor
final class PickerCoordinator: ViewableCoordinator<TestScreen>, OneShotCoordinating {
    typealias Outcome = String

    init(_ id: String = "picker") {
        let screen = TestScreen(screenID: id)
        super.init(viewControllerable: screen, presenter: screen)
    }
}

@Suite("Awaiting the routing queue")
@MainActor
struct AwaitingRoutesTests {
    @Test("On the immediate clock the awaited calls resume with the change applied and every callback delivered")
    func immediateClock() async throws {
        let (window, navigation) = try makeNavigationWindow(["a"])
        let parent = ScreenCoordinator("parent", screen: navigation)
        parent.start()
        let child = ScreenCoordinator("b")

        try await parent.addChild(child) { try navigation.push($0, animated: true) }
        #expect(navigation.stackIDs == ["a", "b"])
        #expect(child.viewControllerable.viewController.appearanceState == .appeared)
        #expect(window.isIdle)

        try await parent.route { try navigation.push(TestScreen(screenID: "c"), animated: true) }
        #expect(navigation.stackIDs == ["a", "b", "c"])

        try await parent.removeChild(child) { _ in try navigation.pop(to: navigation.rootViewController!) }
        #expect(parent.children.isEmpty)
        #expect(navigation.stackIDs == ["a"])
        parent.stop()
    }

    @Test("On the manual clock an awaited push resumes only once the clock passed the end of its transition")
    func manualClockResumesAtTheEnd() async throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        let resumedAt = Shared<Duration?>(nil)
        let task = Task {
            try await parent.route { try stage.navigation.push(TestScreen(screenID: "b"), animated: true) }
            resumedAt.value = stage.clock.now
        }
        await yieldUntil { stage.navigation.stackIDs.count == 2 }

        stage.clock.advance(by: Window.transitionDuration - .milliseconds(1))
        await yieldTurns()
        #expect(resumedAt.value == nil)
        #expect(stage.screen("b")?.appearanceState == .appearing)

        stage.clock.advance(by: .milliseconds(1))
        try await task.value
        #expect(resumedAt.value == Window.transitionDuration)
        #expect(stage.screen("b")?.appearanceState == .appeared)
    }

    @Test("An awaited request waits its turn behind a held gesture, then for its own transition")
    func waitsItsTurn() async throws {
        let stage = try ClockedStage(stack: ["a", "b"])
        let parent = try stage.flow("parent")
        let child = ScreenCoordinator("c")
        try stage.window.beginGesture(.swipeBack)
        let resumed = Shared(false)
        let task = Task {
            try await parent.addChild(child) { try stage.navigation.push($0, animated: true) }
            resumed.value = true
        }
        await yieldTurns()
        #expect(child.parent == nil, "the request waits for the gesture")

        try stage.window.releaseGesture(.cancel)
        stage.clock.advance(by: .zero)
        #expect(stage.navigation.stackIDs == ["a", "b", "c"], "a cancel at progress 0 ends at once")
        await yieldTurns()
        #expect(!resumed.value, "the push it started still moves")

        stage.clock.advance(by: Window.transitionDuration)
        try await task.value
        #expect(resumed.value)
        #expect(parent.children.map(\.name) == ["c"])
    }

    @Test("A refusal at its turn is thrown with its type, and nothing changes")
    func refusalIsThrown() async throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        await #expect(throws: RoutingError.navigation(.cannotPopRoot)) {
            try await parent.route { try stage.navigation.pop(animated: true) }
        }
        let child = ScreenCoordinator("b")
        await #expect(throws: RoutingError.navigation(.notInNavigationStack)) {
            try await parent.addChild(child) { try stage.navigation.pop(to: $0) }
        }
        #expect(child.parent == nil)
        await #expect(throws: RoutingError.coordinator(.notAChild)) {
            try await parent.removeChild(child) { _ in }
        }
        #expect(stage.navigation.stackIDs == ["a"])
    }

    @Test("A coordinator stopped before its request's turn makes the awaited call throw dropped")
    func droppedIsThrown() async throws {
        let stage = try ClockedStage(stack: ["a", "b"])
        let parent = try stage.flow("parent")
        try stage.window.beginGesture(.swipeBack)
        let ran = Shared(false)
        let task = Task { try await parent.route { ran.value = true } }
        await yieldTurns()

        parent.stop()
        try stage.window.releaseGesture(.cancel)
        stage.clock.runUntilIdle()

        await #expect(throws: RoutingError.dropped) { try await task.value }
        #expect(!ran.value)
    }

    @Test("Cancelling the task while its request waits withdraws the request: never applied, and cancelled thrown")
    func cancelWhileWaiting() async throws {
        let stage = try ClockedStage(stack: ["a", "b"])
        let parent = try stage.flow("parent")
        try stage.window.beginGesture(.swipeBack)
        let ran = Shared(false)
        let task = Task {
            try await parent.route {
                ran.value = true
                try stage.navigation.push(TestScreen(screenID: "c"), animated: true)
            }
        }
        await yieldTurns()

        task.cancel()
        await #expect(throws: RoutingError.cancelled) { try await task.value }

        try stage.window.releaseGesture(.cancel)
        stage.clock.runUntilIdle()
        #expect(!ran.value)
        #expect(stage.navigation.stackIDs == ["a", "b"])
    }

    @Test("Cancelled in the same main-actor turn as the clock frees the queue, a waiting request is never applied")
    func cancelThenClockInOneTurn() async throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        try stage.navigation.push(TestScreen(screenID: "first"), animated: true)
        let ran = Shared(false)
        let task = Task {
            try await parent.route {
                ran.value = true
                try stage.navigation.push(TestScreen(screenID: "second"), animated: true)
            }
        }
        await yieldTurns()

        task.cancel()
        stage.clock.runUntilIdle()

        await #expect(throws: RoutingError.cancelled) { try await task.value }
        stage.clock.runUntilIdle()
        #expect(!ran.value)
        #expect(stage.navigation.stackIDs == ["a", "first"])
    }

    @Test("Cancelled in the same turn as the clock frees the queue, an awaited addChild attaches nothing")
    func cancelThenClockInOneTurnAddChild() async throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        try stage.navigation.push(TestScreen(screenID: "first"), animated: true)
        let child = ScreenCoordinator("second")
        let task = Task { try await parent.addChild(child) { try stage.navigation.push($0, animated: true) } }
        await yieldTurns()

        task.cancel()
        stage.clock.runUntilIdle()

        await #expect(throws: RoutingError.cancelled) { try await task.value }
        #expect(child.parent == nil)
        #expect(!child.isStarted)
        #expect(stage.navigation.stackIDs == ["a", "first"])
    }

    @Test("Cancelling the task once its request applied leaves the change, and the call resumes at the end with it")
    func cancelAfterApplied() async throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        let resumed = Shared(false)
        let task = Task {
            try await parent.route { try stage.navigation.push(TestScreen(screenID: "b"), animated: true) }
            resumed.value = true
        }
        await yieldUntil { stage.navigation.stackIDs.count == 2 }

        task.cancel()
        await yieldTurns()
        #expect(!resumed.value)
        stage.clock.advance(by: Window.transitionDuration)
        try await task.value
        #expect(resumed.value)
        #expect(stage.navigation.stackIDs == ["a", "b"])
    }

    @Test("A call from a task already cancelled throws cancelled without asking")
    func alreadyCancelled() async throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        let ran = Shared(false)
        let task = Task { try await parent.route { ran.value = true } }
        task.cancel()
        await #expect(throws: RoutingError.cancelled) { try await task.value }
        #expect(!ran.value)
    }

    @Test("A deep link written as a sequence of try await ends at the first step that fails")
    func deepLinkStopsAtFirstFailure() async throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        let task = Task {
            for id in ["s1", "moving"] {
                try await parent.route { try stage.navigation.push(TestScreen(screenID: id), animated: true) }
            }
            try await parent.route { try stage.navigation.pop(to: TestScreen(screenID: "nowhere")) }
            try await parent.route { try stage.navigation.push(TestScreen(screenID: "s4"), animated: true) }
        }
        for _ in 0..<10 {
            stage.clock.runUntilIdle()
            await yieldTurns()
        }

        await #expect(throws: RoutingError.navigation(.notInNavigationStack)) { try await task.value }
        #expect(stage.navigation.stackIDs == ["a", "s1", "moving"])
    }

    @Test("With completions each request stands alone: one refused at its turn does not stop the ones after it")
    func completionRequestsStandAlone() throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        try stage.navigation.push(TestScreen(screenID: "moving"), animated: true)
        var outcomes: [String] = []
        parent.route({ try stage.navigation.push(TestScreen(screenID: "s1"), animated: true) }) {
            outcomes.append("s1 \($0)")
        }
        parent.route({ try stage.navigation.pop(to: TestScreen(screenID: "nowhere")) }) { outcomes.append("s2 \($0)") }
        parent.route({ try stage.navigation.push(TestScreen(screenID: "s3"), animated: true) }) {
            outcomes.append("s3 \($0)")
        }
        stage.clock.runUntilIdle()

        #expect(outcomes == ["s1 applied", "s2 refused(\(NavigationError.notInNavigationStack))", "s3 applied"])
        #expect(stage.navigation.stackIDs == ["a", "moving", "s1", "s3"])
    }

    // MARK: - One queue per window

    @Test("A window with a transition in flight makes no other window's requests wait")
    func queuePerWindow() throws {
        let moving = try ClockedStage()
        try moving.navigation.push(TestScreen(screenID: "b"), animated: true)
        let still = try ClockedStage()
        let parent = try still.flow("parent")
        let child = ScreenCoordinator("c")

        try parent.addChild(child) { try still.navigation.push($0) }

        #expect(still.navigation.stackIDs == ["a", "c"], "applied at once")
        #expect(parent.children.map(\.name) == ["c"])
        let root = FlowCoordinator("root")
        root.start()
        try root.addChild(ScreenCoordinator("shown", screen: still.navigation.rootViewController!))
        var outcome: RoutingOutcome?
        root.route({ try still.navigation.push(TestScreen(screenID: "d")) }, completion: { outcome = $0 })
        #expect(outcome == .applied, "a coordinator without a screen routes the window its children show in")
        moving.clock.runUntilIdle()
    }

    // MARK: - A one-shot child's outcome

    @Test("A parent awaits a one-shot child's value without a listener")
    func awaitsFinishedValue() async throws {
        let (_, navigation) = try makeNavigationWindow(["home"])
        let parent = ScreenCoordinator("parent", screen: navigation)
        parent.start()
        let picker = PickerCoordinator()
        let task = Task {
            try await parent.addChild(picker) { try navigation.push($0, animated: true) }
            return try await parent.outcome(of: picker)
        }
        await yieldUntil { picker.isStarted }

        picker.finish(with: "blue")
        picker.finish(with: "red")

        #expect(try await task.value == .finished("blue"))
        #expect(picker.parent === parent, "the parent hides and detaches it")
        parent.stop()
    }

    @Test(
        "A one-shot child the person removes answers removedByPerson: the back, the swipe, the re-tap of its tab",
        arguments: ["back", "swipe", "retap"])
    func awaitsRemovalByPerson(gesture: String) async throws {
        let tabs = try TabBarFixture()
        let parent = ScreenCoordinator("parent", screen: tabs.tabBar)
        parent.start()
        let picker = PickerCoordinator()
        try await parent.addChild(picker) { try tabs.stack("feed").push($0) }
        let task = Task { try await parent.outcome(of: picker) }
        await yieldTurns()

        switch gesture {
        case "back": try tabs.window.perform(.backButton)
        case "swipe":
            try tabs.window.beginGesture(.swipeBack)
            try tabs.window.releaseGesture(.finish)
        default: try tabs.window.tapTab("feed")
        }

        #expect(try await task.value == .removedByPerson)
        #expect(parent.children.isEmpty)
        parent.stop()
    }

    @Test("A one-shot child stopped otherwise answers stopped; one that already ended answers at once")
    func awaitsStopped() async throws {
        let (parent, picker, navigation) = try await pickerShownByParent()
        let task = Task { try await parent.outcome(of: picker) }
        await yieldTurns()

        try await parent.removeChild(picker) { _ in try navigation.pop() }
        #expect(try await task.value == .stopped)
        #expect(try await parent.outcome(of: picker) == .stopped, "ended already")
        await #expect(throws: RoutingError.coordinator(.notAChild), "never started: no outcome of this parent's") {
            try await parent.outcome(of: PickerCoordinator("never"))
        }

        let finished = PickerCoordinator("finished")
        try await parent.addChild(finished) { try navigation.push($0) }
        finished.finish(with: "green")
        #expect(try await parent.outcome(of: finished) == .finished("green"), "finished before anyone awaited")
        parent.stop()
    }

    @Test("Cancelling the task that awaits an outcome throws cancelled and leaves the child as it is")
    func cancelAwaitingOutcome() async throws {
        let (parent, picker, _) = try await pickerShownByParent()
        let task = Task { try await parent.outcome(of: picker) }
        await yieldTurns()

        task.cancel()

        await #expect(throws: RoutingError.cancelled) { try await task.value }
        #expect(picker.isStarted)
        #expect(picker.parent === parent)
        parent.stop()
    }
}

@Suite("Whose outcome a coordinator may await")
@MainActor
struct OutcomeOwnershipTests {
    @Test("Only the child's parent may await its outcome; any other coordinator is refused with notAChild")
    func onlyTheParent() async throws {
        let (_, navigation) = try makeNavigationWindow(["home"])
        let parent = ScreenCoordinator("parent", screen: navigation)
        parent.start()
        let stranger = ScreenCoordinator("stranger")
        stranger.start()
        let picker = PickerCoordinator()
        try await parent.addChild(picker) { try navigation.push($0) }

        await #expect(throws: RoutingError.coordinator(.notAChild)) { try await stranger.outcome(of: picker) }
        await #expect(throws: RoutingError.coordinator(.notAChild)) { try await picker.outcome(of: picker) }
        #expect(picker.isStarted)
        #expect(picker.parent === parent)
        parent.stop()
        stranger.stop()
    }

    @Test("A child never attached to the asking parent (never started) is refused, not answered stopped")
    func neverStartedIsRefused() async throws {
        let parent = ScreenCoordinator("parent")
        parent.start()
        let picker = PickerCoordinator()

        await #expect(throws: RoutingError.coordinator(.notAChild)) { try await parent.outcome(of: picker) }
        parent.stop()
    }

    @Test("A child its parent removes while the parent awaits it answers stopped, to that parent only")
    func removedByTheParent() async throws {
        let (parent, picker, navigation) = try await pickerShownByParent()
        let task = Task { try await parent.outcome(of: picker) }
        await yieldTurns()

        try await parent.removeChild(picker) { _ in try navigation.pop() }

        #expect(try await task.value == .stopped)
        #expect(try await parent.outcome(of: picker) == .stopped, "asked again after the removal, still known")
        let stranger = ScreenCoordinator("stranger")
        await #expect(throws: RoutingError.coordinator(.notAChild)) { try await stranger.outcome(of: picker) }
        parent.stop()
    }

    @Test("A child the person removed before its parent asked answers removedByPerson to that parent")
    func removedByPersonBeforeAsking() async throws {
        let (window, navigation) = try makeNavigationWindow(["home"])
        let parent = ScreenCoordinator("parent", screen: navigation)
        parent.start()
        let picker = PickerCoordinator()
        try await parent.addChild(picker) { try navigation.push($0) }

        try window.perform(.backButton)

        #expect(picker.parent == nil)
        #expect(try await parent.outcome(of: picker) == .removedByPerson)
        parent.stop()
    }
}
