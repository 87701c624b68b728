import Core
import Testing

/// A window whose root is a tab bar with the tabs `feed` and `profile`, each a navigation stack with its root.
@MainActor
func makeTabbedWindow(clock: TransitionClock = .immediate) throws -> (window: Window, tabBar: TabBarController) {
    let window = Window(clock: clock)
    let tabBar = TabBarController(screenID: "main")
    let tabs = try ["feed", "profile"].map { id in
        TabBarController.Tab(
            item: TabBarItem(id: id, title: id), screen: try NavigationController(root: TestScreen(screenID: id)))
    }
    try tabBar.setTabs(tabs, selecting: "feed")
    try window.setRootViewController(tabBar)
    return (window, tabBar)
}

/// Screens for places: a presented place gets a navigation controller of its own, so screens can be pushed in it.
@MainActor
func screen(for place: String) throws -> any ViewControllerable {
    place.hasPrefix("sheet")
        ? try NavigationController(root: TestScreen(screenID: place + ".root"), screenID: place)
            as any ViewControllerable
        : TestScreen(screenID: place)
}

@Suite("Following a planned path")
@MainActor
struct PathFollowingTests {
    @Test("A window reads back as the path it shows: the selected tab, its pushes, the presentations and theirs")
    func readingTheWindow() throws {
        let (window, tabBar) = try makeTabbedWindow()
        try tabBar.screen(forTab: "feed")?.push(TestScreen(screenID: "post"))
        try window.topViewController?.present(screen(for: "sheet"), style: .pageSheet)
        try window.topViewController?.push(TestScreen(screenID: "step"))

        #expect(
            NavigationPath(window: window)
                == NavigationPath(tab: "feed", [.push("post"), .present("sheet", .pageSheet), .push("step")]))
    }

    @Test("The path above a navigation controller is what is pushed above its root, then what is presented over it")
    func readingAboveAStack() throws {
        let (window, tabBar) = try makeTabbedWindow()
        let stack = try #require(tabBar.screen(forTab: "feed") as? NavigationController)
        try stack.push(TestScreen(screenID: "post"))
        try stack.push(TestScreen(screenID: "comments"))
        try window.topViewController?.present(screen(for: "sheet"), style: .pageSheet)

        #expect(
            NavigationPath(above: stack)
                == NavigationPath([.push("post"), .push("comments"), .present("sheet", .pageSheet)]))
        let root = try #require(stack.viewControllers.first)
        #expect(NavigationPath(above: root) == NavigationPath(above: stack), "the stack's root reads the same place")
    }

    @Test("Following a plan on an animated clock applies each step after the one before has finished moving")
    func animatedPlan() async throws {
        let clock = ManualClock()
        let (window, tabBar) = try makeTabbedWindow(clock: .manual(clock))
        let root = ScreenCoordinator("root", screen: tabBar)
        root.start()
        let target = NavigationPath(tab: "profile", [.push("edit"), .present("sheet", .pageSheet), .push("step")])
        let plan = NavigationPlan(from: NavigationPath(window: window), to: target)
        let done = Shared(false)

        let task = Task { @MainActor in
            try await root.follow(plan) { step in try window.apply(step, animated: true, screen: screen(for:)) }
            done.value = true
        }
        while !done.value {
            await yieldTurns()
            _ = clock.runUntilIdle()
        }
        try await task.value

        #expect(plan.steps.count == 4)
        #expect(NavigationPath(window: window) == target)
    }

    @Test("The first refused step ends the chain: the steps after it are never asked for")
    func stopsAtFirstRefusal() async throws {
        let (window, _) = try makeTabbedWindow()
        let root = ScreenCoordinator("root", screen: window.rootViewController!)
        root.start()
        let plan = NavigationPlan(
            from: NavigationPath(window: window),
            to: NavigationPath(tab: "missing", [.push("a"), .present("b", .pageSheet)]))
        var asked: [NavigationStep] = []

        await #expect(throws: RoutingError.navigation(.unknownTab)) {
            try await root.follow(plan) { step in
                asked.append(step)
                try window.apply(step, screen: screen(for:))
            }
        }

        #expect(asked == [.selectTab("missing")])
        #expect(NavigationPath(window: window) == NavigationPath(tab: "feed"))
    }

    @Test("The completion form runs the whole plan inside the call on an idle window, and reports the first refusal")
    func completionForm() throws {
        let (window, navigation) = try makeNavigationWindow(["home", "a", "b"])
        let root = ScreenCoordinator("root", screen: navigation)
        root.start()
        var outcomes: [RoutingOutcome] = []

        root.follow(
            NavigationPlan(from: NavigationPath(window: window), to: NavigationPath([.push("a"), .push("c")])),
            applying: { try window.apply($0, screen: screen(for:)) }, completion: { outcomes.append($0) })

        #expect(navigation.stackIDs == ["home", "a", "c"])
        #expect(outcomes == [.applied])
        root.follow(
            NavigationPlan(from: NavigationPath(), to: NavigationPath([.present("sheet", .pageSheet)])),
            applying: { _ in throw NavigationError.alreadyPresenting }, completion: { outcomes.append($0) })
        #expect(outcomes.last == .refused(.navigation(.alreadyPresenting)))
    }
}
