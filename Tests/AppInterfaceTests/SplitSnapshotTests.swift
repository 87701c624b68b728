import AppInterface
import Core
import Testing

@Suite("A snapshot of a split: both columns on top when side by side, one stack when collapsed")
@MainActor
struct SplitSnapshotTests {
    /// A window of `sizeClass` whose root is a split of `list` and, when `open`, the item `post`.
    /// The back button closes the open item when `backClosesItem`.
    private static func snapshot(
        _ sizeClass: SizeClass, open: Bool = true, backClosesItem: Bool = false
    ) throws -> ScreenSnapshot {
        let window = Window()
        window.setHorizontalSizeClass(sizeClass)
        let split = try SplitViewController(
            primary: NavigationController(root: ViewController(screenID: "list"), screenID: "list.nav"),
            secondary: NavigationController(screenID: "detail.nav"), screenID: "split")
        split.backButtonClosesDetail = backClosesItem
        try window.setRootViewController(split)
        if open { try split.showDetail(ViewController(screenID: "post"), animated: false) }
        return ScreenSnapshot(window: window, coordinators: Coordinator())
    }

    @Test("Side by side, the screens on top hold the primary column, then the secondary, as the window's do")
    func sideBySide() async throws {
        let snapshot = try Self.snapshot(.regular)

        #expect(snapshot.levels.first?.screen.kind == .split(collapsed: false))
        #expect(snapshot.screensOnTop.map(\.screenID) == ["split", "list.nav", "list", "detail.nav", "post"])
        #expect(snapshot.top?.screenID == "post")
        #expect(
            snapshot.sideBySideColumns.map { $0.map(\.screenID) } == [["list.nav", "list"], ["detail.nav", "post"]])
    }

    @Test("Side by side, the back goes somewhere only where the split's back button closes the item; no swipe does")
    func backBesideTheList() async throws {
        let closing = try Self.snapshot(.regular, backClosesItem: true)
        #expect(closing.levels.first?.screen.kind == .split(collapsed: false, backClosesItem: true))
        #expect(closing.canGoBack && !closing.canSwipeBack)
        let keeping = try Self.snapshot(.regular)
        #expect(!keeping.canGoBack && !keeping.canSwipeBack)
        let nothingOpen = try Self.snapshot(.regular, open: false, backClosesItem: true)
        #expect(!nothingOpen.canGoBack)
        let collapsed = try Self.snapshot(.compact, backClosesItem: true)
        #expect(collapsed.canGoBack && collapsed.canSwipeBack, "one stack: the post is pushed over the list")
    }

    @Test("Collapsed, or with nothing open, the split is one stack and nothing is side by side")
    func oneStack() async throws {
        let collapsed = try Self.snapshot(.compact)
        #expect(collapsed.levels.first?.screen.kind == .split(collapsed: true))
        #expect(collapsed.screensOnTop.map(\.screenID) == ["split", "list.nav", "post"])
        #expect(collapsed.sideBySideColumns.isEmpty)

        let empty = try Self.snapshot(.regular, open: false)
        #expect(empty.screensOnTop.map(\.screenID) == ["split", "list.nav", "list"])
        #expect(empty.sideBySideColumns.isEmpty)
    }
}
