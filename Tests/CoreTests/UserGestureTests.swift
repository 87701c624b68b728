import Core
import CoreTesting
import Testing

@Suite("User gestures")
@MainActor
struct UserGestureTests {
    @Test(
        "Back pops the top screen and detaches, stops and releases the coordinator that owned it",
        arguments: [UserGesture.backButton, .swipeBack])
    func backReleasesOwner(gesture: UserGesture) throws {
        let (window, navigation) = try makeNavigationWindow()
        let log = EventLog()
        let parent = FlowCoordinator("parent", log: log)
        parent.start()
        weak var weakChild: ScreenCoordinator?
        weak var weakScreen: ViewController?
        do {
            let child = ScreenCoordinator("child", log: log)
            try parent.addChild(child)
            try child.addChild(FlowCoordinator("grandchild", log: log))
            try navigation.push(child.viewControllerable)
            weakChild = child
            weakScreen = child.viewControllerable.viewController
        }
        let recorder = NavigationRecorder(window: window)
        log.reset()

        try window.perform(gesture)

        #expect(navigation.stackIDs == ["root"])
        #expect(recorder.routing == ["gesture \(gesture.rawValue)", "pop child"])
        #expect(log.entries == ["stop grandchild", "stop child", "userDidRemove child from parent"])
        #expect(parent.userRemovedChildren == ["child"])
        #expect(parent.children.isEmpty)
        #expect(weakChild == nil)
        #expect(weakScreen == nil)
    }

    @Test("Back pops from the innermost navigation stack on top that has more than its root")
    func backUsesInnermostStack() throws {
        let window = Window()
        let inner = try NavigationController(root: TestScreen(screenID: "inner.root"), screenID: "inner")
        let container = TestContainer(screenID: "tabs")
        try container.setViewControllers([inner])
        let outer = try NavigationController(root: TestScreen(screenID: "outer.root"), screenID: "outer")
        try outer.push(container)
        try window.setRootViewController(outer)

        try inner.push(TestScreen(screenID: "inner.detail"))
        try window.perform(.backButton)
        #expect(inner.stackIDs == ["inner.root"])
        #expect(outer.stackIDs == ["outer.root", "tabs"])

        try window.perform(.backButton)
        #expect(outer.stackIDs == ["outer.root"], "the inner stack has only its root, so the outer one goes back")
    }

    @Test("Back inside a presented sheet pops the sheet's stack, not the stack below it")
    func backInsideSheet() throws {
        let (window, navigation) = try makeNavigationWindow(["root", "below"])
        let sheet = try NavigationController(root: TestScreen(screenID: "sheet.root"), screenID: "sheet")
        try navigation.present(sheet)
        try sheet.push(TestScreen(screenID: "sheet.detail"))

        try window.perform(.swipeBack)
        #expect(sheet.stackIDs == ["sheet.root"])
        #expect(navigation.stackIDs == ["root", "below"])

        #expect(throws: NavigationError.nothingToGoBack) { try window.perform(.backButton) }
        #expect(navigation.stackIDs == ["root", "below"])
    }

    @Test("Swipe down of a sheet releases the coordinator of the presented stack and of every screen pushed in it")
    func swipeDownReleasesEveryOwner() throws {
        let (window, navigation) = try makeNavigationWindow()
        let log = EventLog()
        let parent = FlowCoordinator("parent", log: log)
        parent.start()
        weak var weakSheetOwner: ScreenCoordinator?
        weak var weakDetail: ScreenCoordinator?
        weak var weakDeeper: ScreenCoordinator?
        weak var weakSheet: ViewController?
        do {
            let sheet = try NavigationController(root: TestScreen(screenID: "sheet.root"), screenID: "sheet")
            let sheetOwner = ScreenCoordinator("sheetOwner", screen: sheet, log: log)
            try parent.addChild(sheetOwner)
            try navigation.present(sheetOwner.viewControllerable, style: .pageSheet)
            let detail = ScreenCoordinator("detail", log: log)
            try sheetOwner.addChild(detail)
            try sheet.push(detail.viewControllerable)
            let deeper = ScreenCoordinator("deeper", log: log)
            try detail.addChild(deeper)
            try sheet.push(deeper.viewControllerable)
            weakSheetOwner = sheetOwner
            weakDetail = detail
            weakDeeper = deeper
            weakSheet = sheet
        }
        log.reset()

        try window.perform(.swipeDown)

        #expect(window.presentedIDs.isEmpty)
        #expect(
            log.entries == ["stop deeper", "stop detail", "stop sheetOwner", "userDidRemove sheetOwner from parent"])
        #expect(parent.children.isEmpty)
        #expect(weakSheetOwner == nil)
        #expect(weakDetail == nil)
        #expect(weakDeeper == nil)
        #expect(weakSheet == nil)
    }

    @Test("Swipe down tells each parent of the owners it removed, outermost first")
    func swipeDownTellsEveryParent() throws {
        let (window, navigation) = try makeNavigationWindow()
        let log = EventLog()
        let parent = FlowCoordinator("parent", log: log)
        parent.start()
        let sheet = try NavigationController(root: TestScreen(screenID: "sheet.root"), screenID: "sheet")
        let sheetOwner = ScreenCoordinator("sheetOwner", screen: sheet, log: log)
        try parent.addChild(sheetOwner)
        let helper = FlowCoordinator("flow", log: log)
        try parent.addChild(helper)
        let pushedByFlow = ScreenCoordinator("pushedByFlow", log: log)
        try helper.addChild(pushedByFlow)
        try navigation.present(sheet)
        try sheet.push(pushedByFlow.viewControllerable)
        log.reset()

        try window.perform(.swipeDown)

        #expect(
            log.entries == [
                "stop sheetOwner", "userDidRemove sheetOwner from parent",
                "stop pushedByFlow", "userDidRemove pushedByFlow from flow",
            ])
        #expect(parent.treeLines == ["parent", "  flow"])
    }

    @Test("Gestures with nothing to act on are refused and change nothing")
    func refusals() throws {
        #expect(throws: NavigationError.noRootViewController) { try Window().perform(.backButton) }

        let (window, navigation) = try makeNavigationWindow()
        let recorder = NavigationRecorder(window: window)
        #expect(throws: NavigationError.nothingToGoBack) { try window.perform(.backButton) }
        #expect(throws: NavigationError.nothingToGoBack) { try window.perform(.swipeBack) }
        #expect(throws: NavigationError.nothingToDismiss) { try window.perform(.swipeDown) }
        #expect(recorder.events.isEmpty)
        #expect(navigation.stackIDs == ["root"])
    }

    @Test("Full-screen styles cannot be swiped down", arguments: [PresentationStyle.fullScreen, .overFullScreen])
    func notSwipeDismissible(style: PresentationStyle) throws {
        let (window, navigation) = try makeNavigationWindow()
        let parent = FlowCoordinator("parent")
        parent.start()
        let child = ScreenCoordinator("modal")
        try parent.addChild(child)
        try navigation.present(child.viewControllerable, style: style)
        let recorder = NavigationRecorder(window: window)

        #expect(throws: NavigationError.notSwipeDismissible) { try window.perform(.swipeDown) }
        #expect(window.presentedIDs == ["modal"])
        #expect(parent.children.count == 1)
        #expect(recorder.events.isEmpty)
    }

    @Test("The owner is detached before any lifecycle callback of the gesture: the revealed screen never sees it")
    func detachesBeforeCallbacks() throws {
        let window = Window()
        let root = TestScreen(screenID: "root")
        let navigation = try NavigationController(root: root)
        try window.setRootViewController(navigation)
        let parent = FlowCoordinator("parent")
        parent.start()
        try parent.addChild(ScreenCoordinator("detail")) { try navigation.push($0) }
        var childrenSeenOnReveal: [[String]] = []
        root.onViewWillAppear = { _ in childrenSeenOnReveal.append(parent.children.map(\.name)) }

        try window.perform(.swipeBack)

        #expect(childrenSeenOnReveal == [[]])
        #expect(parent.userRemovedChildren == ["detail"])
    }

    @Test("A sheet that is modal in presentation refuses the swipe down and is told once")
    func dismissalRefused() throws {
        let (window, navigation) = try makeNavigationWindow()
        let parent = FlowCoordinator("parent")
        parent.start()
        let editor = TestScreen(screenID: "editor")
        editor.refusesUserDismissal = true
        let sheet = try NavigationController(root: editor, screenID: "sheet")
        let owner = ScreenCoordinator("owner", screen: sheet)
        try parent.addChild(owner)
        try navigation.present(sheet)
        let recorder = NavigationRecorder(window: window)

        #expect(throws: NavigationError.dismissalRefused) { try window.perform(.swipeDown) }

        #expect(editor.attemptedUserDismissals == 1)
        #expect(window.presentedIDs == ["sheet"])
        #expect(parent.children.count == 1)
        #expect(owner.isStarted)
        #expect(recorder.events.isEmpty)
    }

    @Test("After every gesture, no coordinator remains whose screen left the window")
    func treeFollowsTheScreens() throws {
        let (window, navigation) = try makeNavigationWindow()
        let parent = FlowCoordinator("parent")
        parent.start()
        func attachPushed(_ label: String, to owner: Coordinator, on stack: NavigationController) throws {
            let child = ScreenCoordinator(label)
            try owner.addChild(child)
            try stack.push(child.viewControllerable)
        }
        try attachPushed("one", to: parent, on: navigation)
        try attachPushed("two", to: parent, on: navigation)
        let sheet = try NavigationController(root: TestScreen(screenID: "sheet.root"), screenID: "sheet")
        let sheetOwner = ScreenCoordinator("sheetOwner", screen: sheet)
        try parent.addChild(sheetOwner)
        try navigation.present(sheet)
        try attachPushed("three", to: sheetOwner, on: sheet)

        func assertTreeMatchesWindow() {
            var pending: [any Coordinating] = [parent]
            while let coordinator = pending.popLast() {
                if let viewable = coordinator as? any ViewableCoordinating {
                    #expect(viewable.viewControllerable.viewController.window === window, "\(coordinator.name)")
                }
                pending += coordinator.children
            }
        }
        for gesture in [UserGesture.backButton, .swipeDown, .swipeBack, .backButton] {
            try window.perform(gesture)
            assertTreeMatchesWindow()
        }
        #expect(parent.children.isEmpty)
        #expect(navigation.stackIDs == ["root"])
    }
}
