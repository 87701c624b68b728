import AppInterface
import AppStandIn
import Core
import Foundation
import TerminalTesting
import Testing

@testable import AppTerminal

@Suite("Full-screen layout: what the window shows and a terminal size give rows of cells that never break")
struct FullScreenLayoutTests {
    static let sizes = [
        TerminalSize(columns: 40, rows: 12), TerminalSize(columns: 80, rows: 24), TerminalSize(columns: 160, rows: 50),
    ]

    /// A feed of `count` posts whose names mix CJK, emoji and combining marks.
    static func feed(posts count: Int, error: String? = nil) -> ScreenModel {
        var content: [StyledLine] = [[StyledSpan("Feed", .bold)], []]
        content.append([StyledSpan(" [1] Latest ", .selectedTab), StyledSpan(" "), StyledSpan(" [2] Popular ")])
        for index in 0..<count {
            content.append([
                StyledSpan("[\(index + 3)]", .accent), StyledSpan(" 山田太郎 😀 Ame\u{301}lie · 2m "),
                StyledSpan("(post.\(index))", .dim),
            ])
            content.append([StyledSpan("      Post number \(index) says hello to 世界 in a line long enough to wrap")])
        }
        if let error { content.append([StyledSpan("! " + error, .error)]) }
        return ScreenModel(
            path: ["Feed"], content: content,
            panel: [[StyledSpan("Coordinators", .bold)], [StyledSpan("AppCoordinator")], [StyledSpan("  Feed")]])
    }

    static func composeSheet() -> ScreenModel {
        var model = feed(posts: 3)
        model.path = ["New post"]
        model.content = model.content.map { $0.map { StyledSpan($0.text, .dim) } }
        model.sheet = ScreenModel.Sheet(
            caption: "sheet",
            lines: [
                [StyledSpan("New post", .bold)], [],
                [StyledSpan("Post (set text): 長い下書きの文章がここに続きます、そして枠からはみ出すほど長い 🎉🎉🎉🎉")],
                [StyledSpan("[1]", .accent), StyledSpan(" Post (post)")],
            ])
        return model
    }

    /// Every row exactly as wide as the terminal, and as many rows as it has.
    static func expectFits(
        _ frame: ScreenLayout.Frame, _ size: TerminalSize, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(frame.rows.count == size.rows, sourceLocation: sourceLocation)
        for (index, row) in frame.rows.enumerated() {
            #expect(
                TerminalGrid.width(row) == size.columns, "row \(index) is \(TerminalGrid.width(row)) wide",
                sourceLocation: sourceLocation)
        }
        #expect((0..<size.rows).contains(frame.cursor.row) && (0..<size.columns).contains(frame.cursor.column))
    }

    @Test("The tab bar is drawn along the bottom, above the status line, the selected tab reversed", arguments: sizes)
    func tabBarAlongTheBottom(size: TerminalSize) async {
        var model = Self.feed(posts: 30)
        model.tabBar = [
            StyledSpan("Tabs: ", .dim), StyledSpan("Feed", .selectedTab), StyledSpan(" (3)", .accent),
            StyledSpan(" (tab feed)", .dim), StyledSpan("  │  ", .dim), StyledSpan("Profile"),
            StyledSpan(" (tab profile)", .dim),
        ]
        var chrome = ScreenLayout.Chrome()
        chrome.status = "Enter run"
        let frame = ScreenLayout.frame(model, chrome: chrome, size: size)
        Self.expectFits(frame, size)
        let text = frame.text
        let tabRow = size.rows - 3
        #expect(text[tabRow].hasPrefix(" Tabs: Feed (3)"), "\(text[tabRow])")
        #expect(text[size.rows - 2].hasPrefix(" Enter run"))
        #expect(frame.rows[tabRow].contains { $0.style == .selectedTab && $0.text == "F" })
        #expect(frame.rows[tabRow].contains { $0.style == .accent && $0.text == "3" })
        #expect(!text[..<tabRow].contains { $0.contains("Tabs:") }, "the content scrolls above it, never over it")
        let without = ScreenLayout.frame(Self.feed(posts: 30), chrome: chrome, size: size)
        #expect(without.page == frame.page + 1, "the tab bar takes exactly one row from the content")
    }

    @Test(
        "The smallest terminals drawn keep a row of content: a long output or error over a tab bar is cut, the status and the command line kept",
        arguments: [
            TerminalSize(columns: 20, rows: 6), TerminalSize(columns: 40, rows: 6), TerminalSize(columns: 20, rows: 7),
            TerminalSize(columns: 100, rows: 6), TerminalSize(columns: 20, rows: 9),
        ])
    func smallestTerminals(size: TerminalSize) async {
        var model = Self.feed(posts: 30)
        model.tabBar = [StyledSpan("Feed", .selectedTab), StyledSpan("  │  ", .dim), StyledSpan("Profile")]
        var chrome = ScreenLayout.Chrome()
        chrome.status = "Enter run"
        for output in [[], (1...40).map { [StyledSpan("help line \($0)")] }] {
            for error in [nil, String(repeating: "a long error ", count: 30)] {
                chrome.output = output
                chrome.error = error
                let frame = ScreenLayout.frame(model, chrome: chrome, size: size)
                Self.expectFits(frame, size)
                #expect(frame.body.count >= 1, "a row of content under the navigation bar")
                #expect(frame.text[size.rows - 1].hasPrefix("> "), "the command line, last")
                #expect(frame.text[size.rows - 2].hasPrefix(" Enter run"), "the status line above it")
                #expect(frame.output.upperBound <= size.rows - 1)
                #expect(!frame.outputScrolls || !frame.output.isEmpty, "an output scrolls only where it shows")
            }
        }
    }

    @Test("A long list is clipped to the space with markers, and Page Down scrolls it", arguments: sizes)
    func longListClipsAndScrolls(size: TerminalSize) async {
        let model = Self.feed(posts: 200)
        let top = ScreenLayout.frame(model, chrome: .init(), size: size)
        Self.expectFits(top, size)
        #expect(top.text[0].hasPrefix(" Feed"))
        #expect(top.text.contains { $0.contains("more (PgDn)") })
        #expect(!top.text.contains { $0.contains("more (PgUp)") })
        #expect(top.text[size.rows - 1].hasPrefix("> "))
        var chrome = ScreenLayout.Chrome()
        chrome.scroll = top.page
        let next = ScreenLayout.frame(model, chrome: chrome, size: size)
        Self.expectFits(next, size)
        #expect(next.scroll == top.page)
        #expect(next.text.contains { $0.contains("more (PgUp)") })
        chrome.scroll = 1_000_000
        let last = ScreenLayout.frame(model, chrome: chrome, size: size)
        #expect(last.text.contains { $0.contains("post.199") }, "the end of the list is reachable")
        #expect(!last.text.contains { $0.contains("more (PgDn)") })
    }

    @Test("A sheet is framed over its presenter and its frame holds with wide text", arguments: sizes)
    func sheetOverPresenter(size: TerminalSize) async {
        let frame = ScreenLayout.frame(Self.composeSheet(), chrome: .init(), size: size)
        Self.expectFits(frame, size)
        let text = frame.text
        guard let topIndex = text.firstIndex(where: { $0.contains("┌") }),
            let bottomIndex = text.firstIndex(where: { $0.contains("└") })
        else {
            Issue.record("no frame drawn")
            return
        }
        #expect(text[topIndex].contains("sheet"))
        let left = TerminalGrid.width(Array(frame.rows[topIndex].prefix { $0.text != "┌" }))
        let right = TerminalGrid.width(Array(frame.rows[topIndex].prefix { $0.text != "┐" }))
        for row in frame.rows[(topIndex + 1)..<bottomIndex] {
            // Both sides of the frame stay in their columns on every row, whatever the text inside.
            var column = 0
            var sides: [Int] = []
            for cell in row {
                if cell.text == "│", cell.style == .frame { sides.append(column) }
                column += cell.width
            }
            #expect(sides.prefix(2) == [left, right])
        }
        #expect(text.contains { $0.contains("New post") })
        #expect(text.contains { $0.contains("長い下書き") })
    }

    @Test("A long error is wrapped above the status line, cut with … at three rows", arguments: sizes)
    func longError(size: TerminalSize) async {
        var chrome = ScreenLayout.Chrome()
        chrome.error = String(repeating: "the posts are unavailable: 読み込めません ", count: 30)
        chrome.status = "Enter run · Tab complete"
        let frame = ScreenLayout.frame(Self.feed(posts: 2), chrome: chrome, size: size)
        Self.expectFits(frame, size)
        let errorRows = frame.rows.filter { $0.contains { $0.style == .error } }
        #expect(errorRows.count == 3)
        #expect(TerminalGrid.text(errorRows[2]).contains("…"))
        #expect(frame.text[size.rows - 2].contains("Enter run") || size.columns < 20)
    }

    @Test("A status message longer than the width wraps onto the rows above the command line and reads whole")
    func longStatusWraps() async {
        let size = TerminalSize(columns: 80, rows: 24)
        var chrome = ScreenLayout.Chrome()
        chrome.status = "Swipe back held at 30% · release cancels it · state, tree, screen and help still work"
        let frame = ScreenLayout.frame(Self.feed(posts: 20), chrome: chrome, size: size)
        Self.expectFits(frame, size)
        let statusRows = frame.text[(size.rows - 3)...(size.rows - 2)]
        #expect(frame.rows[size.rows - 3].allSatisfy { $0.style == .bar }, "\(frame.text)")
        let read = statusRows.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(read == chrome.status, "nothing cut: \(statusRows)")
        #expect(!frame.text.joined().contains("…"))

        chrome.status = String(repeating: "a message that goes on and on ", count: 20)
        let cut = ScreenLayout.frame(Self.feed(posts: 20), chrome: chrome, size: size)
        Self.expectFits(cut, size)
        let cutRows = cut.rows.filter { row in row.allSatisfy { $0.style == .bar } }.dropFirst()
        #expect(cutRows.count == 3, "at most three rows")
        #expect(cutRows.last.map(TerminalGrid.text)?.hasSuffix("…") == true)
    }

    @Test("A status message cut at three rows runs its last row on into the next with one space between words")
    func cutStatusJoinsWords() async {
        let size = TerminalSize(columns: 40, rows: 24)
        var chrome = ScreenLayout.Chrome()
        chrome.status = String(repeating: "a message that goes on and on ", count: 20)
        let frame = ScreenLayout.frame(Self.feed(posts: 20), chrome: chrome, size: size)
        Self.expectFits(frame, size)
        let statusRows = frame.rows.indices.filter { frame.rows[$0].allSatisfy { $0.style == .bar } }.dropFirst()
        #expect(statusRows.count == 3)
        #expect(frame.text[statusRows.last ?? 0] == " that goes on and on a message that goe…")
    }

    @Test("At the smallest size a long status message keeps one row, cut with …, and every row fits")
    func longStatusInASmallTerminal() async {
        let size = ScreenLayout.minimumSize
        var chrome = ScreenLayout.Chrome()
        chrome.error = "the posts are unavailable"
        chrome.status = String(repeating: "a message that goes on and on ", count: 5)
        let frame = ScreenLayout.frame(Self.feed(posts: 3), chrome: chrome, size: size)
        Self.expectFits(frame, size)
        #expect(frame.text[size.rows - 2].hasSuffix("…"))
    }

    @Test("An inline error on the screen is drawn in full, wrapped")
    func inlineError() async {
        let size = TerminalSize(columns: 40, rows: 12)
        let message = "Wrong email or password. Check both and try again, or create an account."
        let frame = ScreenLayout.frame(Self.feed(posts: 0, error: message), chrome: .init(), size: size)
        Self.expectFits(frame, size)
        let drawn = frame.rows.filter { $0.contains { $0.style == .error } }.map(TerminalGrid.text).joined()
        #expect(drawn.filter { $0 != " " } == ("! " + message).filter { $0 != " " })
    }

    @Test("The tree panel is drawn beside the screen when the terminal is wide enough, and can be hidden")
    func treePanel() async {
        let model = Self.feed(posts: 2)
        let wide = TerminalSize(columns: 160, rows: 50)
        let shown = ScreenLayout.frame(model, chrome: .init(), size: wide)
        Self.expectFits(shown, wide)
        #expect(shown.text[1].contains("│ Coordinators"))
        #expect(shown.text[2].hasSuffix(String(repeating: " ", count: 10)) && shown.text[2].contains("AppCoordinator"))
        var hidden = ScreenLayout.Chrome()
        hidden.showsPanel = false
        #expect(!ScreenLayout.frame(model, chrome: hidden, size: wide).text.contains { $0.contains("Coordinators") })
        let narrow = TerminalSize(columns: 80, rows: 24)
        #expect(!ScreenLayout.frame(model, chrome: .init(), size: narrow).text.contains { $0.contains("Coordinators") })
    }

    @Test("Wide characters are measured in cells: CJK and emoji take two, combining marks none")
    func cellWidths() async {
        #expect(TerminalText.cellWidth(of: "世界") == 4)
        #expect(TerminalText.cellWidth(of: "😀") == 2)
        #expect(TerminalText.cellWidth(of: "Ame\u{301}lie") == 6)
        #expect(TerminalText.cellWidth(of: "abc") == 3)
        let cells = TerminalGrid.cells("e\u{301}世", style: .plain)
        #expect(cells.map(\.text) == ["e\u{301}", "世"] && cells.map(\.width) == [1, 2])
        // A wide character never straddles the end of a row.
        let rows = TerminalGrid.wrap(TerminalGrid.cells("a世界", style: .plain), width: 4)
        #expect(rows.map { TerminalGrid.width($0) } == [3, 2])
        #expect(TerminalGrid.fit(TerminalGrid.cells("ab世", style: .plain), width: 3).map(\.text) == ["a", "b", " "])
    }

    @Test(
        "Bidi, format and control characters are never written raw: they are drawn escaped",
        arguments: ["\u{202E}", "\u{200B}", "\u{FEFF}", "\u{2066}", "\u{1B}[31m", "\u{7}", "\u{85}", "\u{2028}"])
    func unsafeCharactersEscaped(unsafe: String) async {
        let name = "Eve" + unsafe + "Mallory"
        let model = ScreenModel(path: [name], content: [[StyledSpan(name)]], panel: [[StyledSpan(name)]])
        var chrome = ScreenLayout.Chrome()
        chrome.input = name
        chrome.error = name
        for size in Self.sizes {
            let frame = ScreenLayout.frame(model, chrome: chrome, size: size)
            Self.expectFits(frame, size)
            for row in frame.rows {
                for cell in row {
                    #expect(
                        !cell.text.unicodeScalars.contains(where: TerminalText.isUnsafe),
                        "\(cell.text.debugDescription)")
                }
            }
            let escaped = "\\u{" + String(unsafe.unicodeScalars.first!.value, radix: 16, uppercase: true) + "}"
            #expect(frame.text.contains { $0.contains("Eve" + escaped) })
        }
        #expect(TerminalText.escaped(name).unicodeScalars.allSatisfy { !TerminalText.isUnsafe($0) })
    }

    @Test("A mark with nothing to join is drawn on a dotted circle, not on the cell before it")
    func loneCombiningMark() async {
        let cells = TerminalGrid.cells("\u{301}x", style: .plain)
        #expect(cells.map(\.text) == ["\u{25CC}\u{301}", "x"])
        #expect(TerminalGrid.width(cells) == 2)
    }

    @Test("The command line scrolls sideways to keep the cursor in view, wide text included", arguments: sizes)
    func longCommandLine(size: TerminalSize) async {
        var chrome = ScreenLayout.Chrome()
        chrome.input = "set text " + String(repeating: "漢字かな ", count: 60)
        chrome.cursor = chrome.input.count
        let end = ScreenLayout.frame(Self.feed(posts: 1), chrome: chrome, size: size)
        Self.expectFits(end, size)
        #expect(end.cursor.row == size.rows - 1 && end.cursor.column < size.columns)
        #expect(end.text[size.rows - 1].hasPrefix("> …"))
        chrome.cursor = 2
        let start = ScreenLayout.frame(Self.feed(posts: 1), chrome: chrome, size: size)
        #expect(start.cursor.column == 4)
        #expect(start.text[size.rows - 1].hasPrefix("> set text"))
    }

    @Test("A long output (help) shows what fits and scrolls with Page Down to its end", arguments: sizes)
    func longOutput(size: TerminalSize) async {
        var chrome = ScreenLayout.Chrome()
        chrome.output = (1...60).map { [StyledSpan("output line \($0)")] }
        let first = ScreenLayout.frame(Self.feed(posts: 3), chrome: chrome, size: size)
        Self.expectFits(first, size)
        #expect(first.text.contains { $0.hasPrefix("output line 1 ") })
        #expect(first.text.contains { $0.contains("more lines (PgDn)") })
        chrome.outputScroll = 1_000
        let last = ScreenLayout.frame(Self.feed(posts: 3), chrome: chrome, size: size)
        #expect(last.text.contains { $0.hasPrefix("output line 60 ") })
        #expect(last.outputScroll > 0 && last.outputScroll < 60)
        #expect(last.text[0].hasPrefix(" Feed"), "the navigation bar stays")
        let shownOutputRows = first.text.filter { $0.hasPrefix("output line ") }.count
        #expect(first.outputPage == shownOutputRows, "Page Down moves the output by what it shows")
    }

    @Test("The navigation bar shows back when there is somewhere to go, the path and a waiting link's notice")
    func navigationBar() async {
        let model = ScreenModel(
            path: ["Log in", "Create account", "Choose a password"], canGoBack: true,
            notice: "Log in or sign up to continue to app://feed/post/2.", content: [])
        let frame = ScreenLayout.frame(model, chrome: .init(), size: TerminalSize(columns: 160, rows: 50))
        #expect(frame.text[0].hasPrefix(" ‹ back  Log in › Create account › Choose a password  · Log in or sign up"))
        #expect(frame.rows[0].allSatisfy { $0.style == .bar })
        var root = model
        root.canGoBack = false
        root.path = ["Feed"]
        let narrow = ScreenLayout.frame(root, chrome: .init(), size: TerminalSize(columns: 40, rows: 12))
        #expect(narrow.text[0].hasPrefix(" Feed  · Log in") && narrow.text[0].hasSuffix("…"))
    }

    @Test("A path too long for the bar loses its start: the title of the screen on top stays whole")
    func longPathKeepsTheLastTitle() async {
        let model = ScreenModel(
            path: ["Log in", "Create account", "Choose a password", "Your name"], canGoBack: true, content: [])
        let bar = ScreenLayout.frame(model, chrome: .init(), size: TerminalSize(columns: 40, rows: 12)).text[0]
        #expect(bar.hasPrefix(" ‹ back  …") && bar.hasSuffix("a password › Your name"), "\(bar)")
        #expect(bar.count == 40)
        var long = model
        long.path = ["Log in", "A title far too long for a bar forty columns wide"]
        let cut = ScreenLayout.frame(long, chrome: .init(), size: TerminalSize(columns: 40, rows: 12)).text[0]
        #expect(cut.hasPrefix(" ‹ back  A title far") && cut.hasSuffix("…"), "the title alone, from its start")
    }

    @Test("A terminal too small to draw asks to be enlarged and keeps its size")
    func tooSmall() async {
        let size = TerminalSize(columns: 12, rows: 3)
        let frame = ScreenLayout.frame(Self.feed(posts: 5), chrome: .init(), size: size)
        Self.expectFits(frame, size)
        #expect(frame.text.joined().contains("Enlarge"))
        #expect(frame.text.joined().contains("20×6"), "the request says the size needed: \(frame.text)")
    }

    @Test("Golden: the feed at 80×24 with the tabs, the numbered actions and the status line")
    func golden() async {
        let model = ScreenModel(
            path: ["Feed"], canGoBack: false,
            content: [
                [StyledSpan("Feed", .bold)], [],
                [StyledSpan(" [1] Latest ", .selectedTab), StyledSpan(" "), StyledSpan(" [2] Popular ")], [],
                [StyledSpan("[3]", .accent), StyledSpan(" New post "), StyledSpan("(compose)", .dim)],
            ])
        var chrome = ScreenLayout.Chrome()
        chrome.status = "Enter run"
        chrome.input = "log"
        chrome.cursor = 3
        let frame = ScreenLayout.frame(model, chrome: chrome, size: TerminalSize(columns: 80, rows: 24))
        let pad = { (text: String) in text + String(repeating: " ", count: 80 - TerminalText.cellWidth(of: text)) }
        #expect(
            frame.text
                == [
                    pad(" Feed"), pad("Feed"), pad(""), pad(" [1] Latest   [2] Popular "), pad(""),
                    pad("[3] New post (compose)"),
                ]
                + Array(repeating: pad(""), count: 16) + [pad(" Enter run"), pad("> log")])
        #expect(frame.cursor == (23, 5))
    }
}

@Suite("What the full screen shows of a snapshot of the window")
@MainActor
struct ScreenModelTests {
    @Test("A list, a pushed item and a sheet: path and back, segments, numbers as typed, the tree panel")
    func sheetOverList() async throws {
        let home = StandIn.home()
        let segments = [
            SegmentedControl.Segment(id: "latest", title: "Latest"), .init(id: "popular", title: "Popular"),
        ]
        home.elements.insert(
            .segmentedControl(SegmentedControl(id: "segments", segments: segments, selectedID: "latest")), at: 0)
        let app = try StandInSession(showing: home)
        try app.coordinator.addChild(StandInCoordinator("ComposeCoordinator"))
        #expect(await app.start(restores: false, initialLink: nil) == .started(notice: nil, linkFailure: nil))
        defer { app.stop() }
        let session = CommandSession(session: app, style: .plain) { _ in nil }
        let list = ScreenModel(snapshot: app.snapshot(), notice: nil)
        #expect(list.path == ["Home"] && !list.canGoBack && list.sheet == nil)
        let tabs = try #require(list.content.first { $0.contains { $0.style == .selectedTab } })
        #expect(tabs.map(\.text).joined().contains("[1] Latest") && tabs.map(\.text).joined().contains("[2] Popular"))

        #expect(await session.execute(.action("item.2")) == .done(output: nil))
        let detail = ScreenModel(snapshot: app.snapshot(), notice: nil)
        #expect(detail.canGoBack && detail.path == ["Home", "Item 2"])
        #expect(await session.execute(.back) == .done(output: nil))

        #expect(await session.execute(.action("compose")) == .done(output: nil))
        #expect(await session.execute(.set(field: "text", text: "Draft")) == .done(output: nil))
        let compose = ScreenModel(snapshot: app.snapshot(), notice: "a notice")
        let sheet = try #require(compose.sheet)
        #expect(sheet.caption == "sheet")
        #expect(compose.content.allSatisfy { $0.allSatisfy { $0.style == .dim } })
        let drawn = sheet.lines.map { $0.map(\.text).joined() }
        // Every number drawn is the action the same number performs.
        let numbered = ScreenRenderer.numberedActions(in: app.snapshot())
        #expect(numbered.map(\.id) == ["save", "cancel"])
        for (index, action) in numbered.enumerated() {
            #expect(drawn.contains { $0.hasPrefix("[\(index + 1)]") && $0.contains("(\(action.id))") })
        }
        #expect(drawn.contains("Note (set text): Draft"))
        #expect(compose.panel.contains { $0.map(\.text).joined().contains("ComposeCoordinator") })
        #expect(compose.panel.contains { $0.map(\.text).joined().contains("compose  <- top") })
        #expect(compose.notice == "a notice")
    }
}

@Suite("Wrapping keeps a line's indentation")
struct WrappingIndentTests {
    @Test("The rows a long indented line wraps into keep its indentation, and every row fits")
    func hangingIndent() async {
        let line = TerminalGrid.cells("      word1 word2 word3 word4 word5 word6 word7 word8", style: .plain)
        let rows = TerminalGrid.wrap(line, width: 20).map(TerminalGrid.text)
        #expect(rows.count > 2)
        #expect(rows.allSatisfy { $0.hasPrefix("      ") && $0.count <= 20 }, "\(rows)")
        #expect(
            rows.joined().split(separator: " ").joined(separator: " ")
                == "word1 word2 word3 word4 word5 word6 word7 word8")
    }

    @Test("A line without indentation wraps from the first column")
    func noIndent() async {
        let rows = TerminalGrid.wrap(TerminalGrid.cells("alpha beta gamma delta epsilon", style: .plain), width: 12)
            .map(
                TerminalGrid.text)
        #expect(rows.first?.hasPrefix("alpha") == true)
        #expect(rows.dropFirst().allSatisfy { !$0.hasPrefix(" ") }, "\(rows)")
    }
}

@Suite("The inline error in view")
struct InlineErrorInViewTests {
    @Test("After a command, an inline error below the visible rows is scrolled into view; otherwise the scroll stays")
    func errorScrolledIntoView() async {
        var content: [StyledLine] = (1...30).map { [StyledSpan("line \($0)")] }
        content.append([StyledSpan("! Something went wrong.", .error)])
        let model = ScreenModel(path: ["Long"], content: content)
        var chrome = ScreenLayout.Chrome()
        let size = TerminalSize(columns: 60, rows: 16)
        let unrevealed = ScreenLayout.frame(model, chrome: chrome, size: size)
        #expect(!unrevealed.rows.map(TerminalGrid.text).contains { $0.contains("Something went wrong") })
        chrome.revealsError = true
        let revealed = ScreenLayout.frame(model, chrome: chrome, size: size)
        #expect(revealed.rows.map(TerminalGrid.text).contains { $0.contains("Something went wrong") })
        #expect(revealed.scroll > 0)
    }
}

@Suite("Emoji joined by U+200D")
struct JoinedEmojiTests {
    @Test("A family emoji is drawn as its people side by side, so the grid and the terminal agree on its width")
    func familyDrawnAsItsParts() async {
        let cells = TerminalGrid.cells("👨‍👩‍👧 ok", style: .plain)
        #expect(!cells.contains { $0.text.unicodeScalars.contains("\u{200D}") }, "no joiner reaches the terminal")
        #expect(TerminalGrid.width(cells) == 6 + 3)
        #expect(cells.prefix(3).map(\.text) == ["👨", "👩", "👧"])
    }

    @Test("A joiner between letters of a script stays with its letter")
    func joinerInAScriptStays() async {
        let cells = TerminalGrid.cells("क्\u{200D}ष", style: .plain)
        #expect(cells.contains { $0.text.unicodeScalars.contains("\u{200D}") })
    }
}
