import AppInterface
import AppStandIn
import Core
import Foundation
import TerminalTesting
import Testing

@testable import AppTerminal

@Suite("Full-screen keys: a focus over fields, actions and rows, fields typed in place, Esc, tabs and ':'")
@MainActor
struct FullScreenKeysTests {
    /// The stand-in app's home screen at the root of its stack.
    private static func home() throws -> StandInApp {
        StandInApp(session: try StandInSession(showing: StandIn.home()))
    }

    @Test("The status line offers Esc only where it does what it says: not over a sheet or a back that refuses it")
    func escHints() {
        let hints = { (canGoBack: Bool, backStays: Bool, sheetStays: Bool) in
            KeyHints.hints(
                mode: .browsing, focus: Focus(), canGoBack: canGoBack, backStays: backStays, showsSheet: true,
                sheetStays: sheetStays, tabCount: 0)
        }
        #expect(hints(false, false, false).contains("Esc close"))
        #expect(!hints(false, false, true).contains { $0.hasPrefix("Esc") }, "a sheet holding unsaved input")
        #expect(hints(true, false, false).contains("Esc back"))
        #expect(!hints(true, true, false).contains { $0.hasPrefix("Esc") }, "a screen holding an edit not saved")
    }

    @Test("At sign-in the keys type into the email field; Tab goes to the password, drawn as dots; Enter logs in")
    func logInByKeys() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen(
            typing("ada@example.com") + [.tab] + typing(StandIn.password) + [.enter])
        #expect(app.session.widths == [80], "the full screen tells the app its width before the first key")
        #expect(
            app.session.inputs == [
                .setText("ada@example.com", field: "email"), .setText(StandIn.password, field: "password"),
                .action("login"),
            ])
        #expect(terminal.screen[0].contains("Sign in › Home"))
        #expect(terminal.screen[0].contains("● Ada"), "who is logged in is shown")
        let typedPassword = terminal.frames.first { $0.text.contains { $0.contains("Password: •••") } }
        #expect(typedPassword != nil, "the password was drawn as dots while typed")
        #expect(!terminal.frames.contains { $0.text.joined().contains(StandIn.password) })
    }

    @Test("Enter in a field sets it and types into the next one: the password never goes into the email field")
    func enterMovesToTheNextField() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen(
            typing("ada@example.com") + [.enter] + typing(StandIn.password) + [.enter])
        #expect(
            app.session.inputs == [
                .setText("ada@example.com", field: "email"), .setText(StandIn.password, field: "password"),
                .action("login"),
            ])
        #expect(!terminal.frames.contains { $0.text.joined().contains(StandIn.password) })
    }

    @Test("Typed text is drawn in place in the field, underlined, with the cursor in it; the command line stays shut")
    func typingInPlace() async throws {
        let app = try StandIn.app()
        let terminal = ScriptedTerminal(keys: typing("ada") + [.left])
        var framesWhenSet: [Int] = []
        app.session.refusal = { input in
            if case .setText = input { framesWhenSet.append(terminal.frames.count) }
            return nil
        }
        await app.session.runFullScreen(on: terminal)
        let frame = try #require(terminal.frames.last)
        let row = try #require(frame.text.firstIndex { $0.contains("Email: ada") })
        #expect(frame.cursor.row == row)
        #expect(frame.showsCursor)
        #expect(terminal.cells.text(in: .input).first == "ada ")
        #expect(frame.text[frame.text.count - 1].trimmingCharacters(in: .whitespaces).isEmpty)
        // Nothing is set while typing: only the end of the run (a signal) sets the field, after the last draw.
        #expect(app.session.inputs == [.setText("ada", field: "email")])
        #expect(framesWhenSet == [terminal.frames.count])
    }

    @Test("A refused log-in keeps the focus on the field, and the screen's error shows")
    func refusedLogIn() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen([.tab] + typing("wrong") + [.enter])
        #expect(app.session.inputs == [.setText("wrong", field: "password"), .action("login")])
        #expect(terminal.screen.contains { $0.contains("Wrong email or password.") })
        #expect(terminal.screen.last { $0.contains("Enter") }?.contains("Enter Log in") == true)
    }

    @Test("Shift-Tab goes back to the previous field, round to the last; Tab round to the first")
    func shiftTab() async throws {
        let app = try StandIn.app()
        await app.session.runFullScreen([.backTab] + typing("secret") + [.backTab] + typing("a@b.c") + [.tab, .tab])
        #expect(app.session.inputs == [.setText("secret", field: "password"), .setText("a@b.c", field: "email")])
    }

    @Test("`set pa`, Tab and Enter ask for the password, as `set password` typed does: completion's space is no text")
    func completedSetAsksForTheSecret() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen(
            [.escape, .character(":")] + typing("set pa") + [.tab, .enter] + typing("s3cret") + [.enter])
        #expect(app.session.inputs == [.setText("s3cret", field: "password")])
        #expect(!terminal.frames.contains { $0.text.joined().contains("s3cret") })
    }

    @Test("A completion closed with Esc, or edited since, leaves a typed `set password ` the empty text")
    func completionForgottenOnceClosedOrEdited() async throws {
        let closed = try StandIn.app()
        await closed.session.runFullScreen(
            [.escape, .character(":")] + typing("set pa") + [.tab, .escape, .character(":")]
                + typing("set password ") + [.enter])
        #expect(closed.session.inputs == [.setText("", field: "password")])
        let edited = try StandIn.app()
        await edited.session.runFullScreen(
            [.escape, .character(":")] + typing("set pa") + [.tab, .backspace] + typing(" ") + [.enter])
        #expect(edited.session.inputs == [.setText("", field: "password")])
    }

    @Test("The focus starts at the first empty field: a log-in whose email was restored types the password")
    func focusStartsAtTheFirstEmptyField() async throws {
        let app = try StandIn.app()
        try #require(app.session.screen("signin")).handleText("ada@example.com", forField: "email")
        await app.session.runFullScreen(typing(StandIn.password) + [.enter])
        #expect(app.session.inputs == [.setText(StandIn.password, field: "password"), .action("login")])

        // A field holding only spaces is blank, as the form's own check counts it: the focus starts there.
        let blank = try StandIn.app()
        try #require(blank.session.screen("signin")).handleText("  ", forField: "email")
        await blank.session.runFullScreen(typing("ada@example.com") + [.tab])
        #expect(blank.session.inputs == [.setText("  ada@example.com", field: "email")])
    }

    @Test("Where the start put the person (the place left not restored) is noted below the screen, not as an error")
    func restorationNoticeIsNoError() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen(
            on: ScriptedTerminal(keys: []), notice: "starting at the first screen: where you left stays saved")
        let screen = terminal.screen.joined(separator: "\n")
        #expect(screen.contains("starting at the first screen: where you left stays saved"), "\(screen)")
        #expect(!screen.contains("error:"), "\(screen)")
    }

    @Test("Esc leaves a field: the keys go to the screen (':' opens the command line), Enter types into it again")
    func escapeLeavesField() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen(
            [.escape, .character(":"), .escape, .character("?"), .escape, .enter] + typing("x"))
        #expect(terminal.frames.contains { $0.text.contains { $0.contains("Tab/Shift-Tab move between fields") } })
        #expect(terminal.screen.contains { $0.contains("Email: x") })
        #expect(app.session.inputs == [.setText("x", field: "email")], "set only as the run ends, by its signal")
    }

    @Test("In a field '?' and ':' are typed like any character, and the status line says the keys are an Esc away")
    func keysAreAnEscapeAway() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen(typing("?:"))
        #expect(terminal.screen.contains { $0.contains("Email: ?:") })
        #expect(terminal.screen.last { $0.contains("type") }?.contains("Esc, then ? keys") == true)
    }

    @Test("Leaving a field with Esc, then j, moves the focus down to the next field without typing: j and k walk on")
    func escapeThenMove() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen(
            typing("a@b.c") + [.escape, .character("j")] + typing("jk") + [.down])
        #expect(app.session.inputs == [.setText("a@b.c", field: "email")], "nothing typed into the password")
        #expect(terminal.cells.text(in: .focused).first?.contains("Log in") == true)
    }

    @Test("On a list, Down and j move the highlight row by row, Enter opens the row, Esc goes back to it")
    func listByKeys() async throws {
        let app = try Self.home()
        var terminal = await app.session.runFullScreen([])
        #expect(terminal.cells.text(in: .focused) == ["First", "The first item"], "the first row starts focused")

        let second = try Self.home()
        terminal = await second.session.runFullScreen([.down])
        #expect(terminal.cells.text(in: .focused) == ["Second · 2 notes"])
        let opened = try Self.home()
        terminal = await opened.session.runFullScreen([.character("j"), .enter])
        #expect(opened.session.inputs.map(Self.actionID) == ["item.2"])
        #expect(terminal.screen[0].contains("Home › Item 2"))
    }

    @Test("While the terminal is too small to draw, keys do nothing but leave; a resize brings the screen back")
    func tooSmallIgnoresKeys() async throws {
        let app = try Self.home()
        let terminal = ScriptedTerminal(
            keys: [.character("j"), .enter, .character(":")] + typing("back") + [.enter, .resize, .enter],
            size: TerminalSize(columns: 20, rows: 5))
        terminal.sizesOnResize = [TerminalSize(columns: 80, rows: 24)]
        await app.session.runFullScreen(on: terminal)
        #expect(app.session.inputs.map(Self.actionID) == ["item.1"], "only the Enter after the resize acted, on row 1")
        let request = terminal.frames.first?.text.joined(separator: " ") ?? ""
        #expect(request.contains("Enlarge") && request.contains("20×6"), "the size needed is said: \(request)")
    }

    /// A screen holding changes not saved, pushed or presented: it refuses the person's back (or swipe down), and,
    /// when it `explains`, says why as it refuses.
    final class UnsavedScreen: ViewController {
        /// How the screen is shown, and so what it refuses.
        enum Shown: CaseIterable { case pushed, presented }

        let shown: Shown
        let explains: Bool
        private var notice: String?

        init(_ shown: Shown, explains: Bool) {
            (self.shown, self.explains) = (shown, explains)
            super.init(screenID: "unsaved")
        }

        override var content: ScreenContent {
            ScreenContent(title: "Edit", elements: notice.map { [.text($0)] } ?? [])
        }

        override var isModalInNavigation: Bool { shown == .pushed }
        override var isModalInPresentation: Bool { shown == .presented }

        override func didAttemptUserBack() { explain() }
        override func didAttemptUserDismissal() { explain() }

        private func explain() {
            if explains { notice = "Your changes are not saved: save or discard them." }
        }
    }

    @Test(
        "A refused back, or swipe down, shows the screen's own explanation alone, or a person's sentence, never Core's words",
        arguments: UnsavedScreen.Shown.allCases)
    func refusedInPlainWords(_ shown: UnsavedScreen.Shown) async throws {
        let sentence = shown == .pushed ? "This screen holds changes not saved" : "This sheet holds work not saved"
        for explains in [true, false] {
            let home = StandIn.home()
            let session = try StandInSession(showing: home)
            _ = session.start(restores: false, initialLink: nil)
            let unsaved = UnsavedScreen(shown, explains: explains)
            switch shown {
            case .pushed: try home.push(unsaved)
            case .presented: try home.present(unsaved)
            }
            let terminal = await session.runFullScreen([.escape])
            let text = terminal.screen.joined(separator: "\n")
            #expect(!text.contains("refused"), "\(text)")
            #expect(text.contains("Your changes are not saved") == explains)
            #expect(text.contains("error:") == !explains, "a sentence only where the screen said nothing")
            #expect(text.contains(sentence) == !explains, "\(text)")
            #expect(
                shown == .pushed ? terminal.screen[0].contains("Edit") : text.contains("Edit"), "still on the screen")
        }
    }

    @Test("A focused segment is bracketed; Enter's hint offers to show only a segment not already shown")
    func segmentFocus() async throws {
        let segments = ScreenElement.segmentedControl(
            SegmentedControl(
                id: "kinds", segments: [.init(id: "latest", title: "Latest"), .init(id: "popular", title: "Popular")],
                selectedID: "latest"))
        let screen = { StandInScreen("feed", title: "Feed", elements: [segments, StandIn.home().elements[0]]) }
        let onPopular = try StandInSession(showing: screen())
        var terminal = await onPopular.runFullScreen([.character("k")])
        #expect(terminal.cells.text(in: .focused) == ["[Popular]"])
        #expect(terminal.screen.contains { $0.contains("Enter show Popular") })

        let onLatest = try StandInSession(showing: screen())
        terminal = await onLatest.runFullScreen([.character("k"), .character("k")])
        #expect(terminal.cells.text(in: .focused) == ["[Latest]"], "the shown segment, focused, is bracketed too")
        #expect(!terminal.screen.contains { $0.contains("Enter show") }, "Latest is shown already")
    }

    /// The id of the action `input` takes, or `nil`.
    private static func actionID(_ input: SessionInput) -> String? {
        switch input {
        case .action(let id), .actionOn(let id, _): id
        default: nil
        }
    }

    @Test("Enter on a row opens it; Esc goes back and the focus comes back to that row")
    func backKeepsTheRow() async throws {
        let app = try Self.home()
        let terminal = await app.session.runFullScreen([.down, .enter, .escape])
        #expect(app.session.inputs.count == 2)
        #expect(app.session.inputs.last == .gesture(.backButton))
        #expect(terminal.frames.contains { $0.text[0].contains("Home › Item 2") })
        #expect(terminal.screen[0].contains("Home"))
        #expect(terminal.cells.text(in: .focused) == ["Second · 2 notes"])
    }

    @Test("The key hints follow the screen and the focus, and never run past the width")
    func hintsFollowTheScreen() async throws {
        let app = try Self.home()
        let terminal = await app.session.runFullScreen([.down, .enter])
        let status = { (frame: ScreenLayout.Frame) in frame.text[frame.text.count - 2] }
        let onList = try #require(terminal.frames.first)
        let onItem = try #require(terminal.frames.last)
        #expect(status(onList).contains("Enter open"))
        #expect(!status(onList).contains("Esc back"))
        #expect(status(onItem).contains("Esc back"))
        #expect(status(onList) != status(onItem))
        for width in [20, 40, 60] {
            let narrow = try await Self.home().session.runFullScreen([], size: TerminalSize(columns: width, rows: 12))
            let line = narrow.screen[narrow.screen.count - 2]
            #expect(!line.contains("…"), "hints are dropped whole, never cut: \(line)")
            #expect(line.count == width)
        }
    }

    @Test("':' opens the command line, where commands work as typed; Esc closes it; '?' shows the keys")
    func commandLine() async throws {
        let app = try Self.home()
        var terminal = await app.session.runFullScreen([.character(":")] + typing("item.1") + [.enter])
        #expect(app.session.inputs == [.action("item.1")])
        #expect(terminal.screen[0].contains("Item 1"))

        let closed = try Self.home()
        terminal = await closed.session.runFullScreen(
            [.character(":")] + typing("item.1") + [.escape, .character("?")])
        #expect(closed.session.inputs.isEmpty)
        #expect(terminal.screen.contains { $0.contains("Tab/Shift-Tab move between fields") })
        #expect(!terminal.screen.contains { $0.hasPrefix(": item.1") })
    }

    @Test("':screen' draws the screen again from scratch, as Ctrl-L does, and the status line says it is always shown")
    func screenCommand() async throws {
        let app = try Self.home()
        let terminal = await app.session.runFullScreen([.character(":")] + typing("screen") + [.enter])
        #expect(terminal.clearedFrames == 1)
        #expect(terminal.screen.contains { $0.contains("The screen is always shown here: 'screen' drew it again") })
        #expect(app.session.inputs.isEmpty, "nothing was sent to the app")

        let redraw = try Self.home()
        let pressed = await redraw.session.runFullScreen([.character(":")] + typing("screen") + [.enter, .down])
        #expect(!pressed.screen.contains { $0.contains("The screen is always shown here") }, "until the next key")
    }

    @Test("'?' reads cleanly at 80 columns: each line of the keys is drawn whole, none wrapped by the screen")
    func keysReadAt80Columns() async throws {
        let app = try Self.home()
        let terminal = await app.session.runFullScreen(
            [.character("?")], size: TerminalSize(columns: 80, rows: 24))
        let frame = try #require(terminal.frames.last)
        let drawn = frame.text[frame.output].dropFirst().filter { !$0.hasPrefix("…") }.map { line in
            String(line.reversed().drop { $0 == " " }.reversed())
        }
        let lines = FullScreenHelp.keysText(reportsPointer: true).split(separator: "\n").map(String.init)
        #expect(drawn.count >= 10)
        #expect(drawn == Array(lines.prefix(drawn.count)), "\(drawn)")
        #expect(lines.allSatisfy { $0.count < 80 })
    }

    @Test("Esc dismisses the sheet on top; a field in it is typed into first")
    func escapeDismissesSheet() async throws {
        let app = try Self.home()
        // The sheet a command opened keeps the keys on the screen: Enter types into its field.
        let terminal = await app.session.runFullScreen(
            [.character(":")] + typing("compose") + [.enter, .enter, .escape, .escape])
        #expect(app.session.inputs == [.action("compose"), .gesture(.swipeDown)])
        #expect(terminal.frames.contains { $0.text.contains { $0.contains("┌") } })
        #expect(!terminal.screen.contains { $0.contains("┌") })
    }

    @Test("Ids and action numbers are hidden by default; i shows them; --ids starts with them")
    func idsOnDemand() async throws {
        let plain = try await Self.home().session.runFullScreen([]).screen.joined()
        #expect(!plain.contains("(item.1)") && !plain.contains("[1]") && !plain.contains("(compose)"))
        #expect(plain.contains("[ New note ]"))
        let toggled = try await Self.home().session.runFullScreen([.character("i")]).screen.joined()
        #expect(toggled.contains("[1] First (item.1)") && toggled.contains("(compose)"))
        let flagged = try await Self.home().session.runFullScreen([], showsIDs: true).screen.joined()
        #expect(flagged.contains("[3] New note (compose)"))
        let back = try await Self.home().session.runFullScreen([.character("i"), .character("i")]).screen.joined()
        #expect(back == plain)
    }

    @Test("A marked row (a liked post) is drawn with ♥ on the full screen; the line mode prints rows as before")
    func markedRows() async throws {
        let screen = StandInScreen(
            "posts", title: "Posts",
            elements: [
                .list(
                    ListSection(
                        id: "posts",
                        items: [
                            ListItem(id: "1", title: "Liked", actionID: "post.1", isMarked: true),
                            ListItem(id: "2", title: "Not liked", actionID: "post.2"),
                        ]))
            ])
        let session = try StandInSession(showing: screen)
        let drawn = await session.runFullScreen([]).screen
        #expect(drawn.contains { $0.contains("♥ Liked") })
        #expect(drawn.contains { $0.contains("Not liked") && !$0.contains("♥") })
        let printed = ScreenRenderer(style: .plain).render(session.snapshot())
        #expect(printed.contains("[1] Liked (post.1)") && !printed.contains("♥"))
    }

    @Test("The title is drawn once, in the navigation bar, with no blank row under it")
    func titleOnce() async throws {
        let screen = try await Self.home().session.runFullScreen([]).screen
        #expect(screen[0].contains("Home"))
        #expect(!screen[1].contains("Home") && !screen[1].trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(!screen.joined().contains("===="))
    }

    @Test("A digit chooses a tab, [ and ] the one before and after; the selected tab alone is reversed")
    func tabsByKeys() async throws {
        let app = try RenderingTests.tabs()
        let terminal = await app.session.runFullScreen([
            .character("2"), .character("]"), .character("["), .character("9"),
        ])
        #expect(app.session.inputs == [.tapTab("settings"), .tapTab("inbox"), .tapTab("settings")])
        #expect(
            terminal.screen.contains { $0.contains("there are 2 tabs: press 1 to 2; :9 taps the action numbered 9") })
        let tabRow = try #require(terminal.cells.first { row in row.contains { $0.target == .tab("inbox") } })
        #expect(tabRow.filter { $0.style == .selectedTab }.map(\.text).joined() == " Settings ")
        #expect(!tabRow.contains { $0.style == .bar }, "the bar itself is plain")
        #expect(!TerminalGrid.text(tabRow).contains("(tab "))
    }

    @Test("When the selected tab shows a badge, the status line says its key shows what is new")
    func badgedSelectedTabHint() async throws {
        let app = try RenderingTests.tabs()
        let terminal = await app.session.runFullScreen([])
        let status = try #require(terminal.screen.dropLast().last)
        #expect(status.contains("1 show new"), "\(status)")

        let tabBar = try #require(app.session.root as? TabBarController)
        try tabBar.setBadge(nil, forTab: "inbox")
        let plain = await app.session.runFullScreen([])
        #expect(!(plain.screen.dropLast().last ?? "").contains("show new"))
        let help = FullScreenHelp.keysText(reportsPointer: false).replacingOccurrences(of: "\n    ", with: " ")
        #expect(help.contains("the selected tab's key again goes back to its first screen (on Feed, Latest read again"))
    }
}

/// A note's form whose Save is available only once the note has text, as a compose sheet's Post is.
@MainActor
private final class NoteForm: ViewController {
    var text = ""
    private(set) var saved: [String] = []

    override var content: ScreenContent {
        ScreenContent(
            title: "Note",
            elements: [
                .field(TextField(id: "text", label: "Note", value: text)),
                .button(Button(id: "save", title: "Save", isEnabled: !text.isEmpty)),
                .button(Button(id: "cancel", title: "Cancel")),
            ])
    }

    override func handleText(_ text: String, forField id: String) {
        self.text = text
    }

    override func handleAction(_ id: String) {
        if id == "save" { saved.append(text) }
    }
}

extension FullScreenKeysTests {
    @Test("Enter in the last field sets it, then taps the form's button as the new value left it")
    func enterTapsTheFormsButton() async throws {
        let form = NoteForm(screenID: "note")
        let session = try StandInSession(root: NavigationController(root: form))
        let terminal = await session.runFullScreen(typing("hello") + [.enter])
        #expect(form.saved == ["hello"], "Save, available once the text was set, not Cancel")
        #expect(terminal.frames.first?.text.contains { $0.contains("Enter Save") } == true)
        let empty = NoteForm(screenID: "note")
        let refused = try await StandInSession(root: NavigationController(root: empty)).runFullScreen([.enter])
        #expect(empty.saved.isEmpty)
        #expect(refused.screen.contains { $0.hasPrefix("error: ") }, "the unavailable button says why")
    }
}

@Suite("Pages turned by keys")
@MainActor
struct PageKeysTests {
    @Test("← and → (h and l) turn the pages on top as the person's swipe does, and say so; elsewhere they do nothing")
    func pageKeys() async throws {
        let pages = PageViewController()
        try pages.setPages(
            (1...3).map { StandInScreen("page\($0)", title: "Page \($0)", elements: [.text("Page \($0) of 3")]) })
        let app = StandInApp(session: StandInSession(root: pages))
        let terminal = await app.session.runFullScreen([.right, .character("l"), .left])
        #expect(
            app.session.inputs == [
                .gesture(.swipeToNextPage), .gesture(.swipeToNextPage), .gesture(.swipeToPreviousPage),
            ])
        #expect(pages.currentIndex == 1)
        #expect(terminal.screen.contains { $0.contains("Page 2 of 3") })
        #expect(terminal.screen[terminal.screen.count - 2].contains("←→ pages"))

        let home = StandInApp(session: try StandInSession(showing: StandIn.home()))
        let still = await home.session.runFullScreen([.right, .left, .character("h")])
        #expect(home.session.inputs.isEmpty)
        #expect(!still.screen[still.screen.count - 2].contains("pages"))
    }
}

@Suite("Key dispatch: what each key means where the keys go")
struct KeyDispatchTests {
    @Test("On the screen, letters are keys; in a field and on the command line they are typed")
    func lettersByMode() async {
        #expect(KeyDispatch.command(for: .character("j"), in: .browsing) == .moveFocus(by: 1))
        #expect(KeyDispatch.command(for: .character("k"), in: .browsing) == .moveFocus(by: -1))
        #expect(KeyDispatch.command(for: .character(":"), in: .browsing) == .openCommandLine)
        #expect(KeyDispatch.command(for: .character("?"), in: .browsing) == .showKeys)
        #expect(KeyDispatch.command(for: .character("i"), in: .browsing) == .toggleIDs)
        #expect(KeyDispatch.command(for: .character("3"), in: .browsing) == .selectTab(number: 3))
        #expect(KeyDispatch.command(for: .character("0"), in: .browsing) == .ignore)
        #expect(KeyDispatch.command(for: .character("٣"), in: .browsing) == .ignore, "only ASCII digits")
        #expect(KeyDispatch.command(for: .character("]"), in: .browsing) == .cycleTab(by: 1))
        #expect(KeyDispatch.command(for: .character("["), in: .browsing) == .cycleTab(by: -1))
        #expect(KeyDispatch.command(for: .character("l"), in: .browsing) == .turnPage(next: true))
        #expect(KeyDispatch.command(for: .character("h"), in: .browsing) == .turnPage(next: false))
        #expect(KeyDispatch.command(for: .right, in: .browsing) == .turnPage(next: true))
        #expect(KeyDispatch.command(for: .left, in: .browsing) == .turnPage(next: false))
        #expect(KeyDispatch.command(for: .left, in: .typing) == .typeInField(.left), "in a field ← moves the cursor")
        for character: Character in ["j", ":", "3", "?"] {
            #expect(KeyDispatch.command(for: .character(character), in: .typing) == .typeInField(.character(character)))
            #expect(
                KeyDispatch.command(for: .character(character), in: .commandLine)
                    == .editCommandLine(.character(character)))
        }
    }

    @Test("Enter, Esc, Tab and the arrows by mode; Ctrl-C, Page Up/Down and F2 the same everywhere")
    func keysByMode() async {
        #expect(KeyDispatch.command(for: .enter, in: .browsing) == .activate)
        #expect(KeyDispatch.command(for: .enter, in: .typing) == .submitField)
        #expect(KeyDispatch.command(for: .enter, in: .commandLine) == .runCommandLine)
        #expect(KeyDispatch.command(for: .escape, in: .browsing) == .escape)
        #expect(KeyDispatch.command(for: .escape, in: .typing) == .stopTyping)
        #expect(KeyDispatch.command(for: .escape, in: .commandLine) == .closeCommandLine)
        #expect(KeyDispatch.command(for: .tab, in: .typing) == .nextField)
        #expect(KeyDispatch.command(for: .backTab, in: .typing) == .previousField)
        #expect(KeyDispatch.command(for: .backTab, in: .browsing) == .previousField)
        #expect(KeyDispatch.command(for: .tab, in: .commandLine) == .completeCommandLine)
        #expect(KeyDispatch.command(for: .down, in: .typing) == .moveFocus(by: 1))
        #expect(KeyDispatch.command(for: .up, in: .commandLine) == .editCommandLine(.up), "history")
        #expect(KeyDispatch.command(for: .left, in: .typing) == .typeInField(.left))
        for mode in [KeyDispatch.Mode.browsing, .typing, .commandLine] {
            #expect(KeyDispatch.command(for: .interrupt, in: mode) == .leave)
            #expect(KeyDispatch.command(for: .pageDown, in: mode) == .scroll(pages: 1))
            #expect(KeyDispatch.command(for: .togglePanel, in: mode) == .togglePanel)
        }
    }
}

@Suite("While the full screen waits for a key, it reads the app again")
@MainActor
struct RefreshWhileWaitingTests {
    @Test("Each interval with no key pressed refreshes the app and draws what it shows now, as a new minute's times")
    func refreshesWhileWaiting() async throws {
        let screen = StandInScreen("home", title: "Home", elements: [.text("posted just now")])
        let session = try StandInSession(showing: screen)
        session.onRefresh = { [unowned session] in screen.elements = [.text("posted \(session.refreshCount)m ago")] }
        let terminal = await session.runFullScreen([], idleReads: 3, refreshInterval: .zero)
        #expect(session.refreshCount == 4, "three waits with no key, and the last one, which the signal ends")
        #expect(terminal.screen.contains { $0.contains("posted 4m ago") })
    }

    @Test("What a refresh changed is said at once, with no key pressed: the next key does not bring it")
    func noticeOfARefreshShowsAtOnce() async throws {
        let screen = StandInScreen("home", title: "Home", elements: [.text("Signed in as Demo")])
        let session = try StandInSession(showing: screen)
        session.onRefresh = { [unowned session] in
            screen.elements = [.text("Log in")]
            session.saveNotice =
                session.refreshCount == 1 ? "you were logged out in another window on this data" : nil
        }
        let terminal = await session.runFullScreen([], idleReads: 1, refreshInterval: .zero)
        let shown = try #require(terminal.frames.last?.text)
        #expect(shown.contains { $0.contains("you were logged out in another window on this data") }, "\(shown)")
        #expect(!shown.contains { $0.contains("typed into the field") })
    }

    @Test("Text typed into a field that the refresh took away is named in what it says")
    func noticeNamesTheTypedTextItTookAway() async throws {
        let screen = StandInScreen(
            "compose", title: "New post", elements: [.field(TextField(id: "text", label: "Post", value: ""))])
        let session = try StandInSession(showing: screen)
        // The app says a change once: the refresh that ends the run says nothing more.
        session.onRefresh = { [unowned session] in
            screen.elements = [.text("Log in")]
            session.saveNotice =
                session.refreshCount == 1 ? "you were logged out in another window on this data" : nil
        }
        let terminal = await session.runFullScreen(
            typing("half a post"), size: TerminalSize(columns: 120, rows: 24), idleReads: 1, refreshInterval: .zero)
        let shown = try #require(terminal.frames.last?.text)
        #expect(
            shown.contains {
                $0.contains("logged out in another window on this data; what was typed into the field is gone with it")
            }, "\(shown)")
    }

    @Test("Damaged data a refresh finds while waiting stops the app at once, exit 2, with no key pressed")
    func damageFoundWhileWaitingStopsAtOnce() async throws {
        let session = try StandInSession(showing: StandIn.home())
        session.onRefresh = { [unowned session] in
            session.dataFailure = DataFailure(
                description: "the data file /data/app.sqlite is corrupt: p", isFatal: true, advice: nil)
        }
        _ = session.start(restores: false, initialLink: nil)
        let terminal = ScriptedTerminal(keys: [], idleReads: 50)
        let errors = CapturedOutput()
        let fullScreen = FullScreenSession(
            session: session, terminal: terminal, history: CommandHistory(directory: nil), refreshInterval: .zero)
        let status = await fullScreen.run(linkFailure: nil, errorOutput: errors)
        #expect(status == 2)
        #expect(errors.text.hasPrefix("app: the data file /data/app.sqlite is corrupt: p"), "\(errors.text)")
        #expect(session.refreshCount == 1, "it stopped at the first refresh, not once the idle reads ran out")
    }

    @Test("A wait shorter than the interval reads nothing again")
    func noRefreshBeforeTheInterval() async throws {
        let session = try StandInSession(showing: StandIn.home())
        await session.runFullScreen([], idleReads: 3)
        #expect(session.refreshCount == 0)
    }
}
