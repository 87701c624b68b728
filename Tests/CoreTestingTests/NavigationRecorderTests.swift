import Core
import CoreTesting
import Testing

@Suite("Navigation recorder")
@MainActor
struct NavigationRecorderTests {
    @Test("Records routing and lifecycle events in the order they happen, split into both views")
    func recordsInOrder() throws {
        let window = Window()
        let recorder = NavigationRecorder(window: window)
        let navigation = try NavigationController(root: TestRootScreen(screenID: "root"), screenID: "nav")
        try window.setRootViewController(navigation)
        recorder.reset()
        #expect(recorder.events.isEmpty)

        try navigation.push(TestRootScreen(screenID: "detail"))
        try navigation.present(TestRootScreen(screenID: "sheet"), style: .formSheet)

        #expect(recorder.routing == ["push detail", "present sheet formSheet"])
        #expect(
            recorder.lifecycle == [
                "viewDidLoad detail", "viewWillDisappear root", "viewWillAppear detail", "viewDidDisappear root",
                "viewDidAppear detail", "viewDidLoad sheet", "viewWillAppear sheet", "viewDidAppear sheet",
            ])
        #expect(recorder.events.first == .push("detail"))
        #expect(recorder.events.count == 10)
    }

    @Test("The window does not keep a recorder alive, and keeps delivering to other observers after it is gone")
    func stopsAfterDeinit() throws {
        let window = Window()
        weak var weakRecorder: NavigationRecorder?
        var delivered = 0
        window.addObserver { _ in delivered += 1 }
        do {
            let recorder = NavigationRecorder(window: window)
            weakRecorder = recorder
            try window.setRootViewController(TestRootScreen(screenID: "root"))
            #expect(recorder.events.count == 4)
        }
        #expect(weakRecorder == nil)
        delivered = 0

        try window.setRootViewController(TestRootScreen(screenID: "next"))
        #expect(delivered > 0, "the window still delivers to the observers that remain")
    }

    @Test("The recorder does not keep its window alive")
    func doesNotRetainWindow() {
        weak var weakWindow: Window?
        var recorder: NavigationRecorder?
        do {
            let window = Window()
            weakWindow = window
            recorder = NavigationRecorder(window: window)
        }
        #expect(weakWindow == nil)
        #expect(recorder?.events.isEmpty == true)
    }
}
