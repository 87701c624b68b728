import Core
import Testing

/// A window whose root is a split: the primary column's stack holds `list` then `primary`, and the secondary
/// column holds `detail`; the window is `sizeClass` wide.
@MainActor
private func makeSplitPathWindow(
    _ sizeClass: SizeClass, primary: [String] = [], detail: [String] = []
) throws -> (window: Window, split: SplitViewController) {
    let window = Window()
    window.setHorizontalSizeClass(sizeClass)
    let split = try SplitViewController(
        primary: NavigationController(root: TestScreen(screenID: "list"), screenID: "list.nav"),
        secondary: NavigationController(screenID: "detail.nav"))
    for id in primary { try split.primaryNavigation.push(TestScreen(screenID: id)) }
    try window.setRootViewController(split)
    for id in detail {
        if split.detailViewControllers.isEmpty {
            try split.showDetail(TestScreen(screenID: id), animated: false)
        } else {
            try (split.isCollapsed ? split.primaryNavigation : split.secondaryNavigation).push(TestScreen(screenID: id))
        }
    }
    return (window, split)
}

@Suite("Planning a path through a split")
@MainActor
struct SplitPathTests {
    @Test(
        "A split reads as the one stack it collapses to: the primary column's pushes, then the secondary column's",
        arguments: SizeClass.allCases)
    func readingASplit(sizeClass: SizeClass) throws {
        let (window, split) = try makeSplitPathWindow(sizeClass, primary: ["filter"], detail: ["post", "comments"])

        #expect(split.isCollapsed == (sizeClass == .compact))
        #expect(NavigationPath(window: window) == NavigationPath([.push("filter"), .push("post"), .push("comments")]))
    }

    @Test("The path above a screen in a split's primary column holds the item its secondary column shows")
    func pathAboveTheList() throws {
        for sizeClass in SizeClass.allCases {
            let (window, split) = try makeSplitPathWindow(sizeClass, detail: ["post"])
            let list = try #require(split.primaryNavigation.viewControllers.first)
            try window.topViewController?.present(TestScreen(screenID: "sheet"), style: .pageSheet)

            #expect(
                NavigationPath(above: list) == NavigationPath([.push("post"), .present("sheet", .pageSheet)]),
                "\(sizeClass)")
            let post = try #require(split.detailViewControllers.last)
            #expect(NavigationPath(above: post) == NavigationPath([.present("sheet", .pageSheet)]), "\(sizeClass)")
        }
    }

    @Test(
        "The path above a split, or above its primary column's stack, reads its two columns as one stack",
        arguments: SizeClass.allCases)
    func pathAboveTheSplit(sizeClass: SizeClass) throws {
        let (window, split) = try makeSplitPathWindow(sizeClass, primary: ["filter"], detail: ["post", "comments"])
        try window.topViewController?.present(TestScreen(screenID: "sheet"), style: .pageSheet)
        let expected = NavigationPath([
            .push("filter"), .push("post"), .push("comments"), .present("sheet", .pageSheet),
        ])

        #expect(NavigationPath(above: split) == expected)
        #expect(NavigationPath(above: split.primaryNavigation) == expected)
    }

    @Test(
        "Another item in place of the open one is one set-all, which replaces the secondary column",
        arguments: SizeClass.allCases)
    func replacingTheItem(sizeClass: SizeClass) throws {
        let (window, split) = try makeSplitPathWindow(sizeClass, detail: ["post/a"])
        let plan = NavigationPlan(from: NavigationPath(window: window), to: NavigationPath([.push("post/b")]))
        #expect(plan.steps == [.setStack(keeping: 0, pushing: ["post/b"])])

        for step in plan.steps { try window.apply(step) { TestScreen(screenID: $0) } }

        #expect(split.detailViewControllers.map(\.screenID) == ["post/b"])
        #expect(split.primaryNavigation.viewControllers.first?.screenID == "list")
        #expect(NavigationPath(window: window) == NavigationPath([.push("post/b")]))
    }

    @Test("Expanded, a pop to the primary column's screens closes the secondary column", arguments: [0, 1])
    func poppingTheItem(keeping: Int) throws {
        let (window, split) = try makeSplitPathWindow(.regular, primary: ["filter"], detail: ["post", "comments"])

        try window.apply(.popTo(keeping: keeping)) { TestScreen(screenID: $0) }

        #expect(split.secondaryNavigation.viewControllers.isEmpty)
        let kept = Array(["list", "filter"].prefix(keeping + 1))
        #expect(split.primaryNavigation.viewControllers.map(\.screenID) == kept)
    }

    @Test("Expanded, a pop that keeps part of the item pops the secondary column")
    func poppingInsideTheItem() throws {
        let (window, split) = try makeSplitPathWindow(.regular, detail: ["post", "comments"])

        try window.apply(.popTo(keeping: 1)) { TestScreen(screenID: $0) }

        #expect(split.secondaryNavigation.viewControllers.map(\.screenID) == ["post"])
        #expect(NavigationPath(window: window) == NavigationPath([.push("post")]))
    }

    @Test("Expanded, pushes with nothing open show the item in the secondary column at once")
    func pushingAnItem() throws {
        let (window, split) = try makeSplitPathWindow(.regular)
        let plan = NavigationPlan(
            from: NavigationPath(window: window), to: NavigationPath([.push("post"), .push("c")]))

        for step in plan.steps { try window.apply(step) { TestScreen(screenID: $0) } }

        #expect(split.secondaryNavigation.viewControllers.map(\.screenID) == ["post", "c"])
        #expect(split.primaryNavigation.viewControllers.map(\.screenID) == ["list"])
    }

    @Test("Expanded, a set-all below the primary column's screens pops it and replaces the secondary column")
    func replacingBelowThePrimaryColumn() throws {
        let (window, split) = try makeSplitPathWindow(.regular, primary: ["filter"], detail: ["post"])

        try window.apply(.setStack(keeping: 0, pushing: ["other"])) { TestScreen(screenID: $0) }

        #expect(split.primaryNavigation.viewControllers.map(\.screenID) == ["list"])
        #expect(split.secondaryNavigation.viewControllers.map(\.screenID) == ["other"])
    }

    @Test(
        "Expanded, a pop or a set-all while either column moves is refused before anything changes",
        arguments: SplitViewController.Column.allCases)
    func refusedWhileAColumnMoves(moving column: SplitViewController.Column) throws {
        let clock = ManualClock()
        let window = Window(clock: .manual(clock))
        window.setHorizontalSizeClass(.regular)
        let split = try SplitViewController(
            primary: NavigationController(root: TestScreen(screenID: "list"), screenID: "list.nav"),
            secondary: NavigationController(screenID: "detail.nav"))
        try split.primaryNavigation.push(TestScreen(screenID: "filter"))
        try window.setRootViewController(split)
        try split.showDetail(TestScreen(screenID: "post"), animated: false)
        try split.navigation(for: column).push(TestScreen(screenID: "moving"), animated: true)
        #expect(!window.isIdle)
        let primary = split.primaryNavigation.viewControllers.map(\.screenID)
        let secondary = split.secondaryNavigation.viewControllers.map(\.screenID)

        for step in [NavigationStep.setStack(keeping: 0, pushing: ["other"]), .popTo(keeping: 0)] {
            #expect(throws: RoutingError.navigation(.transitionInProgress), "\(step)") {
                try window.apply(step) { TestScreen(screenID: $0) }
            }
            #expect(split.primaryNavigation.viewControllers.map(\.screenID) == primary, "\(step)")
            #expect(split.secondaryNavigation.viewControllers.map(\.screenID) == secondary, "\(step)")
        }
        _ = clock.runUntilIdle()
    }

    @Test("Expanded, a step that keeps more screens than the split holds is refused and changes nothing")
    func keepingTooMany() throws {
        let (window, split) = try makeSplitPathWindow(.regular, detail: ["post"])

        #expect(throws: RoutingError.navigation(.indexOutOfRange)) {
            try window.apply(.popTo(keeping: 2)) { TestScreen(screenID: $0) }
        }
        #expect(split.secondaryNavigation.viewControllers.map(\.screenID) == ["post"])
    }
}
