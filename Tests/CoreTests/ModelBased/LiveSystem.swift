import Core

/// A plain screen that may refuse to be swiped down or to go back (a form with unsaved input), and counts
/// the attempts.
@MainActor
final class ProbeScreen: ViewController {
    let isModal: Bool
    private(set) var attemptedDismissals = 0
    private(set) var attemptedBacks = 0
    private(set) var taps = 0

    init(screenID: String, isModal: Bool) {
        self.isModal = isModal
        super.init(screenID: screenID)
    }

    override var isModalInPresentation: Bool { isModal }
    override func didAttemptUserDismissal() { attemptedDismissals += 1 }
    override var isModalInNavigation: Bool { isModal }
    override func didAttemptUserBack() { attemptedBacks += 1 }
    override var content: ScreenContent {
        ScreenContent(title: screenID, elements: [.button(Button(id: ModelOperation.tapAction, title: "Probe"))])
    }
    override func handleAction(_ id: String) { taps += 1 }
}

@MainActor
final class ProbeContainer: ContainerViewController {}

/// What the probe coordinators report, in order: `start x`, `stop x`, `removed x from y`.
@MainActor
final class ProbeLog {
    var entries: [String] = []
}

/// A coordinator named by its model id that reports its starts, stops and user removals.
@MainActor
final class ProbeCoordinator: ViewableCoordinator<ViewController> {
    let id: String
    private let log: ProbeLog

    init(id: String, screen: ViewController, log: ProbeLog) {
        self.id = id
        self.log = log
        super.init(viewControllerable: screen, presenter: screen)
    }

    override var name: String { id }
    override func didStart() { log.entries.append("start \(id)") }
    override func didStop() { log.entries.append("stop \(id)") }
    override func userDidRemove(_ child: any Coordinating) { log.entries.append("removed \(child.name) from \(id)") }
}

/// Core's side of a model-based run: one window, the root coordinator, and weak references to every
/// screen and coordinator created, by model id. It holds nothing else strongly, so what Core releases
/// is really released.
@MainActor
final class LiveSystem {
    private struct WeakScreen {
        weak var screen: ViewController?
    }

    private struct WeakCoordinator {
        weak var coordinator: ProbeCoordinator?
    }

    let window: Window
    /// The clock of a timed run; `nil` on the immediate clock.
    let clock: ManualClock?
    let log = ProbeLog()
    private(set) var app: ProbeCoordinator?
    private var screens: [String: WeakScreen] = [:]
    private var coordinators: [String: WeakCoordinator] = [:]
    /// `viewDidAppear` and `viewDidDisappear` counts per screen id, from the window's events.
    private(set) var appearances: [String: Int] = [:]
    private(set) var disappearances: [String: Int] = [:]
    /// Where each screen is in its appearance cycle, as its callbacks so far say.
    private(set) var phases: [String: AppearanceState] = [:]
    /// The first callback that came out of order, if any.
    private(set) var lifecycleViolation: String?

    /// Builds the same initial state as `ReferenceModel.init(splitTab:)`, on a manual clock if `timed`.
    init(timed: Bool = false, splitTab: Bool = true) throws {
        let clock = timed ? ManualClock() : nil
        self.clock = clock
        window = Window(clock: clock.map { .manual($0) } ?? .immediate)
        window.addObserver { [weak self] event in
            guard let self, case .lifecycle(let id, let lifecycle) = event else { return }
            if lifecycle == .viewDidAppear { appearances[id, default: 0] += 1 }
            if lifecycle == .viewDidDisappear { disappearances[id, default: 0] += 1 }
            follow(lifecycle, of: id)
        }
        let main = try NavigationController(
            root: register(ProbeScreen(screenID: "home", isModal: false)), screenID: "main")
        let second = try NavigationController(
            root: register(ProbeScreen(screenID: "home2", isModal: false)), screenID: "second")
        let root = TabBarController(screenID: "root")
        var tabs: [TabBarController.Tab] = [
            .init(item: TabBarItem(id: "main", title: "Main"), screen: register(main)),
            .init(item: TabBarItem(id: "second", title: "Second"), screen: register(second)),
        ]
        if splitTab {
            let list = try NavigationController(
                root: register(ProbeScreen(screenID: "list", isModal: false)), screenID: "list.nav")
            let split = try SplitViewController(
                primary: register(list), secondary: register(NavigationController(screenID: "item.nav")),
                screenID: "third")
            tabs.append(.init(item: TabBarItem(id: "third", title: "Third"), screen: register(split)))
        }
        try root.setTabs(tabs)
        let app = ProbeCoordinator(id: "app", screen: register(root), log: log)
        coordinators["app"] = WeakCoordinator(coordinator: app)
        self.app = app
        try window.setRootViewController(root)
        app.start()
        log.entries.removeAll()
    }

    @discardableResult
    private func register<Screen: ViewController>(_ screen: Screen) -> Screen {
        screens[screen.screenID] = WeakScreen(screen: screen)
        return screen
    }

    /// Follows one screen's appearance callbacks: will-appear then did-appear, will-disappear then
    /// did-disappear; a will-callback may reverse the one before it (a cancelled gesture, or a screen
    /// moved again before its transition ended), a did-callback may not come without its will-callback.
    private func follow(_ event: LifecycleEvent, of id: String) {
        let phase = phases[id, default: .disappeared]
        let next: AppearanceState? =
            switch (phase, event) {
            case (_, .viewDidLoad): phase
            case (.disappeared, .viewWillAppear), (.disappearing, .viewWillAppear): .appearing
            case (.appearing, .viewDidAppear): .appeared
            case (.appeared, .viewWillDisappear), (.appearing, .viewWillDisappear): .disappearing
            case (.disappearing, .viewDidDisappear): .disappeared
            default: nil
            }
        guard let next else {
            if lifecycleViolation == nil { lifecycleViolation = "\(id) got \(event) while \(phase)" }
            return
        }
        phases[id] = next
    }

    func screen(_ id: String) -> ViewController? { screens[id]?.screen }

    func coordinator(_ id: String) -> ProbeCoordinator? { coordinators[id]?.coordinator }

    func isAlive(_ id: String) -> Bool { screens[id]?.screen != nil || coordinators[id]?.coordinator != nil }

    func forget(_ id: String) {
        phases[id] = nil
        screens[id] = nil
        coordinators[id] = nil
    }

    /// Creates the screens the model created with `ids` (the screen first, then its root or child).
    func makeScreen(_ ids: [String], kind: ModelOperation.Kind, modal: Bool) throws -> ViewController {
        switch kind {
        case .plain:
            return register(ProbeScreen(screenID: ids[0], isModal: modal))
        case .navigation:
            let root = register(ProbeScreen(screenID: ids[1], isModal: modal))
            return register(try NavigationController(root: root, screenID: ids[0]))
        case .container:
            let container = register(ProbeContainer(screenID: ids[0]))
            try container.setViewControllers([register(ProbeScreen(screenID: ids[1], isModal: modal))])
            return container
        case .pages:
            let container = register(PageViewController(screenID: ids[0]))
            try container.setPages([
                register(ProbeScreen(screenID: ids[1], isModal: modal)),
                register(ProbeScreen(screenID: ids[2], isModal: false)),
            ])
            return container
        case .split:
            let list = register(ProbeScreen(screenID: ids[2], isModal: modal))
            let item = register(ProbeScreen(screenID: ids[4], isModal: false))
            return register(
                try SplitViewController(
                    primary: register(NavigationController(root: list, screenID: ids[1])),
                    secondary: register(NavigationController(root: item, screenID: ids[3])), screenID: ids[0]))
        }
    }

    func makeCoordinator(_ id: String, screen: ViewController) -> ProbeCoordinator {
        let coordinator = ProbeCoordinator(id: id, screen: screen, log: log)
        coordinators[id] = WeakCoordinator(coordinator: coordinator)
        return coordinator
    }

    // MARK: - Reading Core

    /// The window's hierarchy in `ReferenceModel.snapshot`'s format; a broken back link shows as `!`.
    /// The root tab bar.
    var tabBar: TabBarController? { window.rootViewController as? TabBarController }

    var snapshot: String {
        guard let root = window.rootViewController else { return "<no root>" }
        var text = ""
        describe(root, into: &text)
        return text
    }

    private func describe(_ screen: ViewController, into text: inout String) {
        text += screen.screenID
        func describeAll(_ children: [ViewController]) {
            for (index, child) in children.enumerated() {
                if index > 0 { text += "," }
                describe(child, into: &text)
                if child.parent !== screen { text += "!parent" }
            }
        }
        if let navigation = screen as? NavigationController {
            text += "["
            describeAll(navigation.viewControllers)
            text += "]"
        } else if let tabBar = screen as? TabBarController {
            text += "{"
            describeAll(tabBar.tabs.map(\.screen.viewController))
            text += "|" + (tabBar.selectedIndex.map { String($0) } ?? "-") + "}"
        } else if let container = screen as? PageViewController {
            text += "{"
            describeAll(container.pages)
            text += "|" + (container.currentIndex.map { String($0) } ?? "-") + "}"
        } else if let split = screen as? SplitViewController {
            text += "{"
            describeAll([split.primaryNavigation, split.secondaryNavigation])
            text += split.isCollapsed ? "|c}" : "|e}"
        } else if let container = screen as? ContainerViewController {
            text += "{"
            describeAll(container.viewControllers)
            text += "|" + (container.selectedIndex.map { String($0) } ?? "-") + "}"
        }
        if screen.parent == nil, let presented = screen.presentedViewController {
            text += " ^" + presented.modalPresentationStyle.rawValue + " "
            describe(presented, into: &text)
            if presented.presentingViewController !== screen { text += "!presenter" }
        }
    }

    /// The coordinator tree in `ReferenceModel.treeLines`' format.
    var treeLines: [String] {
        var lines: [String] = []
        func visit(_ coordinator: any Coordinating, _ indent: String) {
            lines.append(indent + coordinator.name + (coordinator.isStarted ? "+" : "-"))
            for child in coordinator.children { visit(child, indent + "  ") }
        }
        if let app { visit(app, "") }
        return lines
    }

    /// The coordinators of the tree whose screen is not in the window.
    var coordinatorsWithoutScreen: [String] {
        var result: [String] = []
        var pending: [any Coordinating] = app.map { [$0] } ?? []
        while let coordinator = pending.popLast() {
            // Every coordinator of a run is a probe.
            if let probe = coordinator as? ProbeCoordinator, probe.viewControllerable.viewController.window !== window {
                result.append(coordinator.name)
            }
            pending += coordinator.children
        }
        return result
    }
}
