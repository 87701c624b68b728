import AppInterface
import Core
import Testing

@Suite("A snapshot of a split: both columns on top when side by side, one stack when collapsed")
@MainActor
struct SplitSnapshotTests {
    /// A window of `sizeClass` whose root is a split of `list` and, when `open`, the item `post`.
    private static func snapshot(_ sizeClass: SizeClass, open: Bool = true) throws -> ScreenSnapshot {
        let window = Window()
        window.setHorizontalSizeClass(sizeClass)
        let split = try SplitViewController(
            primary: NavigationController(root: ViewController(screenID: "list"), screenID: "list.nav"),
            secondary: NavigationController(screenID: "detail.nav"), screenID: "split")
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
