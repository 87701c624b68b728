import Core
import CoreTesting
import Testing

@Suite("Live objects")
@MainActor
struct LiveObjectsTests {
    @Test("Counts rise when coordinators and screens are created and fall when they are released")
    func countsRiseAndFall() {
        let coordinatorsBefore = LiveObjects.coordinatorCount
        let screensBefore = LiveObjects.screenCount
        do {
            let coordinator = ScreenCoordinator("one")
            let flow = FlowCoordinator("two")
            #expect(LiveObjects.coordinatorCount == coordinatorsBefore + 2)
            #expect(LiveObjects.screenCount == screensBefore + 1)
            _ = (coordinator, flow)
        }
        #expect(LiveObjects.coordinatorCount == coordinatorsBefore)
        #expect(LiveObjects.screenCount == screensBefore)
    }

    @Test("recordCreations records what a block creates, weakly, with kind and type name")
    func recordCreations() {
        var kept: ScreenCoordinator?
        let (result, created) = LiveObjects.recordCreations { () -> Int in
            kept = ScreenCoordinator("kept")
            _ = NavigationController()
            return 42
        }
        #expect(result == 42)
        #expect(created.map(\.label) == ["TestScreen", "ScreenCoordinator", "NavigationController"])
        #expect(created.map(\.kind) == [.screen, .coordinator, .screen])
        #expect(created.map { $0.object != nil } == [true, true, false])
        kept = nil
        #expect(created.allSatisfy { $0.object == nil })
        _ = kept
    }

    @Test("Recordings nest: the outer one also sees what the inner one recorded")
    func recordingsNest() {
        let (inner, outer) = LiveObjects.recordCreations { () -> [LiveObjects.Record] in
            _ = FlowCoordinator("before")
            let inner = LiveObjects.recordCreations { _ = FlowCoordinator("inside") }.created
            _ = TestScreen(screenID: "after")
            return inner
        }
        #expect(inner.map(\.label) == ["FlowCoordinator"])
        #expect(outer.map(\.label) == ["FlowCoordinator", "FlowCoordinator", "TestScreen"])
    }

    @Test("A recording whose block throws records nothing and leaves the outer recording working")
    func throwingBlock() {
        struct Failure: Error {}
        let (_, outer) = LiveObjects.recordCreations {
            #expect(throws: Failure.self) {
                _ = try LiveObjects.recordCreations { () throws -> Void in
                    _ = FlowCoordinator("doomed")
                    throw Failure()
                }
            }
            _ = FlowCoordinator("after")
        }
        #expect(outer.map(\.label) == ["FlowCoordinator", "FlowCoordinator"])
    }

    @Test("An awaited block records what it and the tasks it starts create, never what another task creates meanwhile")
    func awaitedRecordingIsTheTasksOwn() async {
        let (gate, opened) = AsyncStream.makeStream(of: Void.self)
        var elsewhere: FlowCoordinator?
        // Another task on the main actor creates a coordinator while the recorded block is suspended.
        let other = Task { @MainActor in
            for await _ in gate { break }
            elsewhere = FlowCoordinator("elsewhere")
        }
        let (_, created) = await LiveObjects.recordCreations {
            _ = FlowCoordinator("mine")
            let started = Task { @MainActor in _ = TestScreen(screenID: "started") }
            await started.value
            opened.yield()
            await other.value
        }
        #expect(elsewhere != nil, "the other task ran while the block was suspended")
        #expect(created.map(\.label) == ["FlowCoordinator", "TestScreen"])
    }

    @Test("An awaited leak report counts the block's own survivors")
    func awaitedLeakReport() async {
        var kept: FlowCoordinator?
        let report = await trackingLifetimes {
            await Task.yield()
            kept = FlowCoordinator("kept")
            _ = FlowCoordinator("released")
        }
        #expect(report.createdCount == 2)
        #expect(report.survivorLabels == ["FlowCoordinator"])
        _ = kept
    }
}
