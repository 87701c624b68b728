import Core
import CoreTesting
import Testing

/// A transition from a settled state, and the lifecycle events it must deliver, in UIKit's order.
struct LifecycleCase: Sendable, CustomTestStringConvertible {
    enum Transition: String, Sendable {
        case push, pop, popToRoot, setStack
        case presentFullScreen, presentPageSheet, presentOverFullScreen
        case dismissFullScreen, dismissPageSheet, dismissOverFullScreen
        case containerSwitch, replaceRoot, replaceRootWhilePresenting
    }

    let transition: Transition
    let expected: [String]

    var testDescription: String { transition.rawValue }

    static let table: [LifecycleCase] = [
        LifecycleCase(
            transition: .push,
            expected: [
                "viewDidLoad b", "viewWillDisappear a", "viewWillAppear b", "viewDidDisappear a", "viewDidAppear b",
            ]),
        LifecycleCase(
            transition: .pop,
            expected: ["viewWillDisappear b", "viewWillAppear a", "viewDidDisappear b", "viewDidAppear a"]),
        LifecycleCase(
            transition: .popToRoot,
            expected: ["viewWillDisappear c", "viewWillAppear a", "viewDidDisappear c", "viewDidAppear a"]),
        LifecycleCase(
            transition: .setStack,
            expected: [
                "viewDidLoad e", "viewWillDisappear b", "viewWillAppear e", "viewDidDisappear b", "viewDidAppear e",
            ]),
        LifecycleCase(
            transition: .presentFullScreen,
            expected: [
                "viewDidLoad p", "viewWillDisappear nav", "viewWillDisappear a", "viewWillAppear p",
                "viewDidDisappear nav", "viewDidDisappear a", "viewDidAppear p",
            ]),
        LifecycleCase(
            transition: .presentPageSheet, expected: ["viewDidLoad p", "viewWillAppear p", "viewDidAppear p"]),
        LifecycleCase(
            transition: .presentOverFullScreen, expected: ["viewDidLoad p", "viewWillAppear p", "viewDidAppear p"]),
        LifecycleCase(
            transition: .dismissFullScreen,
            expected: [
                "viewWillDisappear p", "viewWillAppear nav", "viewWillAppear a", "viewDidDisappear p",
                "viewDidAppear nav", "viewDidAppear a",
            ]),
        LifecycleCase(transition: .dismissPageSheet, expected: ["viewWillDisappear p", "viewDidDisappear p"]),
        LifecycleCase(transition: .dismissOverFullScreen, expected: ["viewWillDisappear p", "viewDidDisappear p"]),
        LifecycleCase(
            transition: .containerSwitch,
            expected: [
                "viewDidLoad y", "viewWillDisappear x", "viewWillAppear y", "viewDidDisappear x", "viewDidAppear y",
            ]),
        LifecycleCase(
            transition: .replaceRoot,
            expected: [
                "viewDidLoad r", "viewWillDisappear nav", "viewWillDisappear a", "viewWillAppear r",
                "viewDidDisappear nav", "viewDidDisappear a", "viewDidAppear r",
            ]),
        LifecycleCase(
            transition: .replaceRootWhilePresenting,
            expected: [
                "viewDidLoad r", "viewWillDisappear nav", "viewWillDisappear a", "viewWillDisappear p",
                "viewWillAppear r", "viewDidDisappear nav", "viewDidDisappear a", "viewDidDisappear p",
                "viewDidAppear r",
            ]),
    ]
}

@Suite("Lifecycle order")
@MainActor
struct LifecycleOrderTests {
    @Test("Each transition delivers UIKit's lifecycle events in UIKit's order", arguments: LifecycleCase.table)
    func transition(_ testCase: LifecycleCase) throws {
        let window = Window()
        let recorder = NavigationRecorder(window: window)
        let a = TestScreen(screenID: "a")
        let navigation = try NavigationController(root: a, screenID: "nav")
        let presented = TestScreen(screenID: "p")

        let perform: () throws -> Void
        switch testCase.transition {
        case .push:
            try window.setRootViewController(navigation)
            perform = { try navigation.push(TestScreen(screenID: "b")) }
        case .pop:
            try window.setRootViewController(navigation)
            try navigation.push(TestScreen(screenID: "b"))
            perform = { try navigation.pop() }
        case .popToRoot:
            try window.setRootViewController(navigation)
            try navigation.push(TestScreen(screenID: "b"))
            try navigation.push(TestScreen(screenID: "c"))
            perform = { try navigation.popToRoot() }
        case .setStack:
            try window.setRootViewController(navigation)
            try navigation.push(TestScreen(screenID: "b"))
            perform = { try navigation.setStack([TestScreen(screenID: "d"), TestScreen(screenID: "e")]) }
        case .presentFullScreen, .presentPageSheet, .presentOverFullScreen:
            try window.setRootViewController(navigation)
            let style: PresentationStyle =
                switch testCase.transition {
                case .presentFullScreen: .fullScreen
                case .presentPageSheet: .pageSheet
                default: .overFullScreen
                }
            perform = { try a.present(presented, style: style) }
        case .dismissFullScreen, .dismissPageSheet, .dismissOverFullScreen:
            try window.setRootViewController(navigation)
            let style: PresentationStyle =
                switch testCase.transition {
                case .dismissFullScreen: .fullScreen
                case .dismissPageSheet: .pageSheet
                default: .overFullScreen
                }
            try a.present(presented, style: style)
            perform = { try presented.dismiss() }
        case .containerSwitch:
            let container = TestContainer(screenID: "tabs")
            try container.setViewControllers([TestScreen(screenID: "x"), TestScreen(screenID: "y")])
            try window.setRootViewController(container)
            perform = { try container.select(index: 1) }
        case .replaceRoot:
            try window.setRootViewController(navigation)
            perform = { try window.setRootViewController(TestScreen(screenID: "r")) }
        case .replaceRootWhilePresenting:
            try window.setRootViewController(navigation)
            try a.present(presented, style: .pageSheet)
            perform = { try window.setRootViewController(TestScreen(screenID: "r")) }
        }
        recorder.reset()

        try perform()

        #expect(recorder.lifecycle == testCase.expected)
    }

    @Test("viewDidLoad runs exactly once per screen, however often it appears")
    func viewDidLoadOnce() throws {
        let window = Window()
        let recorder = NavigationRecorder(window: window)
        let a = TestScreen(screenID: "a")
        let navigation = try NavigationController(root: a, screenID: "nav")
        try window.setRootViewController(navigation)
        let modal = TestScreen(screenID: "modal")
        let container = TestContainer(screenID: "tabs")
        let x = TestScreen(screenID: "x")
        try container.setViewControllers([x, TestScreen(screenID: "y")])

        for _ in 0..<3 {
            try navigation.push(TestScreen(screenID: "b"))
            try navigation.pop()
            try a.present(modal, style: .fullScreen)
            try modal.dismiss()
            try navigation.push(container)
            try container.select(index: 1)
            try container.select(index: 0)
            try navigation.pop()
        }

        #expect(a.viewDidLoadCount == 1)
        #expect(modal.viewDidLoadCount == 1)
        #expect(x.viewDidLoadCount == 1)
        for id in ["a", "modal", "x", "nav", "tabs", "y"] {
            #expect(recorder.lifecycle.filter { $0 == "viewDidLoad \(id)" }.count == 1, "\(id)")
        }
        #expect(a.appearanceState == .appeared)
    }

    @Test("Screens outside a window get no lifecycle callbacks")
    func noCallbacksOutsideAWindow() throws {
        let a = TestScreen(screenID: "a")
        let b = TestScreen(screenID: "b")
        let modal = TestScreen(screenID: "modal")
        let navigation = try NavigationController(root: a)
        var appearances = 0
        for screen in [a, b, modal] {
            screen.onViewWillAppear = { _ in appearances += 1 }
            screen.onViewWillDisappear = { _ in appearances += 1 }
        }

        try navigation.push(b)
        try b.present(modal, style: .fullScreen)
        try modal.dismiss()
        try navigation.pop()

        #expect(appearances == 0)
        #expect([a, b, modal].allSatisfy { $0.viewDidLoadCount == 0 && $0.appearanceState == .disappeared })
    }

    @Test("A screen removed from the window gets no more callbacks")
    func noCallbacksAfterLeavingTheWindow() throws {
        let window = Window()
        let a = TestScreen(screenID: "a")
        let navigation = try NavigationController(root: a)
        try window.setRootViewController(navigation)
        try window.setRootViewController(TestScreen(screenID: "other"))
        let recorder = NavigationRecorder(window: window)
        var callbacks = 0
        a.onViewWillAppear = { _ in callbacks += 1 }
        a.onViewWillDisappear = { _ in callbacks += 1 }

        try navigation.push(TestScreen(screenID: "b"))
        try navigation.pop()

        #expect(callbacks == 0)
        #expect(recorder.events.isEmpty)
        #expect(a.appearanceState == .disappeared)
    }

    @Test("Every viewDidAppear is matched by a viewDidDisappear when the screen leaves, in will/did order")
    func appearancesAreBalanced() throws {
        let window = Window()
        let recorder = NavigationRecorder(window: window)
        let navigation = try NavigationController(root: TestScreen(screenID: "a"), screenID: "nav")
        try window.setRootViewController(navigation)
        try navigation.push(TestScreen(screenID: "b"))
        let sheet = try NavigationController(root: TestScreen(screenID: "s1"), screenID: "sheet")
        try navigation.present(sheet, style: .pageSheet)
        try sheet.push(TestScreen(screenID: "s2"))
        try sheet.present(TestScreen(screenID: "full"), style: .fullScreen)
        try sheet.dismiss()
        let container = TestContainer(screenID: "tabs")
        try container.setViewControllers([TestScreen(screenID: "x"), TestScreen(screenID: "y")])
        try sheet.push(container)
        try container.select(index: 1)
        try window.perform(.swipeDown)
        try navigation.popToRoot()

        try window.setRootViewController(TestScreen(screenID: "end"))

        var state: [String: String] = [:]
        for entry in recorder.lifecycle {
            let parts = entry.split(separator: " ").map(String.init)
            let (event, id) = (parts[0], parts[1])
            let previous = state[id] ?? "viewDidDisappear"
            let allowed: [String: String] = [
                "viewWillAppear": "viewDidDisappear", "viewDidAppear": "viewWillAppear",
                "viewWillDisappear": "viewDidAppear", "viewDidDisappear": "viewWillDisappear",
            ]
            if event == "viewDidLoad" { continue }
            #expect(allowed[event] == previous, "\(entry) after \(previous)")
            state[id] = event
        }
        let stillShown = state.filter { $0.value != "viewDidDisappear" }.map(\.key)
        #expect(stillShown == ["end"])
        #expect(state.count == 11, "nav, a, b, sheet, s1, s2, full, tabs, x, y and end all appeared")
    }
}
