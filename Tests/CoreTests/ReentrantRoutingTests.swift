import Core
import CoreTesting
import Testing

/// Routing from inside a lifecycle callback or a completion applies at once and is settled by the same loop,
/// after the current step: callbacks of the current step finish first, then the appearance changes of the
/// nested routing are delivered, then the queued completions run one by one.
@Suite("Re-entrant routing")
@MainActor
struct ReentrantRoutingTests {
    @Test("A push from viewDidAppear lands on top after the first push has fully appeared")
    func pushFromViewDidAppear() throws {
        let (window, navigation) = try makeNavigationWindow(["a"])
        let recorder = NavigationRecorder(window: window)
        let b = TestScreen(screenID: "b")
        b.onViewDidAppear = { screen in
            screen.onViewDidAppear = nil
            try? screen.push(TestScreen(screenID: "c"))
        }
        var completionSawTop: String?

        try navigation.push(b) { completionSawTop = window.topScreenID }

        #expect(navigation.stackIDs == ["a", "b", "c"])
        #expect(completionSawTop == "c", "completions run after every appearance change settled")
        #expect(
            recorder.events.map(\.description) == [
                "push b",
                "viewDidLoad b", "viewWillDisappear a", "viewWillAppear b", "viewDidDisappear a",
                "push c", "viewDidAppear b",
                "viewDidLoad c", "viewWillDisappear b", "viewWillAppear c", "viewDidDisappear b", "viewDidAppear c",
            ])
        #expect(b.appearanceState == .disappeared)
    }

    @Test("A present from a completion runs after the first transition settled")
    func presentFromCompletion() throws {
        let (window, navigation) = try makeNavigationWindow(["a"])
        let recorder = NavigationRecorder(window: window)
        let b = TestScreen(screenID: "b")
        var bStateInCompletion: AppearanceState?

        try navigation.push(b) {
            bStateInCompletion = b.appearanceState
            try? b.present(TestScreen(screenID: "sheet"), style: .pageSheet)
        }

        #expect(bStateInCompletion == .appeared)
        #expect(window.presentedIDs == ["sheet"])
        #expect(
            recorder.events.map(\.description) == [
                "push b",
                "viewDidLoad b", "viewWillDisappear a", "viewWillAppear b", "viewDidDisappear a", "viewDidAppear b",
                "present sheet pageSheet",
                "viewDidLoad sheet", "viewWillAppear sheet", "viewDidAppear sheet",
            ])
    }

    @Test("A dismiss from viewWillDisappear applies after the current step's callbacks")
    func dismissFromViewWillDisappear() throws {
        let (window, navigation) = try makeNavigationWindow(["a", "b"])
        let b = navigation.viewControllers[1] as? TestScreen
        let sheet = TestScreen(screenID: "sheet")
        try navigation.present(sheet, style: .pageSheet)
        b?.onViewWillDisappear = { _ in try? sheet.dismiss() }
        let recorder = NavigationRecorder(window: window)

        try navigation.pop()

        #expect(navigation.stackIDs == ["a"])
        #expect(window.presentedIDs.isEmpty)
        #expect(sheet.appearanceState == .disappeared)
        #expect(
            recorder.events.map(\.description) == [
                "pop b",
                "viewDidLoad a", "dismiss sheet", "viewWillDisappear b", "viewWillAppear a", "viewDidDisappear b",
                "viewDidAppear a",
                "viewWillDisappear sheet", "viewDidDisappear sheet",
            ])
    }

    @Test("A completion that routes again, whose completion routes again, runs each step in order")
    func chainedCompletions() throws {
        let (window, navigation) = try makeNavigationWindow(["a"])
        let recorder = NavigationRecorder(window: window)
        var order: [String] = []

        try navigation.push(TestScreen(screenID: "b")) {
            order.append("pushed b")
            try? navigation.push(TestScreen(screenID: "c")) {
                order.append("pushed c")
                _ = try? navigation.pop { order.append("popped c") }
            }
        }
        order.append("returned")

        #expect(order == ["pushed b", "pushed c", "popped c", "returned"])
        #expect(navigation.stackIDs == ["a", "b"])
        #expect(window.topScreenID == "b")
        #expect(recorder.routing == ["push b", "push c", "pop c"])
        #expect(
            recorder.lifecycle == [
                "viewDidLoad b", "viewWillDisappear a", "viewWillAppear b", "viewDidDisappear a", "viewDidAppear b",
                "viewDidLoad c", "viewWillDisappear b", "viewWillAppear c", "viewDidDisappear b", "viewDidAppear c",
                "viewWillDisappear c", "viewWillAppear b", "viewDidDisappear c", "viewDidAppear b",
            ])
    }

    @Test("Completions queued by one outermost change run in the order they were queued")
    func completionsInQueueOrder() throws {
        let (window, navigation) = try makeNavigationWindow(["a"])
        let b = TestScreen(screenID: "b")
        var order: [String] = []
        b.onViewWillAppear = { screen in
            screen.onViewWillAppear = nil
            do {
                try screen.present(TestScreen(screenID: "sheet")) { order.append("presented") }
            } catch {
                order.append("\(error)")
            }
        }

        try navigation.push(b) { order.append("pushed") }

        #expect(order == ["pushed", "presented"])
        #expect(window.presentedIDs == ["sheet"])
    }
}
