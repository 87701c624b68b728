import Core
import CoreTesting
import Testing

@Suite("Presentation")
@MainActor
struct PresentationTests {
    @Test(
        "present shows the screen over its presenter with the style, and calls the completion once",
        arguments: PresentationStyle.allCases)
    func present(style: PresentationStyle) throws {
        let window = Window()
        let root = TestScreen(screenID: "root")
        try window.setRootViewController(root)
        let modal = TestScreen(screenID: "modal")
        var completions = 0

        try root.present(modal, style: style) { completions += 1 }

        #expect(window.presentedIDs == ["modal"])
        #expect(window.topScreenID == "modal")
        #expect(root.presentedViewController === modal)
        #expect(modal.presentingViewController === root)
        #expect(modal.modalPresentationStyle == style)
        #expect(completions == 1)
    }

    @Test("dismiss removes the presented screen, calls the completion once, and releases it")
    func dismiss() throws {
        let window = Window()
        let root = TestScreen(screenID: "root")
        try window.setRootViewController(root)
        weak var weakModal: TestScreen?
        var completions = 0
        do {
            let modal = TestScreen(screenID: "modal")
            weakModal = modal
            try root.present(modal, style: .fullScreen)
        }

        try root.dismiss { completions += 1 }

        #expect(window.presentedIDs.isEmpty)
        #expect(root.presentedViewController == nil)
        #expect(completions == 1)
        #expect(weakModal == nil)
    }

    @Test("A presented screen can dismiss itself")
    func dismissItself() throws {
        let window = Window()
        let root = TestScreen(screenID: "root")
        try window.setRootViewController(root)
        let modal = TestScreen(screenID: "modal")
        try root.present(modal)
        try modal.dismiss()
        #expect(window.presentedIDs.isEmpty)
        #expect(modal.presentingViewController == nil)
    }

    @Test("Presenting from a screen inside a navigation controller presents from the navigation controller")
    func navigationIsThePresentationContext() throws {
        let (window, navigation) = try makeNavigationWindow(["root", "detail"])
        let detail = navigation.viewControllers[1]
        let modal = TestScreen(screenID: "modal")

        try detail.present(modal)

        #expect(modal.presentingViewController === navigation)
        #expect(navigation.presentedViewController === modal)
        #expect(detail.presentedViewController === modal, "a child answers for its whole stack")
        #expect(window.presentedIDs == ["modal"])
    }

    @Test("Presenting from a context that already presents is refused with alreadyPresenting")
    func alreadyPresenting() throws {
        let (window, navigation) = try makeNavigationWindow(["root", "detail"])
        try navigation.present(TestScreen(screenID: "first"))
        let recorder = NavigationRecorder(window: window)
        var completions = 0

        #expect(throws: NavigationError.alreadyPresenting) {
            try navigation.viewControllers[1].present(TestScreen(screenID: "second")) { completions += 1 }
        }
        #expect(window.presentedIDs == ["first"])
        #expect(completions == 0)
        #expect(recorder.events.isEmpty)
    }

    @Test("Presenting a screen that is shown elsewhere is refused with alreadyInHierarchy")
    func presentAlreadyShown() throws {
        let (window, navigation) = try makeNavigationWindow(["root", "detail"])
        var completions = 0
        #expect(throws: NavigationError.alreadyInHierarchy) {
            try navigation.present(navigation.viewControllers[1]) { completions += 1 }
        }
        #expect(throws: NavigationError.alreadyInHierarchy) {
            try navigation.present(navigation) { completions += 1 }
        }
        #expect(window.presentedIDs.isEmpty)
        #expect(navigation.stackIDs == ["root", "detail"])
        #expect(completions == 0)
    }

    @Test("Presenting a screen over one it presents, outside a window, is refused: it would make a cycle")
    func presentCycle() throws {
        let bottom = TestScreen(screenID: "bottom")
        let middle = TestScreen(screenID: "middle")
        let top = TestScreen(screenID: "top")
        try bottom.present(middle)
        try middle.present(top)
        var completions = 0

        #expect(throws: NavigationError.alreadyInHierarchy) { try top.present(bottom) { completions += 1 } }

        #expect(bottom.presentingViewController == nil)
        #expect(top.presentedViewController == nil)
        #expect(top.window == nil)
        #expect(completions == 0)
    }

    @Test("Dismissing from a screen that neither presents nor is presented is refused with nothingToDismiss")
    func nothingToDismiss() throws {
        let (window, navigation) = try makeNavigationWindow()
        let recorder = NavigationRecorder(window: window)
        var completions = 0
        #expect(throws: NavigationError.nothingToDismiss) { try navigation.dismiss { completions += 1 } }
        #expect(throws: NavigationError.nothingToDismiss) {
            try TestScreen(screenID: "loose").dismiss { completions += 1 }
        }
        #expect(completions == 0)
        #expect(recorder.events.isEmpty)
    }

    @Test("In a chain A→B→C, B.dismiss dismisses C only, with one completion")
    func dismissFromTheMiddle() throws {
        let window = Window()
        let a = TestScreen(screenID: "a")
        try window.setRootViewController(a)
        let b = TestScreen(screenID: "b")
        weak var weakC: TestScreen?
        do {
            let c = TestScreen(screenID: "c")
            weakC = c
            try a.present(b)
            try b.present(c, style: .fullScreen)
        }
        #expect(window.presentedIDs == ["b", "c"])
        var completions = 0

        try b.dismiss { completions += 1 }

        #expect(window.presentedIDs == ["b"])
        #expect(completions == 1)
        #expect(weakC == nil)
    }

    @Test("In a chain A→B→C, A.dismiss dismisses B and C at once, with one completion, and releases both")
    func dismissFromTheBottom() throws {
        let window = Window()
        let a = TestScreen(screenID: "a")
        try window.setRootViewController(a)
        let recorder = NavigationRecorder(window: window)
        weak var weakB: TestScreen?
        weak var weakC: TestScreen?
        do {
            let b = TestScreen(screenID: "b")
            let c = TestScreen(screenID: "c")
            weakB = b
            weakC = c
            try a.present(b)
            try b.present(c)
        }
        recorder.reset()
        var completions = 0

        try a.dismiss { completions += 1 }

        #expect(window.presentedIDs.isEmpty)
        #expect(recorder.routing == ["dismiss c,b"])
        #expect(completions == 1)
        #expect(weakB == nil)
        #expect(weakC == nil)
    }

    @Test("A presented navigation controller takes pushes, and is released with its stack when dismissed")
    func presentedNavigation() throws {
        let window = Window()
        let root = TestScreen(screenID: "root")
        try window.setRootViewController(root)
        weak var weakNavigation: NavigationController?
        weak var weakPushed: TestScreen?
        do {
            let navigation = try NavigationController(root: TestScreen(screenID: "sheet.root"), screenID: "sheet")
            let pushed = TestScreen(screenID: "sheet.detail")
            weakNavigation = navigation
            weakPushed = pushed
            try root.present(navigation)
            try navigation.push(pushed)
            #expect(window.topScreenID == "sheet.detail")
            #expect(window.navigationStackIDs == ["sheet.root", "sheet.detail"])
        }
        try root.dismiss()
        #expect(weakNavigation == nil)
        #expect(weakPushed == nil)
    }
}
