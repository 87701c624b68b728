import Core
import Testing

/// A window whose root is a tab bar: `feed`, a split whose primary column's stack has the root `list`, and
/// `profile`, a stack with its root; the window is `sizeClass` wide.
@MainActor
private func makePlanningWindow(_ sizeClass: SizeClass) throws -> (window: Window, tabBar: TabBarController) {
    let window = Window()
    window.setHorizontalSizeClass(sizeClass)
    let split = try SplitViewController(
        primary: NavigationController(root: TestScreen(screenID: "list"), screenID: "list.nav"),
        secondary: NavigationController(screenID: "detail.nav"), screenID: "feed")
    let tabBar = TabBarController(screenID: "main")
    try tabBar.setTabs(
        [
            TabBarController.Tab(item: TabBarItem(id: "feed", title: "Feed"), screen: split),
            TabBarController.Tab(
                item: TabBarItem(id: "profile", title: "Profile"),
                screen: try NavigationController(root: TestScreen(screenID: "profile"))),
        ], selecting: "feed")
    try window.setRootViewController(tabBar)
    return (window, tabBar)
}

/// Random places, each planned from the one before and applied step by step with ``Window/apply(_:animated:screen:)``
/// on one window: a tab bar holding a split and a stack, compact or regular, resized between places. Every plan
/// reaches its place exactly, and every screen that left the window is gone.
@Suite("Planning random places")
@MainActor
struct NavigationPlanPropertyTests {
    /// A random place: a tab, up to three pushes, then up to two presentations each with up to two pushes of its own.
    static func randomPath(_ random: inout SplitMix64) -> NavigationPath {
        let names = ["a", "b", "c"]
        var routes: [NavigationPath.Route] = (0..<random.below(4)).map { _ in .push(names[random.below(3)]) }
        for layer in 0..<random.below(3) {
            let style: PresentationStyle = random.below(2) == 0 ? .pageSheet : .fullScreen
            routes.append(.present("sheet\(layer)", style))
            routes += (0..<random.below(3)).map { _ in .push(names[random.below(3)]) }
        }
        return NavigationPath(tab: random.below(2) == 0 ? "feed" : "profile", routes)
    }

    /// The places pushed onto `tab`'s stack (a split's two columns as one), without what the window presents.
    static func pushes(in tab: TabBarController.Tab) -> [NavigationPath.Route] {
        Array(NavigationPath(above: tab.screen.viewController).routes.prefix { !$0.isPresentation })
    }

    @Test(
        "From any place to any other, a plan reaches it exactly, then plans nothing more; a resize moves nothing",
        arguments: [SizeClass.compact, .regular])
    func randomPlaces(startingWidth: SizeClass) async throws {
        for seed in UInt64(1)...150 {
            // The main actor goes to the tests waiting for it between seeds.
            await Task.yield()
            var random = SplitMix64(seed: seed)
            let (window, tabBar) = try makePlanningWindow(startingWidth)
            var made: [Weak] = []
            let screen = { (place: String) throws -> any ViewControllerable in
                let screen: any ViewControllerable =
                    place.hasPrefix("sheet")
                    ? try NavigationController(root: TestScreen(screenID: place + ".root"), screenID: place)
                    : TestScreen(screenID: place)
                made.append(Weak(screen as AnyObject))
                return screen
            }
            for place in 1...6 {
                let target = Self.randomPath(&random)
                let tabStacks = Dictionary(
                    uniqueKeysWithValues: tabBar.tabs.map { ($0.item.id, Self.pushes(in: $0).map(\.place)) })
                let plan = NavigationPlan(from: NavigationPath(window: window), to: target, tabStacks: tabStacks)
                for step in plan.steps { try window.apply(step, screen: screen) }
                let context = "seed \(seed), place \(place): \(plan)"

                #expect(NavigationPath(window: window) == target, "\(context)")
                #expect(
                    NavigationPlan(from: NavigationPath(window: window), to: target).steps.isEmpty,
                    "a place reached needs no step; \(context)")
                // What is still alive of what the plans made: this place's routes, and the other tab's pushes.
                let otherTab = try #require(tabBar.tabs.first { $0.item.id != target.tab })
                let kept = target.routes.count + Self.pushes(in: otherTab).count
                #expect(
                    made.count { $0.object != nil } == kept, "the screens that left the window are gone; \(context)")
                window.setHorizontalSizeClass(random.below(2) == 0 ? .compact : .regular)
                #expect(NavigationPath(window: window) == target, "a resize moves nothing; \(context)")
            }
        }
    }
}

/// A weak reference, to tell which screens are still alive.
private struct Weak {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}
