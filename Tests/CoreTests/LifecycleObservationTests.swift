import Core
import Testing

/// Collects what an observation hears, as short lines.
@MainActor
final class LifecycleLog {
    private(set) var lines: [String] = []
    func record(_ event: CoordinatorLifecycleEvent) { lines.append(event.description) }
}

/// A coordinator that attaches the children it is given as it starts.
@MainActor
final class AttachingCoordinator: Coordinator {
    let label: String
    var childrenToAttach: [Coordinator] = []

    init(_ label: String) { self.label = label }

    override var name: String { label }
    override func didStart() {
        for child in childrenToAttach { try? addChild(child) }
    }
}

@Suite("Observing a coordinator's lifecycle")
@MainActor
struct LifecycleObservationTests {
    @Test("Attaching a child reports its attach, then its start, then the children it attaches as it starts")
    func attachOrder() throws {
        let root = FlowCoordinator("root")
        root.start()
        let log = LifecycleLog()
        let observation = root.observeLifecycle(log.record)
        let parent = AttachingCoordinator("parent")
        parent.childrenToAttach = [FlowCoordinator("child")]

        try root.addChild(parent)

        #expect(
            log.lines == [
                "attached parent to root", "started parent", "attached child to parent", "started child",
            ])
        _ = observation
    }

    @Test("Removing a subtree reports it detached, then its children newest first, each subtree before its own stop")
    func teardownOrder() throws {
        let root = FlowCoordinator("root")
        root.start()
        let parent = FlowCoordinator("parent")
        try root.addChild(parent)
        let older = FlowCoordinator("older")
        let newer = FlowCoordinator("newer")
        let grandchild = FlowCoordinator("grandchild")
        try parent.addChild(older)
        try parent.addChild(newer)
        try newer.addChild(grandchild)
        let log = LifecycleLog()
        let observation = root.observeLifecycle(log.record)

        try root.removeChild(parent)

        #expect(
            log.lines == [
                "detached parent from root",
                "detached newer from parent", "detached grandchild from newer", "stopped grandchild", "stopped newer",
                "detached older from parent", "stopped older",
                "stopped parent",
            ])
        _ = observation
    }

    @Test("An observation of a coordinator hears its own subtree and nothing of its siblings or ancestors")
    func subtreeOnly() throws {
        let root = FlowCoordinator("root")
        root.start()
        let observed = FlowCoordinator("observed")
        let sibling = FlowCoordinator("sibling")
        try root.addChild(observed)
        try root.addChild(sibling)
        let log = LifecycleLog()
        let observation = observed.observeLifecycle(log.record)

        try sibling.addChild(FlowCoordinator("cousin"))
        try observed.addChild(FlowCoordinator("child"))
        root.stop()

        #expect(
            log.lines == [
                "attached child to observed", "started child",
                "detached observed from root", "detached child from observed", "stopped child", "stopped observed",
            ])
        _ = observation
    }

    @Test("Stopping the root reports the whole tree's teardown and the root's own stop last")
    func rootStop() throws {
        let root = FlowCoordinator("root")
        root.start()
        try root.addChild(FlowCoordinator("a"))
        let log = LifecycleLog()
        let observation = root.observeLifecycle(log.record)

        root.stop()
        root.stop()

        #expect(log.lines == ["detached a from root", "stopped a", "stopped root"])
        _ = observation
    }

    @Test("A change made by an observer is reported after the event it handles has reached every observer")
    func reentrantChange() throws {
        let root = FlowCoordinator("root")
        root.start()
        let first = LifecycleLog()
        let second = LifecycleLog()
        let extra = FlowCoordinator("extra")
        let reacting = root.observeLifecycle { event in
            first.record(event)
            if event == CoordinatorLifecycleEvent(.started, event.coordinator), event.coordinator.name == "a" {
                try? root.addChild(extra)
            }
        }
        let watching = root.observeLifecycle(second.record)

        try root.addChild(FlowCoordinator("a"))

        let expected = ["attached a to root", "started a", "attached extra to root", "started extra"]
        #expect(first.lines == expected)
        #expect(second.lines == expected)
        _ = (reacting, watching)
    }

    @Test("A cancelled observation, or one released, hears nothing more")
    func cancelAndRelease() throws {
        let root = FlowCoordinator("root")
        root.start()
        let log = LifecycleLog()
        let cancelled = root.observeLifecycle(log.record)
        cancelled.cancel()
        cancelled.cancel()
        var released: LifecycleObservation? = root.observeLifecycle(log.record)
        weak let weakReleased = released
        released = nil

        try root.addChild(FlowCoordinator("a"))

        #expect(log.lines.isEmpty)
        #expect(!cancelled.isActive)
        #expect(weakReleased == nil)
    }

    @Test("Neither an observation nor its events keep a coordinator alive")
    func keepsNothingAlive() async throws {
        var root: FlowCoordinator? = FlowCoordinator("root")
        root?.start()
        var child: FlowCoordinator? = FlowCoordinator("child")
        try root?.addChild(child!)
        weak let weakRoot = root
        weak let weakChild = child
        let log = LifecycleLog()
        let observation = root!.observeLifecycle(log.record)
        let stream = root!.lifecycleEvents()

        try root?.removeChild(child!)
        child = nil
        root = nil

        #expect(weakChild == nil)
        #expect(weakRoot == nil)
        #expect(log.lines == ["detached child from root", "stopped child"])
        await yieldTurns()
        #expect(!observation.isActive)
        var heard: [String] = []
        for await event in stream { heard.append(event.description) }
        #expect(heard == ["detached child from root", "stopped child"])
    }

    @Test("The stream delivers the events in the tree's order, and ends when the observed coordinator is released")
    func streamOrderAndEnd() async throws {
        var root: FlowCoordinator? = FlowCoordinator("root")
        root?.start()
        let stream = root!.lifecycleEvents()
        let parent = FlowCoordinator("parent")
        try root?.addChild(parent)
        try parent.addChild(FlowCoordinator("child"))
        root?.stop()
        root = nil

        var heard: [String] = []
        for await event in stream { heard.append(event.description) }

        #expect(
            heard == [
                "attached parent to root", "started parent", "attached child to parent", "started child",
                "detached parent from root", "detached child from parent", "stopped child", "stopped parent",
                "stopped root",
            ])
    }

    @Test("The task iterating the stream hears the events as they come, and cancelling it ends the iteration")
    func cancellingTheConsumer() async throws {
        let root = FlowCoordinator("root")
        root.start()
        var stream: CoordinatorLifecycleEvents? = root.lifecycleEvents()
        let consumer = Task { @MainActor [stream] in
            var count = 0
            for await _ in stream! { count += 1 }
            return count
        }
        stream = nil
        try root.addChild(FlowCoordinator("a"))
        await yieldTurns()
        consumer.cancel()
        let count = await consumer.value

        #expect(count == 2)
    }

    @Test("A reader on the main actor takes the buffered events without giving up the main actor")
    func bufferedEventsWithoutSuspending() async throws {
        let root = FlowCoordinator("root")
        root.start()
        let stream = root.lifecycleEvents()
        for name in ["a", "b", "c"] { try root.addChild(FlowCoordinator(name)) }
        var otherWorkRan = false
        Task { @MainActor in otherWorkRan = true }

        var heard: [String] = []
        for await event in stream {
            heard.append(event.description)
            if heard.count == 6 { break }
        }

        #expect(
            heard == [
                "attached a to root", "started a", "attached b to root", "started b", "attached c to root", "started c",
            ])
        #expect(!otherWorkRan, "no event was waited for: the reader kept the main actor")
        await yieldTurns()
        #expect(otherWorkRan)
    }

    @Test("While one task waits for the next event, another that asks for one gets nil; the first still gets it")
    func secondReader() async throws {
        let root = FlowCoordinator("root")
        root.start()
        let stream = root.lifecycleEvents()
        let first = Task { @MainActor in
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()?.description
        }
        await yieldTurns()
        var second = stream.makeAsyncIterator()
        #expect(await second.next() == nil)
        try root.addChild(FlowCoordinator("a"))
        #expect(await first.value == "attached a to root")
    }

    @Test("A child the person removed is reported detached from its parent and stopped")
    func personRemoval() throws {
        let (window, navigation) = try makeNavigationWindow(["home"])
        let parent = ScreenCoordinator("parent", screen: navigation)
        parent.start()
        let child = ScreenCoordinator("child")
        try parent.addChild(child) { try navigation.push($0) }
        let log = LifecycleLog()
        let observation = parent.observeLifecycle(log.record)

        try window.perform(.backButton)

        #expect(log.lines == ["detached child from parent", "stopped child"])
        _ = observation
    }
}
