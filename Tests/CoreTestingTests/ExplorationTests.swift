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

/// A parent whose list pushes a detail with its coordinator when `open` is tapped; the detail's `forget` removes the
/// coordinator from the tree and leaves its screen shown: the other drift the explorer must find.
@MainActor
final class ForgettingParent: Coordinator {
    let window = Window()

    override init() {
        super.init()
        let list = ActionsScreen(screenID: "list", actions: ["open"])
        guard let navigation = try? NavigationController(root: list) else { return }
        try? window.setRootViewController(navigation)
        list.onAction = { [unowned self, unowned navigation] _ in
            let screen = ActionsScreen(screenID: "detail", actions: ["forget"])
            let detail = DetailCoordinator(screen: screen)
            screen.onAction = { [unowned self, weak detail] _ in
                if let detail { try? self.removeChild(detail) }
            }
            try? self.addChild(detail)
            try? navigation.push(screen)
        }
    }

    static func subject() -> ExplorationSubject {
        let parent = ForgettingParent()
        parent.start()
        return ExplorationSubject(window: parent.window, root: parent)
    }
}

/// A parent whose root is a tab bar of two tabs, `first` and `second`, each a navigation stack whose list pushes a
/// detail with its coordinator: the explorer reaches the second tab only by tapping it.
@MainActor
final class TabsParent: Coordinator, TabBarControllerDelegate {
    let window = Window()

    init(tabs: [String]) throws {
        super.init()
        let tabBar = TabBarController()
        var shown: [TabBarController.Tab] = []
        for id in tabs {
            let list = OpeningScreen(screenID: "\(id).list")
            let navigation = try NavigationController(root: list, screenID: "\(id).navigation")
            list.onOpen = { [unowned self, unowned navigation] in
                let screen = ViewController(screenID: "\(id).detail")
                try? self.addChild(DetailCoordinator(screen: screen))
                try? navigation.push(screen)
            }
            shown.append(TabBarController.Tab(item: TabBarItem(id: id, title: id), screen: navigation))
        }
        try tabBar.setTabs(shown)
        try window.setRootViewController(tabBar)
    }

    static func subject() throws -> ExplorationSubject {
        let parent = try TabsParent(tabs: ["first", "second"])
        parent.start()
        return ExplorationSubject(window: parent.window, root: parent)
    }
}

/// A screen that refuses the person's back and offers nothing else: a trap.
@MainActor
final class TrapScreen: ViewController {
    override var isModalInNavigation: Bool { true }
}

/// A parent whose list pushes a trap with its coordinator when `open` is tapped: once in, no input leads back.
@MainActor
final class TrapParent: Coordinator {
    let window = Window()

    override init() {
        super.init()
        let list = OpeningScreen(screenID: "list")
        guard let navigation = try? NavigationController(root: list) else { return }
        try? window.setRootViewController(navigation)
        list.onOpen = { [unowned self, unowned navigation] in
            let screen = TrapScreen(screenID: "trap")
            try? self.addChild(DetailCoordinator(screen: screen))
            try? navigation.push(screen)
        }
    }

    static func subject() -> ExplorationSubject {
        let parent = TrapParent()
        parent.start()
        return ExplorationSubject(window: parent.window, root: parent)
    }
}

/// A screen with one action, handed to a closure, that may refuse the person's back.
@MainActor
final class StepScreen: ViewController {
    let actionID: String
    let refusesBack: Bool
    var onAction: () -> Void = {}

    init(screenID: String, actionID: String, refusesBack: Bool) {
        self.actionID = actionID
        self.refusesBack = refusesBack
        super.init(screenID: screenID)
    }

    override var isModalInNavigation: Bool { refusesBack }

    override var content: ScreenContent {
        ScreenContent(title: screenID, elements: [.button(Button(id: actionID, title: actionID))])
    }

    override func handleAction(_ id: String) { onAction() }
}

/// `open` pushes `step`, which refuses the back and offers only `next`; `next` pushes `last`, whose `home` pops to
/// the root: from `step` the way back takes two inputs.
@MainActor
final class TwoStepsBack: Coordinator {
    let window = Window()
    private var pushed: [DetailCoordinator] = []

    override init() {
        super.init()
        let list = StepScreen(screenID: "list", actionID: "open", refusesBack: false)
        guard let navigation = try? NavigationController(root: list) else { return }
        try? window.setRootViewController(navigation)
        list.onAction = { [unowned self, unowned navigation] in
            let step = StepScreen(screenID: "step", actionID: "next", refusesBack: true)
            step.onAction = { [unowned self, unowned navigation] in
                let last = StepScreen(screenID: "last", actionID: "home", refusesBack: false)
                last.onAction = { [unowned self, unowned navigation] in
                    for coordinator in self.pushed.reversed() { try? self.removeChild(coordinator) }
                    self.pushed = []
                    _ = try? navigation.popToRoot()
                }
                self.show(last, on: navigation)
            }
            self.show(step, on: navigation)
        }
    }

    private func show(_ screen: ViewController, on navigation: NavigationController) {
        let coordinator = DetailCoordinator(screen: screen)
        try? addChild(coordinator)
        pushed.append(coordinator)
        try? navigation.push(screen)
    }

    override func userDidRemove(_ child: any Coordinating) {
        pushed.removeAll { $0 === child }
    }

    static func subject() -> ExplorationSubject {
        let parent = TwoStepsBack()
        parent.start()
        return ExplorationSubject(window: parent.window, root: parent)
    }
}

@MainActor
enum Kept {
    static var objects: [AnyObject] = []

    /// Two deep links that break the rules: one pushes a screen and then is refused, one leaves a coordinator
    /// alive in ``objects`` (the caller empties it).
    static let misbehavingLinks = [
        ExplorationDeepLink(script: "open app://half-done") { subject in
            try (subject.window.rootViewController as? NavigationController)?.push(ViewController(screenID: "stray"))
            throw Refused()
        },
        ExplorationDeepLink(script: "open app://keep") { _ in objects.append(NamedCoordinator("Kept")) },
    ]

    struct Refused: Error {}
}

/// A screen whose buttons, one per id of `actions`, hand their id to a closure; it shows nothing else.
@MainActor
final class ActionsScreen: ViewController {
    let actions: [String]
    var onAction: (String) -> Void = { _ in }

    init(screenID: String, actions: [String]) {
        self.actions = actions
        super.init(screenID: screenID)
    }

    override var content: ScreenContent {
        ScreenContent(title: screenID, elements: actions.map { .button(Button(id: $0, title: $0)) })
    }

    override func handleAction(_ id: String) { onAction(id) }

    /// Runs each time the screen appears.
    var onAppear: () -> Void = {}

    override func viewDidAppear() { onAppear() }
}

/// The coordinator a subject keeps alive in ``Kept/objects`` once it was armed and fired.
@MainActor
final class ArmedCoordinator: Coordinator {}

/// A tab bar whose tab `armory` shows two buttons, `arm` and `fire`: `fire` after `arm` on the same subject keeps an
/// ``ArmedCoordinator`` alive in ``Kept/objects``; neither alone, on a fresh subject, leaves anything alive, and
/// neither changes what the screens show. The other tabs show nothing to tap; the tab `other`, each time it appears,
/// keeps a `NamedCoordinator` alive in ``Kept/objects`` and is remembered, unseen, as shown.
@MainActor
final class ArmoryParent: Coordinator {
    let window = Window()
    private var armed = false
    private(set) var otherShown = false

    init(tabs: [String]) throws {
        super.init()
        let tabBar = TabBarController()
        var shown: [TabBarController.Tab] = []
        for id in tabs {
            let screen = ActionsScreen(screenID: "\(id).list", actions: id == "armory" ? ["arm", "fire"] : [])
            screen.onAction = { [unowned self] action in
                if action == "arm" {
                    self.armed = true
                } else if self.armed {
                    Kept.objects.append(ArmedCoordinator())
                }
            }
            if id == "other" {
                screen.onAppear = { [unowned self] in
                    self.otherShown = true
                    Kept.objects.append(NamedCoordinator("Kept"))
                }
            }
            shown.append(TabBarController.Tab(item: TabBarItem(id: id, title: id), screen: screen))
        }
        try tabBar.setTabs(shown)
        try window.setRootViewController(tabBar)
    }

    static func subject(tabs: [String]) throws -> ExplorationSubject {
        let parent = try ArmoryParent(tabs: tabs)
        parent.start()
        return ExplorationSubject(window: parent.window, root: parent, unseenState: { parent.otherShown })
    }
}

extension ExplorationReport {
    /// The violations that something was left alive, in the order reported.
    var leaks: [ExplorationViolation] { violations.filter { $0.invariant == .nothingLeftAlive } }
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
        #expect(
            report.transitions.map(\.description) == [
                "0 --tap open--> 1", "1 --back--> 0", "1 --swipe back (finished)--> 0",
                "1 --swipe back (cancelled)--> 1",
            ])
        #expect(report.states.first?.contains("list") == true)
    }

    @Test("The tabs of the tab bar on top are tapped too: the hidden tab's states are reached, and a re-tap pops")
    func tabsAreTapped() throws {
        let report = try explore(depth: 4) { try TabsParent.subject() }
        #expect(report.violations.isEmpty, "\(report)")
        // Each tab at its list or its detail, with the other tab at its list or its detail: 2 × 2 × 2 states (the
        // order in which the two details were attached does not make another state).
        #expect(report.stateCount == 8, "\(report.states.joined(separator: "\n=====\n"))")
        #expect(report.states.contains { $0.contains("second.detail") && $0.contains("first.detail") })
    }

    @Test("A state every input of which was tried, none leading back to the start, is a trap: found, with its script")
    func trapIsFound() throws {
        let report = try explore(depth: 4, sampleText: { _, _ in "ada" }) { TrapParent.subject() }
        let trap = try #require(report.violations.first { $0.invariant == .wayBackToStart }, "\(report)")
        #expect(trap.path == [.action("open")])
        #expect(trap.script == ["set query ada", "open"])
        // The state is named by its navigation alone, read again from its replayed path: no content.
        #expect(
            trap.message.hasSuffix(
                "the state [screens: navigation, list, trap (on top)] [coordinators: TrapParent, trap]"),
            "\(trap.message)")
        #expect(report.violations.allSatisfy { $0.invariant == .wayBackToStart }, "\(report)")
    }

    @Test("Without the states' keys, an exploration finds and reports the same, and the report holds empty keys")
    func withoutStateKeys() throws {
        let full = try explore(depth: 4, sampleText: { _, _ in "ada" }) { TrapParent.subject() }
        let bare = try explore(depth: 4, sampleText: { _, _ in "ada" }, writesStateKeys: false) {
            TrapParent.subject()
        }
        #expect(bare.stateCount == full.stateCount && bare.transitions == full.transitions)
        #expect(bare.violations == full.violations, "the trap is named by its navigation, read again")
        #expect(bare.states == Array(repeating: "", count: full.stateCount) && full.states.allSatisfy { !$0.isEmpty })
    }

    @Test(
        "At the edge of the exploration a way back may lie further: a state whose inputs were not tried is not a trap")
    func edgeIsNoTrap() throws {
        // From `step` the way back takes two inputs (`next`, then `home`); at depth 2 `next` leads to a state whose
        // inputs are not tried.
        let report = try explore(depth: 2) { TwoStepsBack.subject() }
        #expect(!report.violations.contains { $0.invariant == .wayBackToStart }, "\(report)")
        #expect(report.stateCount == 3)
        let full = try explore(depth: 6) { TwoStepsBack.subject() }
        #expect(full.violations.isEmpty, "explored whole, every state leads back: \(full)")
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
                == "after swipe back (finished): detail is in the tree, but its screen detail is not in the window"
        )
        #expect(drift.script == ["set query ada", "open", "swipe back 0.7", "release"])
        let drifts = report.violations.filter { $0.invariant == .coordinatorsMatchScreens }
        #expect(
            drifts.map(\.path) == [[.action("open"), .back], [.action("open"), .swipeBack(finished: true)]], "\(report)"
        )
        #expect(report.summary.hasSuffix("\(report.violations.count) violations"))
    }

    @Test("A coordinator that leaves the tree while its screen stays shown is found, once, by the input that did it")
    func screenOutlivesItsCoordinator() throws {
        let report = try explore(depth: 3) { ForgettingParent.subject() }
        let drifts = report.violations.filter { $0.invariant == .coordinatorsMatchScreens }
        #expect(drifts.map(\.path) == [[.action("open"), .action("forget")]], "\(report)")
        #expect(
            drifts.first?.message
                == "after tap forget: the screen detail is shown, but its coordinator detail left the tree")
    }

    @Test("A refused deep link that changed the screens, and an object left alive, are violations")
    func refusalsAndLeaks() throws {
        defer { Kept.objects.removeAll() }
        let report = try explore(depth: 1, deepLinks: Kept.misbehavingLinks) { try DetailParent.subject() }
        let refused = try #require(report.violations.first { $0.invariant == .refusedInputChangedNothing })
        #expect(refused.script == ["open app://half-done"])
        let leak = try #require(report.leaks.first)
        #expect(leak.path == [.deepLink(1)])
        #expect(leak.message.contains("coordinator NamedCoordinator"))
    }

    @Test("A leak comes with the shortest path that makes it, never with a path whose inputs make none")
    func leaksOnTheirShortestPath() throws {
        defer { Kept.objects.removeAll() }
        // The link keeps a coordinator alive wherever it is opened. A subject kept from state to state takes it
        // among other inputs; each is tried again alone, and the leak goes to the ones that make it.
        let report = try explore(depth: 3, deepLinks: [Kept.misbehavingLinks[1]]) { try TabsParent.subject() }
        let leaks = report.leaks
        #expect(leaks.allSatisfy { $0.path.last == .deepLink(0) }, "\(report)")
        #expect(leaks.contains { $0.path == [.deepLink(0)] }, "opened at the start, the link leaks: \(report)")
    }

    @Test("A leak no single input makes is reported, though another input of its subject leaks alone")
    func leakOfInputsTogetherBesideALeakOfOne() throws {
        defer { Kept.objects.removeAll() }
        // One subject takes `arm`, then `fire` (which together keep an ArmedCoordinator alive), then the link (which
        // alone keeps a NamedCoordinator alive). Each input tried again on a fresh subject finds the link's leak;
        // the ArmedCoordinator is found by no replay, and is what the subject's own teardown is left to report.
        let report = try explore(depth: 1, deepLinks: [Kept.misbehavingLinks[1]]) {
            try ArmoryParent.subject(tabs: ["armory"])
        }
        #expect(
            Set(report.leaks.flatMap(Self.leakedCoordinators)) == ["NamedCoordinator", "ArmedCoordinator"], "\(report)")
    }

    @Test("A leak no single input makes is reported though its subject's leaking inputs were reported by another one")
    func leakOfInputsTogetherAfterTheLeakOfOneWasReported() throws {
        defer { Kept.objects.removeAll() }
        // The tab `other` leaks whenever it appears. The start's subject goes to `other` and leaves from there by
        // the tab `armory`: torn down, its replays report the tap on `other` and the one on `armory` from there. A
        // fresh subject reaches `armory`, takes `arm` then `fire` (together they leak an ArmedCoordinator), then
        // the tab `other`, and cannot come back: every replay of its inputs that leaks repeats a leak reported, and
        // none makes the ArmedCoordinator, which is left to the subject's own teardown to report.
        let report = try explore(depth: 2) { try ArmoryParent.subject(tabs: ["first", "other", "armory"]) }
        #expect(
            Set(report.leaks.flatMap(Self.leakedCoordinators)) == ["NamedCoordinator", "ArmedCoordinator"], "\(report)")
        // Reported with the subject's last input: its script gives that input too, as its path does.
        let armed = try #require(report.leaks.first { $0.message.contains("ArmedCoordinator") })
        #expect(armed.path == [.tab("other"), .tab("armory")], "\(armed)")
        #expect(armed.script == ["tab other", "tab armory"], "\(armed)")
    }

    /// The kinds of the coordinators `leak` names as left alive, of the two the leaking subjects keep.
    private static func leakedCoordinators(_ leak: ExplorationViolation) -> [String] {
        ["NamedCoordinator", "ArmedCoordinator"].filter { leak.message.contains($0) }
    }

    @Test("A leak an input makes is reported with that input, not again after each input tried past it")
    func leakOnceWithTheInputThatMakesIt() throws {
        defer { Kept.objects.removeAll() }
        // Only the tab `other` leaks, each time it appears. In `other` the back, the swipes and the tap on `first`
        // leave nothing alive: a fresh subject that replays the path to `other` leaks by that path alone.
        let report = try explore(depth: 2) { try ArmoryParent.subject(tabs: ["first", "other"]) }
        let leaks = report.leaks
        #expect(leaks.map(\.path) == [[.tab("other")]], "\(report)")
    }

    @Test("A subject that does not build the same thing each time is reported where a path is replayed")
    func nondeterministicSubject() throws {
        var starts = 0
        // What it keeps unseen changes whenever it is read, so no subject that took an input stands for a state
        // again: the inputs after the first in each state replay the state's path.
        var reads = 0
        let report = try explore(depth: 2) {
            starts += 1
            let subject = try DetailParent.subject()
            let list = (subject.window.rootViewController as? NavigationController)?.viewControllers.first
            if starts > 2, let list = list as? OpeningScreen {
                list.onOpen = { [unowned list] in list.refuseAction(because: "closed") }
            }
            return ExplorationSubject(
                window: subject.window, root: subject.root,
                unseenState: {
                    reads += 1
                    return reads
                })
        }
        let replay = try #require(report.violations.first { $0.invariant == .replays }, "\(report)")
        #expect(replay.message.hasPrefix("the path no longer replays: tap open was refused: closed"))
    }

    @Test("The depth and the state budget bound the exploration")
    func bounds() throws {
        let shallow = try explore(depth: 0) { try DetailParent.subject() }
        #expect(shallow.stateCount == 1)
        #expect(shallow.transitionCount == 0)
        #expect(!shallow.reachedStateBudget, "the depth, not the budget, stopped it")
        let budget = try explore(depth: 4, stateBudget: 1) { try DetailParent.subject() }
        #expect(budget.stateCount == 1)
        #expect(budget.violations.isEmpty, "a state whose input leads past the budget is not judged: \(budget)")
        #expect(budget.reachedStateBudget)
        #expect(budget.summary.hasSuffix("; stopped at the state budget of 1 states before the depth was covered"))
        let covered = try explore(depth: 4) { try DetailParent.subject() }
        #expect(!covered.reachedStateBudget && !covered.summary.contains("stopped"), "\(covered.summary)")
    }
}
