import Core
import CoreTesting
import Testing

/// A screen with one action, `open`, that it hands to a closure.
@MainActor
final class OpeningScreen: ViewController {
    var onOpen: () -> Void = {}

    override var content: ScreenContent {
        ScreenContent(
            title: "List",
            elements: [
                .field(TextField(id: "query", label: "Query", value: "")), .button(Button(id: "open", title: "Open")),
            ])
    }

    override func handleAction(_ id: String) { onOpen() }
}

@MainActor
final class DetailCoordinator: ViewableCoordinator<ViewController> {
    init(screen: ViewController) { super.init(viewControllerable: screen, presenter: screen) }
}

/// A parent that pushes a detail screen with its coordinator when `open` is tapped. With `plantsDrift`, the
/// detail's screen is owned by another coordinator that never joins the tree, so the person's back and a finished
/// swipe remove the screen but leave `DetailCoordinator` in the tree: the drift the explorer must find.
@MainActor
final class DetailParent: Coordinator {
    let window = Window()
    private let navigation: NavigationController
    private var decoys: [DetailCoordinator] = []
    let plantsDrift: Bool

    init(plantsDrift: Bool) throws {
        self.plantsDrift = plantsDrift
        let list = OpeningScreen(screenID: "list")
        navigation = try NavigationController(root: list)
        super.init()
        try window.setRootViewController(navigation)
        list.onOpen = { [unowned self] in self.openDetail() }
    }

    private func openDetail() {
        let screen = ViewController(screenID: "detail")
        if plantsDrift { decoys.append(DetailCoordinator(screen: screen)) }
        try? addChild(DetailCoordinator(screen: screen))
        try? navigation.push(screen)
    }

    static func subject(plantsDrift: Bool = false) throws -> ExplorationSubject {
        let parent = try DetailParent(plantsDrift: plantsDrift)
        parent.start()
        return ExplorationSubject(window: parent.window, root: parent)
    }
}

@MainActor
enum Kept {
    static var objects: [AnyObject] = []
}

@Suite("Exploring every flow")
@MainActor
struct ExplorationTests {
    @Test("A sound flow: every state and transition found, breadth first, and no violation")
    func soundFlow() throws {
        let report = try explore(depth: 4) { try DetailParent.subject() }
        #expect(report.violations.isEmpty, "\(report)")
        #expect(report.stateCount == 2)
        // open; from the detail: back, the finished swipe back and the cancelled one.
        #expect(report.transitionCount == 4)
        #expect(report.summary == "explored 2 states, 4 transitions, 0 violations")
        #expect(report.states.first?.contains("list") == true)
    }

    @Test("A coordinator a finished swipe does not release is found, with the shortest path as a script")
    func plantedDrift() throws {
        let report = try explore(depth: 4, sampleText: { _, _ in "ada" }) {
            try DetailParent.subject(plantsDrift: true)
        }
        let drift = try #require(
            report.violations.first {
                $0.invariant == .coordinatorsMatchScreens && $0.path == [.action("open"), .swipeBack(finished: true)]
            }, "\(report)")
        #expect(
            drift.message
                == "after swipe back (finished): DetailCoordinator is in the tree, but its screen detail is not in the window"
        )
        #expect(drift.script == ["set query ada", "open", "swipe back 0.7", "release"])
        #expect(report.violations.contains { $0.invariant == .wayBackToStart })
        let drifts = report.violations.filter { $0.invariant == .coordinatorsMatchScreens }
        #expect(
            drifts.map(\.path) == [[.action("open"), .back], [.action("open"), .swipeBack(finished: true)]], "\(report)"
        )
        #expect(report.summary.hasSuffix("\(report.violations.count) violations"))
    }

    @Test("A refused deep link that changed the screens, and an object left alive, are violations")
    func refusalsAndLeaks() throws {
        struct Refused: Error {}
        let links = [
            ExplorationDeepLink(script: "open app://half-done") { subject in
                try (subject.window.rootViewController as? NavigationController)?.push(
                    ViewController(screenID: "stray"))
                throw Refused()
            },
            ExplorationDeepLink(script: "open app://keep") { _ in Kept.objects.append(NamedCoordinator("Kept")) },
        ]
        defer { Kept.objects.removeAll() }
        let report = try explore(depth: 1, deepLinks: links) { try DetailParent.subject() }
        let refused = try #require(report.violations.first { $0.invariant == .refusedInputChangedNothing })
        #expect(refused.script == ["open app://half-done"])
        let leak = try #require(report.violations.first { $0.invariant == .nothingLeftAlive })
        #expect(leak.path == [.deepLink(1)])
        #expect(leak.message.contains("coordinator NamedCoordinator"))
    }

    @Test("A subject that does not build the same thing each time is reported: its paths no longer replay")
    func nondeterministicSubject() throws {
        var starts = 0
        let report = try explore(depth: 2) {
            starts += 1
            let subject = try DetailParent.subject()
            let list = (subject.window.rootViewController as? NavigationController)?.viewControllers.first
            if starts > 2, let list = list as? OpeningScreen {
                list.onOpen = { [unowned list] in list.refuseAction(because: "closed") }
            }
            return subject
        }
        let replay = try #require(report.violations.first { $0.invariant == .replays }, "\(report)")
        #expect(replay.message.hasPrefix("the path no longer replays: tap open was refused: closed"))
    }

    @Test("The depth and the state budget bound the exploration")
    func bounds() throws {
        let shallow = try explore(depth: 0) { try DetailParent.subject() }
        #expect(shallow.stateCount == 1)
        #expect(shallow.transitionCount == 0)
        let budget = try explore(depth: 4, stateBudget: 1) { try DetailParent.subject() }
        #expect(budget.stateCount == 1)
        #expect(budget.violations.isEmpty, "a state whose input leads past the budget is not judged: \(budget)")
    }
}
