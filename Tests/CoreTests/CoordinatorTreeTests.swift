import Core
import CoreTesting
import Testing

@Suite("Coordinator tree")
@MainActor
struct CoordinatorTreeTests {
    @Test("addChild attaches and starts the child; removeChild detaches and stops it")
    func attachStartsAndDetachStops() throws {
        let log = EventLog()
        let parent = FlowCoordinator("parent", log: log)
        parent.start()
        let child = FlowCoordinator("child", log: log)

        try parent.addChild(child)
        #expect(child.isStarted)
        #expect(child.parent === parent)
        #expect(parent.children.map(\.name) == ["child"])

        try parent.removeChild(child)
        #expect(!child.isStarted)
        #expect(child.parent == nil)
        #expect(parent.children.isEmpty)
        #expect(parent.childCount == 0)
        #expect(log.entries == ["start parent", "start child", "stop child"])
    }

    @Test("Attaching a child twice is refused with alreadyAttached and changes nothing")
    func alreadyAttached() throws {
        let parent = FlowCoordinator("parent")
        let child = FlowCoordinator("child")
        try parent.addChild(child)

        #expect(throws: CoordinatorError.alreadyAttached) { try parent.addChild(child) }
        #expect(parent.treeLines == ["parent", "  child"])
        #expect(child.startCount == 1)
    }

    @Test("Attaching a child of another parent is refused with attachedToAnotherParent and changes nothing")
    func attachedToAnotherParent() throws {
        let first = FlowCoordinator("first")
        let second = FlowCoordinator("second")
        let child = FlowCoordinator("child")
        try first.addChild(child)

        #expect(throws: CoordinatorError.attachedToAnotherParent) { try second.addChild(child) }
        #expect(child.parent === first)
        #expect(first.treeLines == ["first", "  child"])
        #expect(second.treeLines == ["second"])
        #expect(child.startCount == 1)
    }

    @Test("Attaching a coordinator to itself is refused with cannotAttachToItself and changes nothing")
    func cannotAttachToItself() {
        let coordinator = FlowCoordinator("alone")

        #expect(throws: CoordinatorError.cannotAttachToItself) { try coordinator.addChild(coordinator) }
        #expect(coordinator.parent == nil)
        #expect(coordinator.children.isEmpty)
        #expect(!coordinator.isStarted)
    }

    @Test("Attaching an ancestor is refused with wouldCreateCycle and changes nothing")
    func wouldCreateCycle() throws {
        let grandparent = FlowCoordinator("grandparent")
        let parent = FlowCoordinator("parent")
        let child = FlowCoordinator("child")
        try grandparent.addChild(parent)
        try parent.addChild(child)

        #expect(throws: CoordinatorError.wouldCreateCycle) { try child.addChild(grandparent) }
        #expect(grandparent.parent == nil)
        #expect(grandparent.treeLines == ["grandparent", "  parent", "    child"])
    }

    @Test("Detaching a coordinator that is not a child is refused with notAChild and changes nothing")
    func notAChild() throws {
        let parent = FlowCoordinator("parent")
        let other = FlowCoordinator("other")
        let stranger = FlowCoordinator("stranger")
        try parent.addChild(FlowCoordinator("child"))
        try other.addChild(stranger)

        #expect(throws: CoordinatorError.notAChild) { try parent.removeChild(stranger) }
        #expect(throws: CoordinatorError.notAChild) { try parent.removeChild(FlowCoordinator("loose")) }
        #expect(stranger.parent === other)
        #expect(stranger.isStarted)
        #expect(parent.treeLines == ["parent", "  child"])
    }

    @Test("stop() is idempotent: didStop runs once")
    func stopIsIdempotent() {
        let coordinator = FlowCoordinator("coordinator")
        coordinator.start()
        coordinator.stop()
        coordinator.stop()
        #expect(coordinator.stopCount == 1)
        #expect(!coordinator.isStarted)
    }

    @Test("A child attached to a stopped coordinator is stopped when that coordinator is removed")
    func childOfStoppedCoordinatorIsStopped() throws {
        let log = EventLog()
        let parent = FlowCoordinator("parent", log: log)
        let stopped = FlowCoordinator("stopped", log: log)
        try parent.addChild(stopped)
        stopped.stop()
        let late = FlowCoordinator("late", log: log)
        try stopped.addChild(late)
        log.reset()

        try parent.removeChild(stopped)

        #expect(log.entries == ["stop late"], "didStop of the stopped coordinator is not called twice")
        #expect(!late.isStarted)
        #expect(late.parent == nil)
        #expect(stopped.children.isEmpty)
    }

    @Test("start() on a started coordinator does nothing")
    func startIsIdempotent() {
        let coordinator = FlowCoordinator("coordinator")
        coordinator.start()
        coordinator.start()
        #expect(coordinator.startCount == 1)
    }

    @Test("stop() tears down last-attached-first, recursively, children before their parent")
    func teardownOrder() throws {
        let log = EventLog()
        let root = FlowCoordinator("root", log: log)
        root.start()
        let first = FlowCoordinator("first", log: log)
        let second = FlowCoordinator("second", log: log)
        try root.addChild(first)
        try first.addChild(FlowCoordinator("first.a", log: log))
        try first.addChild(FlowCoordinator("first.b", log: log))
        try root.addChild(second)
        try second.addChild(FlowCoordinator("second.a", log: log))
        log.reset()

        root.stop()

        #expect(
            log.entries == [
                "stop second.a", "stop second", "stop first.b", "stop first.a", "stop first", "stop root",
            ])
        #expect(root.children.isEmpty)
        #expect(first.parent == nil)
        #expect(second.parent == nil)
    }

    @Test("Children are released after their parent stops")
    func childrenReleasedAfterStop() throws {
        let root = FlowCoordinator("root")
        root.start()
        weak var child: FlowCoordinator?
        weak var grandchild: FlowCoordinator?
        do {
            let strongChild = FlowCoordinator("child")
            let strongGrandchild = FlowCoordinator("grandchild")
            try root.addChild(strongChild)
            try strongChild.addChild(strongGrandchild)
            child = strongChild
            grandchild = strongGrandchild
        }
        #expect(child != nil)
        #expect(grandchild != nil)

        root.stop()

        #expect(child == nil)
        #expect(grandchild == nil)
    }

    @Test("Detaching children in the middle keeps the others in attach order")
    func detachInTheMiddleKeepsOrder() throws {
        let parent = FlowCoordinator("parent")
        let children = (0..<10).map { FlowCoordinator("c\($0)") }
        for child in children { try parent.addChild(child) }

        try parent.removeChild(children[3])
        try parent.removeChild(children[7])
        try parent.removeChild(children[0])
        try parent.addChild(children[3])

        #expect(parent.children.map(\.name) == ["c1", "c2", "c4", "c5", "c6", "c8", "c9", "c3"])
        #expect(parent.childCount == 8)
    }

    @Test("The slots the package's tools read hold the children in order, with a hole where one was detached")
    func childSlots() throws {
        let parent = FlowCoordinator("parent")
        let children = (1...3).map { FlowCoordinator("c\($0)") }
        for child in children { try parent.addChild(child) }
        try parent.removeChild(children[1])
        #expect(parent.childSlotList.map { $0?.name } == ["c1", nil, "c3"])
        #expect(
            parent.childSlotList.compactMap { $0 }.map(ObjectIdentifier.init)
                == parent.children.map(ObjectIdentifier.init))
    }

    @Test("Order survives the compaction of more than 16 holes, and teardown follows it")
    func orderSurvivesCompaction() throws {
        let log = EventLog()
        let parent = FlowCoordinator("parent", log: log)
        parent.start()
        let children = (0..<60).map { FlowCoordinator("c\($0)", log: log) }
        for child in children { try parent.addChild(child) }

        // Remove every even child but the last one, so holes pile up in the middle and
        // force at least one compaction; interleave a few attaches.
        var expected = children.map(\.name)
        for index in stride(from: 0, to: 58, by: 2) {
            try parent.removeChild(children[index])
            expected.removeAll { $0 == "c\(index)" }
            if index % 10 == 0 {
                let late = FlowCoordinator("late\(index)", log: log)
                try parent.addChild(late)
                expected.append(late.name)
            }
        }
        #expect(parent.children.map(\.name) == expected)
        #expect(parent.childCount == expected.count)

        // Detaching after compaction still finds the right slot.
        try parent.removeChild(children[59])
        expected.removeAll { $0 == "c59" }
        #expect(parent.children.map(\.name) == expected)

        log.reset()
        parent.stop()
        #expect(log.entries == expected.reversed().map { "stop \($0)" } + ["stop parent"])
    }

    @Test("A parent holds its children strongly; a child holds its parent weakly")
    func ownership() throws {
        weak var weakChild: FlowCoordinator?
        let parent = FlowCoordinator("parent")
        do {
            let child = FlowCoordinator("child")
            try parent.addChild(child)
            weakChild = child
        }
        #expect(weakChild != nil, "the parent keeps its child alive")

        weak var weakParent: FlowCoordinator?
        let orphan: FlowCoordinator
        do {
            let temporaryParent = FlowCoordinator("temporary")
            orphan = FlowCoordinator("orphan")
            try temporaryParent.addChild(orphan)
            weakParent = temporaryParent
        }
        #expect(weakParent == nil, "the child does not keep its parent alive")
        #expect(orphan.parent == nil)
    }

    @Test("A parent released without stop stops every child on the next turn, newest first, held elsewhere or not")
    func parentReleasedWithoutStop() async throws {
        let log = EventLog()
        weak var weakUnheld: FlowCoordinator?
        weak var weakGrandchild: FlowCoordinator?
        let held = FlowCoordinator("held", log: log)
        let adopted = FlowCoordinator("adopted", log: log)
        do {
            let parent = FlowCoordinator("parent", log: log)
            parent.start()
            try parent.addChild(held)
            try parent.addChild(adopted)
            let unheld = FlowCoordinator("unheld", log: log)
            try parent.addChild(unheld)
            let grandchild = FlowCoordinator("grandchild", log: log)
            try unheld.addChild(grandchild)
            weakUnheld = unheld
            weakGrandchild = grandchild
            log.reset()
        }
        #expect(held.parent == nil, "no parent from the release on")
        #expect(held.isStarted, "still started until the main actor's next turn")
        #expect(weakUnheld != nil, "a child nothing else holds lives until it is stopped")
        let newParent = FlowCoordinator("newParent")
        newParent.start()
        try newParent.addChild(adopted)

        await yieldUntil { weakUnheld == nil }

        #expect(log.entries == ["stop grandchild", "stop unheld", "stop held"], "the parent's own didStop never runs")
        #expect(weakUnheld == nil, "released once stopped")
        #expect(weakGrandchild == nil)
        #expect(!held.isStarted)
        #expect(adopted.isStarted && adopted.parent === newParent, "one another parent attached is left alone")
        newParent.stop()
    }

    @Test("A coordinator started again after stop calls didStart again")
    func restartAfterStop() {
        let coordinator = FlowCoordinator("coordinator")
        coordinator.start()
        coordinator.stop()
        coordinator.start()
        #expect(coordinator.startCount == 2)
        #expect(coordinator.isStarted)
    }

    @Test("Stopping a coordinator with 10,000 children detaches and stops all of them, newest first")
    func stopManyChildren() throws {
        let log = EventLog()
        let parent = FlowCoordinator("parent")
        parent.start()
        for index in 0..<10_000 {
            try parent.addChild(FlowCoordinator("\(index)", log: log))
        }
        #expect(parent.childCount == 10_000)

        parent.stop()

        #expect(parent.childCount == 0)
        #expect(log.entries.count == 20_000)
        #expect(log.entries[10_000] == "stop 9999")
        #expect(log.entries.last == "stop 0")
    }
}
