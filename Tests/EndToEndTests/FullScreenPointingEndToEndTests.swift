import AppTerminal
import AppTesting
import Foundation
import TerminalTesting
import Testing

/// The app in a real terminal (tmux) driven by the mouse reports an xterm-compatible terminal sends in SGR mode,
/// as a person points, clicks and drags.
@Suite(
    "Full screen by pointing in a real terminal: clicks, live drags, the mouse given back",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenPointingEndToEndTests {
    /// The app at `columns`×`rows` as a terminal whose terminfo entry says it reports the mouse in SGR form.
    private static func start(
        _ data: TemporaryDataDirectory, columns: Int = 100, rows: Int = 30, arguments: [String] = []
    ) throws -> TmuxSession {
        try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path, "--ids"] + arguments, columns: columns,
            rows: rows,
            environment: ["TERM": "xterm-256color"])
    }

    /// Waits until the screen shows `text` and the keys no longer type into a field. The field's text shows while
    /// it is typed too; and a pointer report read within moments of an Escape is taken by the terminal's decoding as
    /// one sequence with it, as a person's hand never is, so the Escape must have been read before the pointer moves.
    private static func waitForFieldLeft(_ text: String, in terminal: TmuxSession) async throws -> [String] {
        try await terminal.waitFor("'\(text)', the field left") {
            $0.contains { $0.contains(text) } && !$0.contains { $0.contains("Esc, then ? keys") }
        }
    }

    /// Where `text` is first drawn: its row and the cell column it starts at, both from 0.
    private static func locate(
        _ text: String, in screen: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (row: Int, column: Int) {
        for (row, line) in screen.enumerated() {
            if let range = line.range(of: text) {
                return (row, TerminalText.cellWidth(of: String(line[..<range.lowerBound])))
            }
        }
        throw TmuxSession.Failure(description: "'\(text)' is not on the screen:\n" + screen.joined(separator: "\n"))
    }

    /// The rows of `screen` above the tree panel's list of changes, joined: what the screen and the tree show now,
    /// without the panel's record of what was detached and stopped.
    static func aboveTreeChanges(_ screen: [String]) -> String {
        screen.prefix { !$0.contains("│ Changes") }.joined()
    }

    /// Clicks `text` where `screen` shows it; where `screen` was read while a frame was still arriving and does not
    /// show it yet, where the screen shows it once it does.
    private static func click(_ text: String, in screen: [String], of terminal: TmuxSession) async throws {
        let shown = (try? locate(text, in: screen)) != nil ? screen : try await terminal.waitFor(text)
        let place = try locate(text, in: shown)
        try terminal.click(row: place.row, column: place.column + 1)
    }

    private static func commandLine(_ screen: [String]) -> String {
        screen.last { $0.hasPrefix(":") } ?? ""
    }

    /// The screen's width beside the tree panel: the column of the panel's rule.
    private static func screenWidth(_ screen: [String]) throws -> Int {
        try locate("│ Coordinators", in: screen).column
    }

    /// Let go at a fifth, the post stays with its coordinator; past half, it leaves and its coordinator is released.
    @Test("At 100×30: log in by clicking the fields and Log in, open a post by its row, drag it back twice")
    func logInOpenAndDragBack() async throws {
        let data = try TemporaryDataDirectory()
        let terminal = try Self.start(data)
        var screen = try await terminal.waitFor("Email (set email)")
        #expect(await terminal.mouseReportingBecomes((true, true)), "clicks and drags are asked for")

        // A click on a field focuses it: the value is typed there, in place.
        try await Self.click("Email (set email)", in: screen, of: terminal)
        try terminal.type("demo@example.com")
        screen = try await terminal.waitFor("Email (set email): demo@example.com")
        // A secure field is typed into as dots; the click sets the field left.
        try await Self.click("Password (set password, secure)", in: screen, of: terminal)
        try terminal.type("demo-password")
        screen = try await terminal.waitFor("Password (set password, secure): •••••••••••••")
        #expect(!screen.joined().contains("demo-password"))
        try await Self.click("Log in (login)", in: screen, of: terminal)
        screen = try await terminal.waitFor("(post.3)")

        // A post's row opens the post, pushed with its coordinator.
        try await Self.click("Linus · 40m", in: screen, of: terminal)
        screen = try await terminal.waitFor("the post with its coordinator") {
            $0.joined().contains("(like)") && $0.joined().contains("feed.post")
        }
        #expect(screen[0].hasPrefix(" ‹ back  Feed › Post"))
        let width = try Self.screenWidth(screen)

        // Held at a fifth: the post slides over the feed it would reveal, and the status line says what comes.
        try terminal.drag(row: 6, from: 0, through: [width / 10, width / 5])
        screen = try await terminal.waitFor("Swipe back held at 20% · release cancels it")
        let slid = try Self.locate("│Linus", in: screen)
        #expect(slid == (1, width / 5 - 1), "the post's left edge follows the pointer")
        #expect(screen[1].hasPrefix("Feed"), "the feed shows where the post slid away")
        try terminal.mouse(0, row: 6, column: width / 5, released: true)
        screen = try await terminal.waitFor("cancelled; every screen and coordinator stays")
        #expect(screen[0].hasPrefix(" ‹ back  Feed › Post"))
        #expect(screen[1].hasPrefix("Linus"), "the post's title is in the navigation bar alone")
        #expect(Self.aboveTreeChanges(screen).contains("feed.post"), "the tree panel: nothing was released")

        // Let go past half: the post leaves, and its coordinator with it.
        try terminal.drag(row: 6, from: 1, through: [width / 4, width * 3 / 5])
        try await terminal.waitFor("release finishes it")
        try terminal.mouse(0, row: 6, column: width * 3 / 5, released: true)
        // A frame arrives in pieces: the one saying it finished is looked at until it has arrived whole.
        screen = try await terminal.waitFor("finished; the screen and its coordinator are released") {
            $0.contains { $0.contains("finished; the screen and its coordinator are released") }
                && !Self.aboveTreeChanges($0).contains("feed.post")
        }
        #expect(screen[0].hasPrefix(" Feed"))
        try terminal.command("tree")
        // The screen already shows "feed": what tells the printed tree's frame is its heading across the width
        // below the screen, where the panel's changes were, and that frame is whole once its last line, the keys'
        // hints, has replaced the command line's.
        screen = try await terminal.waitFor("the tree printed below the screen") {
            $0.contains { $0.hasPrefix("Coordinators") && $0.contains("Screens") && !$0.contains("│") }
                && $0.contains { $0.contains("? keys") } && !$0.contains { $0.contains("Esc close") }
        }
        #expect(!Self.aboveTreeChanges(screen).contains("feed.post"))

        try terminal.command("quit")
        let ending = await terminal.ending()
        #expect(ending.status == 0)
        #expect(ending.before == ending.after)
        #expect(await terminal.mouseReportingBecomes((false, false)), "mouse reporting is off again")
    }

    /// Nothing happens on a click elsewhere; a click while a swipe is held is refused; a sheet's border dragged down
    /// is refused while the sheet holds a draft, and dismisses it without.
    @Test("Clicks on a tab, a segment, a button, a row and ‹ back; refusals; a sheet's top border dragged down")
    func clicksAndSheetDrag() async throws {
        let data = try await TemporaryDataDirectory.demoLoggedIn()
        let terminal = try Self.start(data)
        var screen = try await terminal.waitFor("(post.3)")

        // A tab of the tab bar along the bottom selects it; the other brings the feed back.
        try await Self.click("Profile (tab profile)", in: screen, of: terminal)
        screen = try await terminal.waitFor("Edit (edit)")
        try await Self.click("Feed (tab feed)", in: screen, of: terminal)
        screen = try await terminal.waitFor("(post.3)")

        try await Self.click("Popular (popular)", in: screen, of: terminal)
        screen = try await terminal.waitForSettled("[shows feed.popular]")

        // A click on nothing changes nothing.
        let before = screen
        try terminal.click(row: 25, column: 20)
        try terminal.type(":x")
        screen = try await terminal.waitFor("the key after the click") { Self.commandLine($0) == ": x" }
        #expect(Array(screen.dropLast(3)) == Array(before.dropLast(3)))
        // An empty line closes the command line (an Escape right before a click would be read with it).
        try terminal.press("C-u", "Enter")
        try await terminal.waitFor("the line closed") { Self.commandLine($0).isEmpty }

        // ‹ back in the navigation bar is the person's back.
        try await Self.click("Linus · 40m", in: screen, of: terminal)
        screen = try await terminal.waitFor("(like)")
        try await Self.click("‹ back", in: screen, of: terminal)
        screen = try await terminal.waitFor("back at the feed") { !Self.aboveTreeChanges($0).contains("feed.post") }

        // While a swipe is held, a click is refused as the typed command is.
        try await Self.click("Linus · 40m", in: screen, of: terminal)
        screen = try await terminal.waitFor("(like)")
        try terminal.command("swipe back 0.3")
        screen = try await terminal.waitFor("Swipe back held at 30%")
        try await Self.click("Like (like)", in: screen, of: terminal)
        try await terminal.waitFor("error: a swipe is held; 'release' it first")
        try terminal.command("release")
        screen = try await terminal.waitFor("cancelled") { $0.joined().contains("Esc back") }
        #expect(screen.joined().contains("0 likes") || screen.joined().contains("1 like"))
        try await Self.click("‹ back", in: screen, of: terminal)
        screen = try await terminal.waitFor("(compose)")

        // A sheet holding a draft refuses the swipe down: the status line says why and nothing moves.
        try await Self.click("New post (compose)", in: screen, of: terminal)
        screen = try await terminal.waitFor("┌─ sheet")
        try terminal.type("a draft")
        try terminal.press("Escape")
        screen = try await Self.waitForFieldLeft("Post (set text): a draft", in: terminal)
        let border = try Self.locate("┌─ sheet", in: screen)
        try terminal.mouse(0, row: border.row, column: border.column + 3)
        try terminal.mouse(32, row: border.row + 6, column: border.column + 3)
        // The status line says why, how the sheet does close, and that nothing moved (on as many rows as it takes).
        try await terminal.waitFor("the swipe's refusal, with how the sheet closes") { screen in
            let text = screen.joined(separator: " ").split(separator: " ").joined(separator: " ")
            return text.contains("Swipe down refused: the sheet refused to be dismissed;")
                && text.contains("its own action closes it; nothing moved")
        }
        try terminal.mouse(32, row: border.row + 20, column: border.column + 3)
        try terminal.mouse(0, row: border.row + 20, column: border.column + 3, released: true)
        screen = try await terminal.waitFor("Post (set text): a draft")
        #expect(try Self.locate("┌─ sheet", in: screen) == border, "the sheet did not move")
        #expect(screen.joined().contains("feed.compose"))

        // Without the draft the border dragged past half swipes the sheet down and releases its coordinator.
        try terminal.command("set text ")
        try await terminal.waitFor("(post, unavailable)")
        try terminal.mouse(0, row: border.row, column: border.column + 3)
        try terminal.mouse(32, row: border.row + 20, column: border.column + 3)
        try await terminal.waitFor("Swipe down held at")
        try terminal.mouse(0, row: border.row + 20, column: border.column + 3, released: true)
        screen = try await terminal.waitFor("Swipe down let go at")
        #expect(!Self.aboveTreeChanges(screen).contains("feed.compose"))
        #expect(!screen.joined().contains("┌─ sheet"))
    }

    @Test("A screen holding unsaved changes refuses the drag back: the status line says why and nothing moves")
    func dragRefusedByTheScreen() async throws {
        let data = try TemporaryDataDirectory()
        let terminal = try Self.start(data, arguments: ["--feature", "Profile"])
        var screen = try await terminal.waitFor("Edit (edit)")
        try await Self.click("Edit (edit)", in: screen, of: terminal)
        screen = try await terminal.waitFor("Display name (set displayName)")
        try await Self.click("Display name", in: screen, of: terminal)
        try terminal.press("C-u")
        try terminal.type("Someone")
        try terminal.press("Escape")
        screen = try await Self.waitForFieldLeft("Display name (set displayName): Someone", in: terminal)
        let width = try Self.screenWidth(screen)
        try terminal.drag(row: 5, from: 0, through: [width / 5, width * 3 / 4])
        screen = try await terminal.waitFor("Swipe back refused: the screen refused to go back; nothing moved")
        #expect(screen[1].hasPrefix("Display name"), "the screen did not slide")
        try terminal.mouse(0, row: 5, column: width * 3 / 4, released: true)
        try terminal.command("state")
        screen = try await terminal.waitFor("\"top\"")
        #expect(screen.joined().contains("Display name (set displayName): Someone"))
        #expect(!screen.joined().contains("\"held\":true"))
    }

    @Test("The wheel scrolls a list longer than the terminal, down and back up")
    func wheel() async throws {
        let data = try await TemporaryDataDirectory.demoLoggedIn()
        let terminal = try Self.start(data, columns: 40, rows: 12)
        try await terminal.waitFor("more (PgDn)")
        try terminal.mouse(65, row: 4, column: 5)
        try await terminal.waitFor("more (PgUp)")
        try terminal.mouse(64, row: 4, column: 5)
        try await terminal.waitFor("back at the top") { !$0.joined().contains("more (PgUp)") }
    }

    @Test("With --no-mouse the terminal is asked for nothing; a signal still gives the mouse back")
    func noMouseAndSignals() async throws {
        let data = try TemporaryDataDirectory()
        let quiet = try Self.start(data, rows: 34, arguments: ["--no-mouse"])
        try await quiet.waitFor("Email (set email)")
        #expect(try quiet.mouseReporting() == (false, false), "nothing was asked for at the first screen")
        try quiet.press("Escape")
        try quiet.command("help")
        let help = try await quiet.waitFor("Keys:")
        #expect(!help.joined().contains("Pointer"), "help speaks of the pointer only where it works")
        try quiet.press("C-c")
        #expect(await quiet.ending().status == 0)

        let pointing = try Self.start(data)
        try await pointing.waitFor("Email (set email)")
        #expect(await pointing.mouseReportingBecomes((true, true)))
        try pointing.press("Escape")
        try pointing.command("help")
        try await pointing.waitFor("Commands:")
        try pointing.press("NPage")
        try pointing.press("NPage")
        try await pointing.waitFor("Pointer: click an action")
        let process = try #require(try pointing.appProcessID())
        kill(process, SIGTERM)
        let ending = await pointing.ending()
        #expect(ending.status == 128 + SIGTERM)
        #expect(ending.before == ending.after)
        #expect(await pointing.mouseReportingBecomes((false, false)), "mouse reporting is off after the signal")
    }
}
