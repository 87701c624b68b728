import Core
import CoreTesting
import Testing

@Suite("Containment")
@MainActor
struct ContainmentTests {
    @Test("setViewControllers embeds the children and shows the selected one")
    func setViewControllers() throws {
        let window = Window()
        let container = TestContainer(screenID: "tabs")
        try window.setRootViewController(container)
        let first = TestScreen(screenID: "first")
        let second = TestScreen(screenID: "second")
        var completions = 0

        try container.setViewControllers([first, second], selectedIndex: 1) { completions += 1 }

        #expect(container.viewControllers.map(\.screenID) == ["first", "second"])
        #expect(container.selectedIndex == 1)
        #expect(container.selectedViewController === second)
        #expect(first.parent === container)
        #expect(window.screensOnTop.map(\.screenID) == ["tabs", "second"])
        #expect(second.appearanceState == .appeared)
        #expect(first.appearanceState == .disappeared)
        #expect(completions == 1)
    }

    @Test("select shows another child; selecting the visible one changes nothing but completes")
    func select() throws {
        let window = Window()
        let container = TestContainer(screenID: "tabs")
        try window.setRootViewController(container)
        try container.setViewControllers([TestScreen(screenID: "first"), TestScreen(screenID: "second")])
        let recorder = NavigationRecorder(window: window)
        var completions = 0

        try container.select(index: 1) { completions += 1 }
        #expect(window.topScreenID == "second")
        #expect(recorder.routing == ["select second"])

        recorder.reset()
        try container.select(index: 1) { completions += 1 }
        #expect(recorder.events.isEmpty)
        #expect(completions == 2)
    }

    @Test("An index out of range is refused with indexOutOfRange and changes nothing")
    func indexOutOfRange() throws {
        let container = TestContainer(screenID: "tabs")
        let first = TestScreen(screenID: "first")
        try container.setViewControllers([first])
        var completions = 0

        #expect(throws: NavigationError.indexOutOfRange) { try container.select(index: 1) { completions += 1 } }
        #expect(throws: NavigationError.indexOutOfRange) { try container.select(index: -1) { completions += 1 } }
        #expect(throws: NavigationError.indexOutOfRange) {
            try container.setViewControllers([TestScreen(screenID: "x")], selectedIndex: 1) { completions += 1 }
        }
        #expect(container.viewControllers.map(\.screenID) == ["first"])
        #expect(container.selectedIndex == 0)
        #expect(completions == 0)
    }

    @Test("The same screen twice is refused with duplicateScreen and changes nothing")
    func duplicateScreen() throws {
        let container = TestContainer(screenID: "tabs")
        let first = TestScreen(screenID: "first")
        try container.setViewControllers([first])
        let twice = TestScreen(screenID: "twice")

        #expect(throws: NavigationError.duplicateScreen) { try container.setViewControllers([twice, twice]) }
        #expect(container.viewControllers.map(\.screenID) == ["first"])
        #expect(twice.parent == nil)
    }

    @Test("A screen shown elsewhere, or the container itself, is refused with alreadyInHierarchy")
    func alreadyInHierarchy() throws {
        let container = TestContainer(screenID: "tabs")
        let navigation = try NavigationController(root: TestScreen(screenID: "pushed"))
        #expect(throws: NavigationError.alreadyInHierarchy) {
            try container.setViewControllers([navigation.viewControllers[0]])
        }
        #expect(throws: NavigationError.alreadyInHierarchy) { try container.setViewControllers([container]) }
        #expect(container.viewControllers.isEmpty)
    }

    @Test("Embedding a screen that contains or presents the container is refused: it would make a cycle")
    func embedCycle() throws {
        let outer = TestContainer(screenID: "outer")
        let inner = TestContainer(screenID: "inner")
        try outer.setViewControllers([inner])
        let presenter = TestScreen(screenID: "presenter")
        let presented = TestContainer(screenID: "presented")
        try presenter.present(presented)

        #expect(throws: NavigationError.alreadyInHierarchy) { try inner.setViewControllers([outer]) }
        #expect(throws: NavigationError.alreadyInHierarchy) { try presented.setViewControllers([presenter]) }

        #expect(outer.parent == nil)
        #expect(inner.viewControllers.isEmpty)
        #expect(presenter.parent == nil)
        #expect(presented.window == nil)
    }

    @Test("The container's own children can be reused in a new order; dropped ones are released")
    func reuseOwnChildren() throws {
        let container = TestContainer(screenID: "tabs")
        let first = TestScreen(screenID: "first")
        let second = TestScreen(screenID: "second")
        weak var weakDropped: TestScreen?
        do {
            let dropped = TestScreen(screenID: "dropped")
            weakDropped = dropped
            try container.setViewControllers([first, dropped, second])
        }

        try container.setViewControllers([second, first], selectedIndex: 1)

        #expect(container.viewControllers.map(\.screenID) == ["second", "first"])
        #expect(container.selectedViewController === first)
        #expect(first.parent === container)
        #expect(weakDropped == nil)
    }

    @Test("An empty array removes every child and clears the selection")
    func empty() throws {
        let container = TestContainer(screenID: "tabs")
        let first = TestScreen(screenID: "first")
        try container.setViewControllers([first])
        try container.setViewControllers([])
        #expect(container.viewControllers.isEmpty)
        #expect(container.selectedIndex == nil)
        #expect(first.parent == nil)
    }
}
