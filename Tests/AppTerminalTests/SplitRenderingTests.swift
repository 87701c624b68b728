import AppInterface
import AppStandIn
import Core
import TerminalTesting
import Testing

@testable import AppTerminal

/// A screen that shows fixed content.
@MainActor
private final class FixedScreen: ViewController {
    private let fixed: ScreenContent

    init(_ screenID: String, _ content: ScreenContent) {
        fixed = content
        super.init(screenID: screenID)
    }

    override var content: ScreenContent { fixed }
}

@Suite("A split drawn: its two columns side by side in a regular window, one stack in a compact one")
@MainActor
struct SplitRenderingTests {
    /// A window of `sizeClass` whose root is a split of a list and an open post.
    private static func snapshot(_ sizeClass: SizeClass) throws -> ScreenSnapshot {
        let window = Window()
        window.setHorizontalSizeClass(sizeClass)
        let list = FixedScreen(
            "list",
            ScreenContent(
                title: "Feed",
                elements: [
                    .list(ListSection(id: "posts", items: [ListItem(id: "p1", title: "Ada", actionID: "post.1")]))
                ]
            ))
        let split = try SplitViewController(
            primary: NavigationController(root: list, screenID: "list.nav"),
            secondary: NavigationController(screenID: "detail.nav"), screenID: "split")
        try window.setRootViewController(split)
        try split.showDetail(
            FixedScreen(
                "post",
                ScreenContent(title: "Post", elements: [.text("Hello"), .button(Button(id: "like", title: "Like"))])
            ), animated: false)
        return ScreenSnapshot(window: window, coordinators: Coordinator())
    }

    @Test("Wide, the full screen draws the list and the post side by side, numbered across both")
    func fullScreenSideBySide() async throws {
        let snapshot = try Self.snapshot(.regular)
        let model = ScreenModel(snapshot: snapshot, notice: nil)
        #expect(model.path == ["Feed", "Post"])

        let frame = ScreenLayout.frame(
            model, chrome: ScreenLayout.Chrome(showsPanel: false), size: TerminalSize(columns: 130, rows: 20))

        let titles = try #require(frame.text.first { $0.contains("Feed") && $0.contains("Post") && $0.contains("│") })
        #expect(titles.firstRange(of: "Feed")!.lowerBound < titles.firstRange(of: "Post")!.lowerBound)
        #expect(frame.text.contains { $0.contains("[1] Ada") && $0.contains("│ Hello") })
        #expect(frame.text.contains { $0.hasPrefix(String(repeating: " ", count: 64) + "│ [2] Like") })
        #expect(ScreenRenderer.numberedActions(in: snapshot).map(\.id) == ["post.1", "like"])
    }

    @Test("Narrow, the post is drawn alone over the list, as a pushed screen")
    func narrowShowsOneStack() async throws {
        let snapshot = try Self.snapshot(.compact)
        let model = ScreenModel(snapshot: snapshot, notice: nil)
        #expect(model.secondColumn == nil)
        #expect(model.path == ["Feed", "Post"])
        #expect(model.canGoBack)

        let text = ScreenRenderer(style: .plain).render(snapshot)
        #expect(text == "Feed › Post\nPost\n====\nHello\n[1] Like (like)\n")
    }

    @Test("Wide, the line mode prints the list, then the post behind a rule, numbered across both")
    func lineModeColumns() async throws {
        let text = ScreenRenderer(style: .plain).render(try Self.snapshot(.regular))
        #expect(text == "Feed\n====\n[1] Ada (post.1)\n┃ Post\n┃ ====\n┃ Hello\n┃ [2] Like (like)\n")
    }
}

@Suite("A split driven by keys: a post opened beside its list, and closed")
@MainActor
struct SplitKeysTests {
    /// A session whose root is a split of a list of `rows` rows, each opening its post beside the list (in the
    /// secondary column) on `clock`; the back button closes the post there when `backClosesPost`.
    private static func session(
        backClosesPost: Bool, clock: TransitionClock = .immediate, rows: Int = 3
    ) throws -> StandInSession {
        let list = StandIn.postList(rows: rows)
        let split = try SplitViewController(
            primary: NavigationController(root: list, screenID: "list.nav"),
            secondary: NavigationController(screenID: "detail.nav"))
        split.backButtonClosesDetail = backClosesPost
        for number in 1...rows {
            list.actions["post.\(number)"] = { [unowned split] _ in
                _ = try? split.showDetail(
                    StandInScreen(
                        "post", title: "Post",
                        elements: [.text("Post number \(number)"), .button(Button(id: "like", title: "Like"))]),
                    animated: true)
            }
        }
        return StandInSession(root: split, clock: clock)
    }

    @Test("Wide, Esc closes the post open beside the list, and the focus stays on the row that opened it")
    func escapeClosesThePostBeside() async throws {
        for clock in [TransitionClock.immediate, .manual(ManualClock())] {
            let session = try Self.session(backClosesPost: true, clock: clock)
            let terminal = await session.runFullScreen(
                [.down, .enter, .escape], size: TerminalSize(columns: 130, rows: 20), idleReads: 1)
            let opened = try #require(terminal.frames.last { $0.text.joined().contains("Post number 2") })
            #expect(opened.text[0].contains("‹ back") && opened.text[0].contains("Feed › Post"))
            #expect(opened.rows.text(in: .focused) == ["Post 2"], "the row that opened the post keeps the focus")

            #expect(session.inputs.last == .gesture(.backButton))
            #expect(session.snapshot().top?.screenID == "list")
            #expect(!terminal.screen[0].contains("‹ back") && !terminal.screen.joined().contains("Post number 2"))
            #expect(terminal.cells.text(in: .focused) == ["Post 2"])
        }
    }

    @Test("Wide, a row far down a long list stays in view while its post opens beside it, and once it closes")
    func longListKeepsTheFocusInView() async throws {
        for clock in [TransitionClock.immediate, .manual(ManualClock())] {
            let session = try Self.session(backClosesPost: true, clock: clock, rows: 40)
            let terminal = await session.runFullScreen(
                [.character("G"), .enter, .escape], size: TerminalSize(columns: 130, rows: 16), idleReads: 1)
            let opened = try #require(terminal.frames.last { $0.text.joined().contains("Post number 40") })
            #expect(opened.rows.text(in: .focused) == ["Post 40"], "the row beside the open post is drawn focused")
            #expect(session.snapshot().top?.screenID == "list")
            #expect(terminal.cells.text(in: .focused) == ["Post 40"], "back on the list, the row is still in view")
        }
    }

    @Test("Narrowed with a post open beside the list, the post shown alone takes the focus")
    func narrowedWithThePostOpen() async throws {
        let session = try Self.session(backClosesPost: true, rows: 6)
        let terminal = ScriptedTerminal(
            keys: [.down, .down, .down, .enter, .resize, .down], size: TerminalSize(columns: 130, rows: 20))
        terminal.sizesOnResize = [TerminalSize(columns: 60, rows: 20)]
        await session.runFullScreen(on: terminal)

        #expect(session.snapshot().top?.screenID == "post")
        #expect(terminal.screen.joined().contains("Post number 4"), "\(terminal.screen)")
        #expect(terminal.cells.text(in: .focused) == ["[ Like ]"], "\(terminal.screen)")
    }

    @Test("Where the split keeps its item through the back, the bar offers no back and Esc changes nothing")
    func splitKeepingItsItem() async throws {
        let session = try Self.session(backClosesPost: false)
        let terminal = await session.runFullScreen([.enter, .escape], size: TerminalSize(columns: 130, rows: 20))
        #expect(!terminal.screen[0].contains("‹ back"))
        #expect(session.snapshot().top?.screenID == "post")
        #expect(!session.inputs.contains(.gesture(.backButton)))
    }
}
