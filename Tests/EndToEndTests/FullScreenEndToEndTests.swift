import AppTerminal
import AppTesting
import Foundation
import TerminalTesting
import Testing

/// The app in a real terminal (tmux), driven by keys as a person drives it. Without tmux these tests are skipped
/// and the test output names the reason (tmux is installed here and in CI).
@Suite(
    "Full screen in a real terminal: editing, history, resize, leaving safely",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenEndToEndTests {
    private static func start(
        _ data: TemporaryDataDirectory, columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]
    ) throws -> TmuxSession {
        try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path, "--ids"], columns: columns, rows: rows,
            environment: environment)
    }

    private static func commandLine(_ screen: [String]) -> String {
        screen.last { $0.hasPrefix(":") } ?? ""
    }

    /// The status line, with the keys that work now.
    private static func status(_ screen: [String]) -> String {
        screen.last { $0.contains("^C quit") } ?? ""
    }

    @Test("A held swipe says on the status line what release will do; F2 in a narrow terminal says what it did")
    func heldSwipeAndNarrowPanel() async throws {
        let data = try await TemporaryDataDirectory.demoLoggedIn()
        let terminal = try Self.start(data)
        try await terminal.waitFor("[2] Popular")
        try terminal.command("post.1")
        try await terminal.waitFor("Like (like)") { $0.joined().contains("(like)") }
        try terminal.command("swipe back 0.3")
        try await terminal.waitFor("Swipe back held at 30% · release cancels it")
        try terminal.command("release")
        try await terminal.waitFor("Released below half way: the swipe back was cancelled and nothing moved.")
        try await terminal.waitFor("the keys again") { $0.joined().contains("Esc back · 1-2 tabs") }
        try terminal.press("F2")
        try await terminal.waitFor("The tree panel shows once the terminal is at least 100 columns wide.")
        #expect(try !terminal.screen().joined().contains("is off"), "no panel anyone could see was turned off")
        try terminal.resize(columns: 120, rows: 24)
        try await terminal.waitFor("the panel, and the note gone") { screen in
            screen.contains { $0.contains("Coordinators") } && !screen.joined().contains("columns wide")
        }
        try terminal.command("quit")
        #expect(await terminal.ending().status == 0)
    }

    @Test("Log in and compose with arrow-key edits and Up; resize; quit with a draft asks; the terminal comes back")
    func personSession() async throws {
        let data = try TemporaryDataDirectory()
        let terminal = try Self.start(data)
        try await terminal.waitFor("Email (set email)")
        #expect(try terminal.isAlternateScreenOn())

        // Typing goes into the focused field; Home and typing insert at the cursor; drawn in place, once.
        try terminal.type("emo@example.com")
        try terminal.press("Home")
        try terminal.type("d")
        var screen = try await terminal.waitFor("Email (set email): demo@example.com")
        #expect(screen.filter { $0.contains("Email (set email)") }.count == 1)

        // Tab goes to the password, typed as dots; Enter logs in.
        try terminal.press("Tab")
        try terminal.type("demo-password")
        screen = try await terminal.waitFor("Password (set password, secure): •••••••••••••")
        #expect(!screen.joined().contains("demo-password"))
        try terminal.press("Enter")
        screen = try await terminal.waitFor("[2] Popular")
        #expect(!screen.joined().contains("\\u{1B}"))

        // Left and Backspace edit in the middle of the command line; no escape code reaches the text.
        try terminal.type(":composxe")
        try terminal.press("Left", "BSpace")
        try await terminal.waitFor("the line reads compose") { Self.commandLine($0).hasPrefix(": compose") }
        try terminal.press("Enter")
        try await terminal.waitFor("┌")

        // The sheet a command opened leaves the keys on the screen, its field marked, not typed into: ':' opens the
        // command line again, where Up recalls; Esc closes it.
        try await terminal.waitFor("the field marked") { Self.status($0).contains("Enter type") }
        try terminal.type(":")
        try terminal.press("Up")
        try await terminal.waitFor("Up recalls compose") { Self.commandLine($0).hasPrefix(": compose") }
        try terminal.press("Escape")
        try await terminal.waitFor("the line closed") { Self.commandLine($0).isEmpty }

        // Enter types into the field; Ctrl-W deletes words; Esc sets the field and leaves it.
        try terminal.press("Enter")
        try terminal.type("a draft with 世界 and 😀 and more words")
        try terminal.press("C-w", "C-w", "Escape")
        try await terminal.waitFor("Post (set text): a draft with 世界 and 😀 and")

        // A resize redraws in place; the sheet's frame holds at the new width.
        try terminal.resize(columns: 44, rows: 14)
        screen = try await terminal.waitFor("the frame redrawn at 44 columns, every row of it") { lines in
            // The dimmed feed shows in the margin beside the frame. A frame being redrawn shows its top, then its
            // rows, then its bottom: the screen is read once it is drawn to its bottom.
            let rows = lines.filter { $0.dropFirst(2).hasPrefix("│") }
            return lines.contains { $0.dropFirst(2).hasPrefix("┌") && $0.hasSuffix("┐") && $0.count == 42 }
                && lines.contains { $0.dropFirst(2).hasPrefix("└") && $0.hasSuffix("┘") && $0.count == 42 }
                && !rows.isEmpty && rows.allSatisfy { TerminalText.cellWidth(of: $0) == 44 - 2 }
        }

        // Leaving with a draft asks; No stays, Ctrl-D asks again, Yes leaves.
        try terminal.command("quit")
        try await terminal.waitFor("Leave? The draft is kept for next time.")
        try terminal.press("n")
        try await terminal.waitFor("the question is gone") {
            !$0.joined().contains("Leave? The draft is kept for next time.")
        }
        #expect(try terminal.isAlternateScreenOn())
        try terminal.press("C-d")
        try await terminal.waitFor("Leave? The draft is kept for next time.")
        try terminal.press("y")
        let ending = await terminal.ending()
        #expect(ending.status == 0)
        #expect(ending.before == ending.after, "the terminal's settings are given back exactly")
        #expect(!(try terminal.isAlternateScreenOn()))
    }

    @Test("A playground in the full screen keeps no history: its data directory stays empty")
    func playgroundKeepsNoHistory() async throws {
        let data = try TemporaryDataDirectory()
        let terminal = try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path, "--feature", "Login", "--ids"])
        try await terminal.waitFor("Email (set email)")
        try terminal.type("someone@example.com")
        try terminal.press("Escape")
        try await terminal.waitFor("Email (set email): someone@example.com")
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
        #expect(try data.allFiles().isEmpty, "a later run of the app finds no sign of lost data")
    }

    @Test("A secure field asked for is typed masked; Ctrl-C in a sign-up asks before leaving")
    func secretPromptAndSignUp() async throws {
        let data = try TemporaryDataDirectory()
        let terminal = try Self.start(data)
        try await terminal.waitFor("Email (set email)")
        try terminal.press("Escape")
        try terminal.command("set password")
        try await terminal.waitFor("Typed as dots")
        try terminal.type("top-secret")
        var screen = try await terminal.waitFor("Password: ••••••••••")
        #expect(!screen.joined().contains("top-secret"))
        try terminal.press("Enter")
        try await terminal.waitFor("Password (set password, secure): ••••••••••")
        try terminal.command("signup")
        try await terminal.waitFor("Create account")
        try terminal.press("C-c")
        screen = try await terminal.waitFor("Leave? The sign-up is kept for next time, without passwords.")
        try terminal.press("y")
        #expect(await terminal.ending().status == 0)
        let saved = (try? String(contentsOfFile: data.file("command-history"), encoding: .utf8)) ?? ""
        #expect(!saved.contains("top-secret"))
    }

    @Test("Page Down scrolls a list longer than the terminal, Page Up comes back; growing the terminal shows it all")
    func scrolling() async throws {
        let data = try await TemporaryDataDirectory.demoLoggedIn()
        let terminal = try Self.start(data, columns: 40, rows: 12)
        try await terminal.waitFor("more (PgDn)")
        try terminal.press("NPage")
        try await terminal.waitFor("more (PgUp)")
        try terminal.press("PPage")
        try await terminal.waitFor("back at the top") { !$0.joined().contains("more (PgUp)") }
        // Grown, the terminal gets the whole list and the panel beside it.
        try terminal.resize(columns: 120, rows: 40)
        try await terminal.waitFor("the panel beside the whole list") { lines in
            lines.contains { $0.contains("│ Coordinators") } && !lines.joined().contains("more (PgDn)")
        }
    }

    @Test("SIGTERM gives the terminal back exactly and exits with 143")
    func terminationSignal() async throws {
        let data = try TemporaryDataDirectory()
        let terminal = try Self.start(data)
        try await terminal.waitFor("Email (set email)")
        try terminal.type("set email half typed")
        let app = try #require(try terminal.appProcessID())
        kill(app, SIGTERM)
        let ending = await terminal.ending()
        #expect(ending.status == 143)
        #expect(ending.before == ending.after)
        #expect(!(try terminal.isAlternateScreenOn()))
    }
}
