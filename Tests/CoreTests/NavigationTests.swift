import Core
import CoreTesting
import Testing

@Suite("Navigation")
@MainActor
struct NavigationTests {
    @Test("push puts the screen on top and calls the completion once")
    func push() throws {
        let (window, navigation) = try makeNavigationWindow()
        var completions = 0
        let detail = TestScreen(screenID: "detail")

        try navigation.push(detail) { completions += 1 }

        #expect(navigation.stackIDs == ["root", "detail"])
        #expect(window.topScreenID == "detail")
        #expect(detail.parent === navigation)
        #expect(detail.enclosingNavigationController === navigation)
        #expect(completions == 1)
    }

    @Test("push from a screen inside a navigation controller pushes onto the enclosing one")
    func pushFromEnclosedScreen() throws {
        let (_, navigation) = try makeNavigationWindow()
        let root = try #require(navigation.rootViewController)
        try root.push(TestScreen(screenID: "a"))
        let top = try #require(navigation.topViewController)
        try top.push(TestScreen(screenID: "b"))
        #expect(navigation.stackIDs == ["root", "a", "b"])
    }

    @Test("push from a screen embedded in a container inside a navigation controller uses that navigation controller")
    func pushThroughContainer() throws {
        let window = Window()
        let container = TestContainer(screenID: "tabs")
        let tab = TestScreen(screenID: "tab")
        try container.setViewControllers([tab])
        let navigation = try NavigationController(root: container)
        try window.setRootViewController(navigation)

        try tab.push(TestScreen(screenID: "detail"))

        #expect(navigation.stackIDs == ["tabs", "detail"])
    }

    @Test("pop removes the top screen, returns it, calls the completion, and releases it")
    func pop() throws {
        let (_, navigation) = try makeNavigationWindow(["root", "a"])
        weak var weakDetail: TestScreen?
        var completions = 0
        do {
            let detail = TestScreen(screenID: "detail")
            weakDetail = detail
            try navigation.push(detail)
            let popped = try navigation.pop { completions += 1 }
            #expect(popped === detail)
            #expect(detail.parent == nil)
        }
        #expect(navigation.stackIDs == ["root", "a"])
        #expect(completions == 1)
        #expect(weakDetail == nil)
    }

    @Test("popToRoot pops everything above the root, top first, and releases it")
    func popToRoot() throws {
        let (_, navigation) = try makeNavigationWindow(["root"])
        weak var weakA: TestScreen?
        weak var weakB: TestScreen?
        var completions = 0
        do {
            let a = TestScreen(screenID: "a")
            let b = TestScreen(screenID: "b")
            weakA = a
            weakB = b
            try navigation.push(a)
            try navigation.push(b)
            let popped = try navigation.popToRoot { completions += 1 }
            #expect(popped.map(\.screenID) == ["b", "a"])
        }
        #expect(navigation.stackIDs == ["root"])
        #expect(completions == 1)
        #expect(weakA == nil)
        #expect(weakB == nil)
    }

    @Test("popToRoot at the root pops nothing, returns an empty array, and still calls the completion")
    func popToRootAtRoot() throws {
        let (_, navigation) = try makeNavigationWindow(["root"])
        var completions = 0
        let popped = try navigation.popToRoot { completions += 1 }
        #expect(popped.isEmpty)
        #expect(navigation.stackIDs == ["root"])
        #expect(completions == 1)
    }

    @Test("pop(to:) pops every screen above the given one, top first")
    func popToScreen() throws {
        let (_, navigation) = try makeNavigationWindow(["root", "a", "b", "c"])
        let a = navigation.viewControllers[1]
        var completions = 0

        let popped = try navigation.pop(to: a) { completions += 1 }

        #expect(popped.map(\.screenID) == ["c", "b"])
        #expect(navigation.stackIDs == ["root", "a"])
        #expect(completions == 1)
    }

    @Test("setStack replaces the stack, keeps reused screens, and releases the others")
    func setStack() throws {
        let (window, navigation) = try makeNavigationWindow(["root", "a"])
        let root = navigation.viewControllers[0]
        weak let weakA: ViewController? = navigation.viewControllers[1]
        var completions = 0

        try navigation.setStack([TestScreen(screenID: "x"), root]) { completions += 1 }

        #expect(navigation.stackIDs == ["x", "root"])
        #expect(window.topScreenID == "root")
        #expect(root.parent === navigation)
        #expect(completions == 1)
        #expect(weakA == nil)
    }

    @Test("Routing from a screen outside any navigation controller is refused with noNavigationController")
    func noNavigationController() {
        let loose = TestScreen(screenID: "loose")
        var completions = 0
        #expect(throws: NavigationError.noNavigationController) {
            try loose.push(TestScreen(screenID: "x")) { completions += 1 }
        }
        #expect(throws: NavigationError.noNavigationController) { try loose.pop { completions += 1 } }
        #expect(throws: NavigationError.noNavigationController) { try loose.popToRoot { completions += 1 } }
        #expect(throws: NavigationError.noNavigationController) { try loose.pop(to: loose) { completions += 1 } }
        #expect(throws: NavigationError.noNavigationController) { try loose.setStack([loose]) { completions += 1 } }
        #expect(completions == 0)
        #expect(loose.parent == nil)
    }

    @Test("Every refused navigation leaves the stack unchanged, delivers no event, and calls no completion")
    func refusalsChangeNothing() throws {
        let (window, navigation) = try makeNavigationWindow(["root"])
        let recorder = NavigationRecorder(window: window)
        let root = navigation.viewControllers[0]
        let elsewhere = try NavigationController(root: TestScreen(screenID: "elsewhere"))
        let shownElsewhere = elsewhere.viewControllers[0]
        var completions = 0
        let complete: @MainActor () -> Void = { completions += 1 }

        #expect(throws: NavigationError.cannotPopRoot) { try navigation.pop(completion: complete) }
        #expect(throws: NavigationError.alreadyInHierarchy) { try navigation.push(root, completion: complete) }
        #expect(throws: NavigationError.alreadyInHierarchy) {
            try navigation.push(shownElsewhere, completion: complete)
        }
        #expect(throws: NavigationError.cannotPushNavigationController) {
            try navigation.push(NavigationController(), completion: complete)
        }
        #expect(throws: NavigationError.notInNavigationStack) {
            try navigation.pop(to: shownElsewhere, completion: complete)
        }
        #expect(throws: NavigationError.notInNavigationStack) {
            try navigation.pop(to: TestScreen(screenID: "loose"), completion: complete)
        }
        #expect(throws: NavigationError.emptyStack) { try navigation.setStack([], completion: complete) }
        #expect(throws: NavigationError.duplicateScreen) {
            let screen = TestScreen(screenID: "twice")
            try navigation.setStack([screen, screen], completion: complete)
        }
        #expect(throws: NavigationError.cannotPushNavigationController) {
            try navigation.setStack([TestScreen(screenID: "x"), NavigationController()], completion: complete)
        }
        #expect(throws: NavigationError.alreadyInHierarchy) {
            try navigation.setStack([root, shownElsewhere], completion: complete)
        }

        #expect(navigation.stackIDs == ["root"])
        #expect(elsewhere.stackIDs == ["elsewhere"])
        #expect(shownElsewhere.parent === elsewhere)
        #expect(completions == 0)
        #expect(recorder.events.isEmpty)
    }

    @Test("A screen that presents another cannot be pushed, put in a stack or embedded: only a context presents")
    func presentingScreenCannotBeContained() throws {
        let (window, navigation) = try makeNavigationWindow()
        let presenter = TestScreen(screenID: "presenter")
        try presenter.present(TestScreen(screenID: "sheet"))
        let container = TestContainer(screenID: "tabs")
        var completions = 0

        #expect(throws: NavigationError.presentsAnotherScreen) { try navigation.push(presenter) { completions += 1 } }
        #expect(throws: NavigationError.presentsAnotherScreen) {
            try navigation.setStack([navigation.viewControllers[0], presenter]) { completions += 1 }
        }
        #expect(throws: NavigationError.presentsAnotherScreen) {
            try container.setViewControllers([presenter]) { completions += 1 }
        }

        #expect(completions == 0)
        #expect(navigation.stackIDs == ["root"])
        #expect(container.viewControllers.isEmpty)
        #expect(presenter.parent == nil)
        #expect(window.presentedIDs.isEmpty)
        try presenter.dismiss()
        try navigation.push(presenter)
        #expect(window.topScreenID == "presenter")
    }

    @Test(
        "Pushing, or putting in the stack, the screen that presents the navigation controller is refused: it would make a cycle"
    )
    func pushCycle() throws {
        let presenter = TestScreen(screenID: "presenter")
        let navigation = try NavigationController(root: TestScreen(screenID: "root"))
        try presenter.present(navigation)
        var completions = 0

        #expect(throws: NavigationError.alreadyInHierarchy) { try navigation.push(presenter) { completions += 1 } }
        #expect(throws: NavigationError.alreadyInHierarchy) {
            try navigation.setStack([presenter]) { completions += 1 }
        }

        #expect(navigation.stackIDs == ["root"])
        #expect(presenter.parent == nil)
        #expect(navigation.window == nil)
        #expect(completions == 0)
    }

    @Test("A navigation controller cannot be created with another navigation controller as root")
    func navigationAsRoot() {
        #expect(throws: NavigationError.cannotPushNavigationController) {
            try NavigationController(root: NavigationController())
        }
    }

    @Test("A navigation controller outside a window pushes without lifecycle callbacks")
    func outsideWindow() throws {
        let screen = TestScreen(screenID: "root")
        let navigation = try NavigationController(root: screen)
        try navigation.push(TestScreen(screenID: "detail"))
        #expect(navigation.stackIDs == ["root", "detail"])
        #expect(screen.viewDidLoadCount == 0)
        #expect(screen.appearanceState == .disappeared)
    }
}
