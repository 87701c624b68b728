import Core
import CoreTesting
import Foundation

/// `ExplorationFixture DEPTH PROCESSES`: explores, `DEPTH` inputs deep with `PROCESSES` processes sharing the
/// levels, a small flow that breaks the rules, and prints each violation, every state in the order found, every
/// transition and the summary. The explorer forks only in a process that runs no other thread: its tests run this one.
///
/// The flow: a tab bar of three tabs. `first` shows a list whose `open` pushes a detail. `other` keeps a
/// coordinator alive each time it appears (a leak one input makes). `armory` offers `arm` and `fire`: `fire` after
/// `arm` in the same app keeps a coordinator alive (a leak only the two inputs make together). A deep link keeps one
/// alive too.
@MainActor
enum ExplorationFixture {
    /// What the flow keeps alive, never emptied while the process runs.
    static var kept: [Coordinator] = []

    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2, let depth = Int(arguments[0]), let processes = Int(arguments[1]) else {
            FileHandle.standardError.write(Data("usage: ExplorationFixture DEPTH PROCESSES\n".utf8))
            return 64
        }
        let link = ExplorationDeepLink(script: "open app://keep") { _ in kept.append(LinkedCoordinator()) }
        do {
            let report = try explore(depth: depth, deepLinks: [link], processes: processes) { try Tabs.subject() }
            var lines = report.violations.map(\.description)
            for (index, state) in report.states.enumerated() { lines.append("state \(index):\n\(state)") }
            lines += report.transitions.map(\.description)
            lines.append(report.summary)
            print(lines.joined(separator: "\n"))
            return 0
        } catch {
            FileHandle.standardError.write(Data("ExplorationFixture: \(error)\n".utf8))
            return 1
        }
    }
}

/// The coordinators the flow keeps alive when it should not: by the deep link, by `other` appearing, by `arm` and
/// `fire` together.
@MainActor
final class LinkedCoordinator: Coordinator {}

@MainActor
final class ShownCoordinator: Coordinator {}

@MainActor
final class ArmedCoordinator: Coordinator {}

/// A screen of buttons, one per id of `actions`, that hands a tapped id to `onAction` and calls `onAppear` each time
/// it appears.
@MainActor
final class ButtonsScreen: ViewController {
    let actions: [String]
    var onAction: (String) -> Void = { _ in }
    var onAppear: () -> Void = {}

    init(screenID: String, actions: [String]) {
        self.actions = actions
        super.init(screenID: screenID)
    }

    override var content: ScreenContent {
        ScreenContent(title: screenID, elements: actions.map { .button(Button(id: $0, title: $0)) })
    }

    override func handleAction(_ id: String) { onAction(id) }
    override func viewDidAppear() { onAppear() }
}

/// The flow's root: the tab bar and what its tabs do.
@MainActor
final class Tabs: Coordinator {
    let window = Window()
    private var armed = false
    /// Whether `other` was shown: unseen on the screens, so an app that showed it stands for no state of one that
    /// did not.
    private(set) var otherShown = false

    override init() {
        super.init()
    }

    static func subject() throws -> ExplorationSubject {
        let tabs = Tabs()
        try tabs.build()
        tabs.start()
        return ExplorationSubject(window: tabs.window, root: tabs, unseenState: { [weak tabs] in tabs?.otherShown })
    }

    private func build() throws {
        let list = ButtonsScreen(screenID: "first.list", actions: ["open"])
        let navigation = try NavigationController(root: list, screenID: "first.navigation")
        list.onAction = { [weak navigation] _ in
            try? navigation?.push(ButtonsScreen(screenID: "first.detail", actions: []))
        }
        let other = ButtonsScreen(screenID: "other", actions: [])
        other.onAppear = { [unowned self] in
            otherShown = true
            ExplorationFixture.kept.append(ShownCoordinator())
        }
        let armory = ButtonsScreen(screenID: "armory", actions: ["arm", "fire"])
        armory.onAction = { [unowned self] action in
            if action == "arm" {
                armed = true
            } else if armed {
                ExplorationFixture.kept.append(ArmedCoordinator())
            }
        }
        let tabBar = TabBarController()
        try tabBar.setTabs([
            TabBarController.Tab(item: TabBarItem(id: "first", title: "First"), screen: navigation),
            TabBarController.Tab(item: TabBarItem(id: "other", title: "Other"), screen: other),
            TabBarController.Tab(item: TabBarItem(id: "armory", title: "Armory"), screen: armory),
        ])
        try window.setRootViewController(tabBar)
    }
}

exit(MainActor.assumeIsolated { ExplorationFixture.run(Array(CommandLine.arguments.dropFirst())) })
