import Foundation
import TerminalTesting
import Testing

/// Input of any size in the full screen, in a real terminal (tmux) running the terminal over its stand-in screen:
/// pastes arrive bracketed and are text, never commands; a paste of a megabyte is taken in at once; the line mode's
/// line limit holds; and a termination signal or a closed terminal ends the app while it takes input in.
@Suite(
    "Full screen input at any size: bracketed pastes, the line limit, signals while pasting",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the tests in a real terminal cannot run"))
struct PasteInRealTerminalTests {
    private static func start() throws -> TmuxSession {
        try TmuxSession.standIn(arguments: ["--ids"], columns: 100, rows: 30)
    }

    private static func commandLine(_ screen: [String]) -> String {
        screen.last { $0.hasPrefix(":") } ?? ""
    }

    /// Whether the process `id` has ended (and been reaped, or is a zombie).
    private static func hasEnded(_ id: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8) else { return true }
        return status.contains(") Z ")
    }

    @Test("A paste is text on the command line: pasted lines do not run, a pasted command runs only on Enter")
    func pasteIsText() async throws {
        let terminal = try Self.start()
        try await terminal.waitFor("Email (set email)")
        try terminal.press("Escape")
        try terminal.type(":set email ")
        try terminal.paste("demo@example.com\nlogin\n")
        try await terminal.waitFor("the paste on the command line, not run") {
            Self.commandLine($0).hasPrefix(": set email demo@example.com login")
        }
        var screen = try terminal.screen()
        #expect(screen.contains { $0.contains("Email (set email)") && !$0.contains("demo@") }, "nothing ran")
        try terminal.press("C-u")
        // A tab in a paste is a space, never a completion.
        try terminal.paste("set\temail\tdemo@example.com")
        try await terminal.waitFor("the pasted command waiting") {
            Self.commandLine($0).hasPrefix(": set email demo@example.com")
        }
        screen = try terminal.screen()
        #expect(!screen.joined().contains("Email (set email): demo@example.com"), "not before Enter")
        try terminal.press("Enter")
        try await terminal.waitFor("Email (set email): demo@example.com")
        try terminal.press("C-c")
        let ending = await terminal.ending()
        #expect(ending.status == 0)
        #expect(ending.before == ending.after)
    }

    @Test("A paste of several lines into a field of several lines keeps them as lines")
    func linesPastedIntoAFieldOfSeveralLines() async throws {
        let terminal = try Self.start()
        try await terminal.waitFor("Email (set email)")
        // Out of the email field, then to the last of the screen, the note, and Enter to type into it.
        try terminal.press("Escape", "G", "Enter")
        try await terminal.waitFor("the note typed into") { $0.contains { $0.contains("type · Enter set") } }
        try terminal.paste("first line\nsecond line")
        try terminal.press("Escape")
        let screen = try await terminal.waitFor("the note set, as two lines") { lines in
            lines.contains { $0.contains("first line") } && lines.contains { $0.contains("second line") }
        }
        #expect(!screen.contains { $0.contains("first line second line") }, "\(screen.joined(separator: "\n"))")
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }

    @Test("Lines that arrive together unbracketed stay lines of the field: the later ones never run as keys")
    func unbracketedLinesStayInTheField() async throws {
        let terminal = try Self.start()
        try await terminal.waitFor("Email (set email)")
        try terminal.press("Escape", "G", "Enter")
        try await terminal.waitFor("the note typed into") { $0.contains { $0.contains("type · Enter set") } }
        // As a terminal without bracketed paste sends a paste: each line break a carriage return, all at once.
        try terminal.send(bytes: Array("first line\rsecond line\ri".utf8))
        try terminal.press("Escape")
        let screen = try await terminal.waitFor("the note set, as three lines") { lines in
            lines.contains { $0.contains("first line") } && lines.contains { $0.contains("second line") }
        }
        #expect(!screen.contains { $0.contains("first line") && $0.contains("second") }, "each line a row of its own")
        #expect(screen.contains { $0.hasPrefix("i") || $0.contains(" i") }, "the last line typed, not a key")
        #expect(screen.joined().contains("(set email)"), "the ids still shown: the i of the paste was not the key")
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }

    @Test("A megabyte pasted is taken in at once and refused by the line limit; 70,000 typed characters too")
    func megabytePasteAndTheLineLimit() async throws {
        let terminal = try Self.start()
        try await terminal.waitFor("Email (set email)")
        try terminal.press("Escape")
        try terminal.type(":set email ")
        try terminal.paste(String(repeating: "a\té一", count: 1 << 18))
        try await terminal.waitFor("the paste refused by the line limit", seconds: 10) {
            $0.joined().contains("the line is longer than 65536 bytes: the paste (1835008 bytes) was not taken")
        }
        #expect(Self.commandLine(try terminal.screen()) == ": set email", "the line is as it was")
        // Typed rather than pasted, the line stops at the limit and says why.
        try terminal.type(String(repeating: "b", count: 70_000))
        // The paste's refusal says the same words and more: the typed refusal is those words alone.
        try await terminal.waitFor("typing refused at the limit", seconds: 20) {
            let screen = $0.joined()
            return screen.contains("the line is longer than 65536 bytes") && !screen.contains("the paste")
        }
        try terminal.press("C-u")
        try await terminal.waitFor("the line emptied", seconds: 20) { Self.commandLine($0) == ":" }
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }

    @Test("SIGTERM and SIGHUP end the app while a long paste comes in, giving the terminal back", arguments: [15, 1])
    func signalDuringPaste(signalNumber: Int32) async throws {
        let terminal = try Self.start()
        try await terminal.waitFor("Email (set email)")
        try terminal.type("set email ")
        let app = try #require(try terminal.appProcessID())
        // A paste whose end never comes: the app is taking it in when the signal arrives.
        try terminal.type("\u{1B}[200~" + String(repeating: "a", count: 4096))
        kill(app, signalNumber)
        let ending = await terminal.ending(seconds: 10)
        #expect(ending.status == 128 + signalNumber)
        #expect(ending.before == ending.after)
        #expect(!(try terminal.isAlternateScreenOn()))
    }

    @Test("A terminal closed while a paste comes in ends the app")
    func closedTerminalDuringPaste() async throws {
        let terminal = try Self.start()
        try await terminal.waitFor("Email (set email)")
        let app = try #require(try terminal.appProcessID())
        try terminal.type("\u{1B}[200~" + String(repeating: "a", count: 4096))
        try terminal.closeTerminal()
        #expect(await TmuxSession.waitUntil(seconds: 10) { Self.hasEnded(app) }, "the app ended with its terminal")
    }
}
