import Core
import Testing

@MainActor
@Suite("Settling appearance")
struct AppearanceSettlingTests {
    @Test("a screen popped from a window that stays open is released at once")
    func poppedScreenIsReleasedWhileTheWindowStays() throws {
        let (window, navigation) = try makeNavigationWindow(["root"])
        weak var weakPushed: TestScreen?
        do {
            let pushed = TestScreen(screenID: "pushed")
            weakPushed = pushed
            try navigation.push(pushed)
            #expect(window.visibleViewControllers.map(\.screenID) == ["navigation", "pushed"])
            try navigation.pop()
        }
        #expect(weakPushed == nil)
        #expect(window.visibleViewControllers.map(\.screenID) == ["navigation", "root"])
    }

    @Test("a sheet dismissed from a window that stays open is released at once")
    func dismissedSheetIsReleasedWhileTheWindowStays() throws {
        let window = Window()
        let root = TestScreen(screenID: "root")
        try window.setRootViewController(root)
        weak var weakSheet: TestScreen?
        do {
            let sheet = TestScreen(screenID: "sheet")
            weakSheet = sheet
            try root.present(sheet, style: .fullScreen)
            #expect(window.visibleViewControllers.map(\.screenID) == ["sheet"])
            try root.dismiss()
        }
        #expect(weakSheet == nil)
        #expect(window.visibleViewControllers.map(\.screenID) == ["root"])
    }

    @Test("a child replaced in a container of a window that stays open is released at once")
    func replacedChildIsReleasedWhileTheWindowStays() throws {
        let window = Window()
        let container = TestContainer(screenID: "container")
        weak var weakFirst: TestScreen?
        do {
            let first = TestScreen(screenID: "first")
            weakFirst = first
            try container.setViewControllers([first])
            try window.setRootViewController(container)
            #expect(first.appearanceState == .appeared)
        }
        let second = TestScreen(screenID: "second")
        try container.setViewControllers([second])
        #expect(weakFirst == nil)
        #expect(second.appearanceState == .appeared)
        #expect(window.visibleViewControllers.map(\.screenID) == ["container", "second"])
    }

    @Test("routing from a completion in a window nobody observes still updates appearance")
    func routingFromACompletionWithoutObservers() throws {
        let (window, navigation) = try makeNavigationWindow(["root"])
        let first = TestScreen(screenID: "first")
        let second = TestScreen(screenID: "second")
        try navigation.push(first) {
            try? navigation.push(second)
        }
        #expect(first.appearanceState == .disappeared)
        #expect(second.appearanceState == .appeared)
        #expect(window.visibleViewControllers.map(\.screenID) == ["navigation", "second"])
    }

    @Test("a window given a root by a lifecycle callback of another window shows it by the end of the change")
    func windowCreatedByACallbackIsSettled() throws {
        let (window, navigation) = try makeNavigationWindow(["root"])
        let trigger = TestScreen(screenID: "trigger")
        let otherRoot = TestScreen(screenID: "other")
        var otherWindow: Window?
        trigger.onViewDidAppear = { _ in
            let window = Window()
            try? window.setRootViewController(otherRoot)
            otherWindow = window
        }
        try navigation.push(trigger)
        #expect(window.visibleViewControllers.map(\.screenID) == ["navigation", "trigger"])
        #expect(otherRoot.appearanceState == .appeared)
        #expect(otherWindow?.visibleViewControllers.map(\.screenID) == ["other"])
    }
}
