import Core
import CoreTesting
import Foundation
import Testing

/// A page of a stack that records its note and the page it pushed, and restores them by pushing the next page
/// the way it does live.
@MainActor
private final class PageCoordinator: ViewableCoordinator<TestScreen> {
    static let kind = "page"
    let number: Int
    var note = ""
    private(set) weak var next: PageCoordinator?

    init(number: Int) {
        self.number = number
        let screen = TestScreen(screenID: "page\(number)")
        super.init(viewControllerable: screen, presenter: screen)
    }

    override var name: String { "page\(number)" }

    /// The live route: builds the next page and pushes it.
    @discardableResult
    func showNext(animated: Bool) throws(RoutingError) -> PageCoordinator {
        let page = PageCoordinator(number: number + 1)
        try addChild(page) { try self.viewControllerable.push($0, animated: animated) }
        next = page
        return page
    }

    override var restorationState: RestorationState? {
        RestorationState(
            kind: Self.kind, version: 2, values: ["note": note], children: next?.restorationState.map { [$0] } ?? [])
    }

    override func restore(from state: RestorationState) -> RestorationResult {
        do throws(RestorationError) {
            try state.check(kind: Self.kind, versions: 1...2)
            note = try state.value("note")
        } catch {
            return .nearest(because: error)
        }
        guard let childState = state.children.first else { return .restored }
        let page = PageCoordinator(number: number + 1)
        let result = addChild(
            page, showing: { try self.viewControllerable.push($0) }, restoringFrom: childState)
        if page.parent === self { next = page }
        return result
    }
}

@MainActor
@Suite("Restoration: coordinators record their place and rebuild it through their own routes")
struct RestorationTests {
    /// Three pages pushed over the first one, each with a note, in an immediate window.
    private func liveStack() throws -> (window: Window, root: PageCoordinator) {
        let root = PageCoordinator(number: 0)
        let window = Window()
        try window.setRootViewController(NavigationController(root: root.viewControllerable))
        root.start()
        root.note = "first"
        var page = root
        for note in ["second", "third", "fourth"] {
            page = try page.showNext(animated: false)
            page.note = note
        }
        return (window, root)
    }

    @Test("A coordinator takes no part by default: no record, and restoring one says so")
    func defaultTakesNoPart() {
        let coordinator = FlowCoordinator("plain")
        coordinator.start()
        #expect(coordinator.restorationState == nil)
        let result = coordinator.restore(from: RestorationState(kind: "anything", version: 1))
        #expect(result == .nearest(because: .notRestorable(coordinator: "plain")))
        #expect(!result.isComplete)
        #expect(coordinator.children.isEmpty)
    }

    @Test("A parent's record holds its children's records, as the parent chose them")
    func recordsNest() throws {
        let (_, root) = try liveStack()
        let state = try #require(root.restorationState)
        #expect(state.values == ["note": "first"])
        #expect(state.children.first?.values == ["note": "second"])
        #expect(state.children.first?.children.first?.children.first?.values == ["note": "fourth"])
        #expect(state.children.first?.children.first?.children.first?.children == [])
        root.stop()
    }

    @Test("A record survives encoding and decoding unchanged")
    func recordIsCodable() throws {
        let (_, root) = try liveStack()
        let state = try #require(root.restorationState)
        let decoded = try JSONDecoder().decode(RestorationState.self, from: JSONEncoder().encode(state))
        #expect(decoded == state)
        root.stop()
    }

    @Test("Restoring in a window on a manual clock shows the whole place at once, without animation")
    func restoresOnManualClock() throws {
        let (_, live) = try liveStack()
        let record = try #require(live.restorationState)
        live.stop()

        let report = try trackingLifetimes {
            let clock = ManualClock()
            let window = Window(clock: .manual(clock))
            let root = PageCoordinator(number: 0)
            let navigation = try NavigationController(root: root.viewControllerable)
            try window.setRootViewController(navigation)
            root.start()

            let result = root.restore(from: record)

            #expect(result.isComplete)
            #expect(window.isIdle, "restoring animates nothing")
            #expect(navigation.viewControllers.map(\.screenID) == ["page0", "page1", "page2", "page3"])
            #expect(window.topScreenID == "page3")
            #expect(root.children.map(\.name) == ["page1"])
            #expect(root.restorationState == record)
            root.stop()
        }
        #expect(report.isClean, "\(report)")
    }

    @Test("A child record that no longer applies restores the parent and reports the child's problem")
    func nearestValidPlace() throws {
        let (window, live) = try liveStack()
        var record = try #require(live.restorationState)
        record.children[0].children[0].version = 3
        live.stop()

        let root = PageCoordinator(number: 0)
        try window.setRootViewController(NavigationController(root: root.viewControllerable))
        root.start()
        let result = root.restore(from: record)

        #expect(result.problems == [.unsupportedVersion(kind: "page", version: 3)])
        #expect(window.topScreenID == "page2", "page2 is shown, its note could not be read")
        #expect(root.restorationState?.children.first?.values == ["note": "second"])
        root.stop()
    }

    @Test("Reading a record reports a wrong kind, an unsupported version, a missing or an invalid value")
    func typedReadingErrors() throws {
        enum Segment: String { case latest, popular }
        let state = RestorationState(kind: "feed", version: 4, values: ["segment": "oldest"])

        #expect(throws: RestorationError.wrongKind(expected: "login", found: "feed")) {
            try state.check(kind: "login", versions: 1...4)
        }
        #expect(throws: RestorationError.unsupportedVersion(kind: "feed", version: 4)) {
            try state.check(kind: "feed", versions: 1...3)
        }
        #expect(throws: RestorationError.missingValue(kind: "feed", key: "post")) { try state.value("post") }
        #expect(throws: RestorationError.invalidValue(kind: "feed", key: "segment")) {
            try state.value("segment", as: Segment.self)
        }
        #expect(try state.value("post", as: Segment.self) == nil)
        #expect(try state.value("segment") == "oldest")
        let parent = RestorationState(kind: "app", version: 1, children: [state])
        var result = RestorationResult.restored
        #expect(parent.child(ofKind: "feed", into: &result) == state)
        #expect(parent.child(ofKind: "login", into: &result) == nil)
        #expect(result.isComplete, "a record with one child of each kind drops nothing")
    }

    @Test(
        "A child restored in one step with its showing reads its record after it started, so its start loads nothing over it"
    )
    func childReadsItsRecordAfterStarting() throws {
        /// A screen whose coordinator loads a saved draft when it starts, as a compose screen does.
        final class DraftCoordinator: ViewableCoordinator<TestScreen> {
            var draft = ""
            init() {
                let screen = TestScreen(screenID: "draft")
                super.init(viewControllerable: screen, presenter: screen)
            }
            override func didStart() { draft = "saved on disk" }
            override func restore(from state: RestorationState) -> RestorationResult {
                draft = state.values["draft"] ?? ""
                return .restored
            }
        }
        let (window, navigation) = try makeNavigationWindow(["home"])
        let parent = ScreenCoordinator("home", screen: navigation)
        parent.start()
        let child = DraftCoordinator()

        let result = parent.addChild(
            child, showing: { try navigation.push($0) },
            restoringFrom: RestorationState(kind: "draft", version: 1, values: ["draft": "typed before quitting"]))

        #expect(result.isComplete)
        #expect(child.draft == "typed before quitting")
        #expect(window.topScreenID == "draft")
        parent.stop()
    }

    @Test("A restoring step asked while the window moves changes nothing, and the parent's result says why")
    func restoringStepWhileMoving() throws {
        let stage = try ClockedStage()
        let parent = try stage.flow("parent")
        try stage.navigation.push(TestScreen(screenID: "b"), animated: true)
        let child = ScreenCoordinator("child")

        let result = parent.addChild(
            child, showing: { try stage.navigation.push($0) }, restoringFrom: RestorationState(kind: "x", version: 1))

        #expect(result.problems == [.screensMoving(coordinator: "child")], "not now, unlike noLongerApplies")
        #expect(result.problems.map(\.description) == ["child cannot be shown while the screens move"])
        #expect(child.parent == nil)
        #expect(!child.isStarted)
        stage.clock.runUntilIdle()
        #expect(stage.navigation.stackIDs == ["a", "b"])

        let retried = parent.addChild(
            child, showing: { try stage.navigation.push($0) }, restoringFrom: RestorationState(kind: "x", version: 1))
        #expect(!retried.problems.contains(.screensMoving(coordinator: "child")), "once idle, the same step is tried")
        #expect(child.parent === parent)
        #expect(stage.navigation.stackIDs == ["a", "b", "child"])
    }

    @Test("A restoring step whose showing fails reports it in the result and leaves the child detached")
    func restoringStepThatCannotShow() throws {
        let (_, navigation) = try makeNavigationWindow(["home"])
        let parent = ScreenCoordinator("home", screen: navigation)
        parent.start()
        let child = ScreenCoordinator("child")

        let result = parent.addChild(
            child, showing: { try navigation.pop(to: $0) }, restoringFrom: RestorationState(kind: "x", version: 1))

        #expect(
            result.problems == [.noLongerApplies("child cannot be shown: the screen is not on this navigation stack")])
        #expect(child.parent == nil)
        parent.stop()
    }

    @Test("A result gathers the problems of the children it merges, outermost first")
    func resultsMerge() {
        var result = RestorationResult.restored
        #expect(result.isComplete)
        result.append(.noLongerApplies("the post is gone"))
        result.merge(.nearest(because: .missingValue(kind: "compose", key: "text")))
        #expect(result.problems == [.noLongerApplies("the post is gone"), .missingValue(kind: "compose", key: "text")])
        #expect(result.problems.map(\.description) == ["the post is gone", "the 'compose' record has no 'text'"])
    }
}
