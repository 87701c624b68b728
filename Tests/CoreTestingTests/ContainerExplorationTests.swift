import Core
import CoreTesting
import Testing

/// A parent whose root is a split: a list in the primary column whose `open` shows a detail, with its coordinator,
/// in the secondary column; the window starts `regular` when asked.
@MainActor
final class SplitListParent: Coordinator {
    let window = Window()
    let split: SplitViewController

    init(regular: Bool) throws {
        let list = OpeningScreen(screenID: "list")
        split = try SplitViewController(
            primary: NavigationController(root: list, screenID: "list.nav"),
            secondary: NavigationController(screenID: "detail.nav"))
        super.init()
        if regular { window.setHorizontalSizeClass(.regular) }
        try window.setRootViewController(split)
        list.onOpen = { [unowned self] in
            guard split.detailViewControllers.isEmpty else { return }
            let screen = ViewController(screenID: "detail")
            try? addChild(DetailCoordinator(screen: screen))
            _ = try? split.showDetail(screen, animated: false)
        }
    }

    static func subject(regular: Bool = false) throws -> ExplorationSubject {
        let parent = try SplitListParent(regular: regular)
        parent.start()
        return ExplorationSubject(window: parent.window, root: parent)
    }
}

/// A parent whose root is a page container of three pages, each with its coordinator.
@MainActor
final class TourParent: Coordinator {
    let window = Window()

    override init() {
        super.init()
        let container = PageViewController(screenID: "tour")
        let pages = (1...3).map { ViewController(screenID: "page\($0)") }
        for page in pages { try? addChild(DetailCoordinator(screen: page)) }
        try? container.setPages(pages)
        try? window.setRootViewController(container)
    }

    static func subject() -> ExplorationSubject {
        let parent = TourParent()
        parent.start()
        return ExplorationSubject(window: parent.window, root: parent)
    }
}

@Suite("Exploring and describing splits and pages")
@MainActor
struct ContainerExplorationTests {
    @Test("The navigation text shows a split's columns and whether it is collapsed, and a container's pages")
    func navigationText() throws {
        let subject = try SplitListParent.subject(regular: true)
        try subject.window.tap("open")
        #expect(
            subject.window.navigationText().contains(
                """
                  split
                    list.nav (primary column)
                      list "List"
                        field query "Query": ""
                        button open "Open"
                    detail.nav (secondary column)
                      detail (on top)
                """))
        subject.window.setHorizontalSizeClass(.compact)
        #expect(subject.window.navigationText().contains("list.nav (primary column, collapsed)"))

        let tour = TourParent.subject()
        #expect(
            tour.window.navigationText()
                == """
                screens:
                  tour
                    page1 (page 1 of 3, current, on top)
                    page2 (page 2 of 3)
                    page3 (page 3 of 3)

                """)
    }

    @Test("The visible text is the current page's, and, when expanded, both columns', the primary's first")
    func visibleText() throws {
        let tour = TourParent.subject()
        try tour.window.perform(.swipeToNextPage)
        #expect(tour.window.screensOnTop.map(\.screenID) == ["tour", "page2"])
        #expect(tour.window.visibleText.isEmpty)

        let split = try SplitListParent.subject(regular: true)
        #expect(split.window.visibleText == ["List", "Query: ", "Open"])
    }

    @Test("Exploring pages swipes both ways, finished and cancelled, and finds every page with nothing broken")
    func exploresPages() throws {
        let report = try explore(depth: 4) { TourParent.subject() }
        #expect(report.violations.isEmpty, "\(report)")
        #expect(report.stateCount == 3, "\(report.states.joined(separator: "\n=====\n"))")
    }

    @Test("Exploring a split resizes it both ways, and collapsing and expanding keep the tree and the screens in step")
    func exploresSplit() throws {
        let report = try explore(depth: 5) { try SplitListParent.subject() }
        #expect(report.violations.isEmpty, "\(report)")
        // The list alone or with its detail, compact or regular.
        #expect(report.stateCount == 4, "\(report.states.joined(separator: "\n=====\n"))")
        #expect(report.states.contains { $0.contains("width: regular") && $0.contains("detail") })
    }
}
