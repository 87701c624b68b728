import AppTesting
import Foundation
import Testing

/// Input of any size in the full screen, in a real terminal (tmux): pastes arrive bracketed and are text, never
/// commands; a paste of a megabyte is taken in at once; the line mode's line limit holds; and a termination signal
/// or a closed terminal ends the app while it takes input in.
@Suite(
    "Full screen input at any size: bracketed pastes, the line limit, signals while pasting",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenPasteEndToEndTests {
    private static func start(_ data: TemporaryDataDirectory) throws -> TmuxSession {
        try TmuxSession(app: AppHarness.builtApp(), arguments: ["--data-dir", data.path], columns: 100, rows: 30)
    }

    private static func commandLine(_ screen: [String]) -> String {
        screen.last { $0.hasPrefix(">") } ?? ""
    }

    /// Whether the process `id` has ended (and been reaped, or is a zombie).
    private static func hasEnded(_ id: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8) else { return true }
        return status.contains(") Z ")
    }

    @Test("A paste is text on the command line: pasted lines do not run, a pasted command runs only on Enter")
    func pasteIsText() throws {
        let data = try TemporaryDataDirectory()
        let terminal = try Self.start(data)
        try terminal.waitFor("Email (set email)")
        try terminal.type("set email ")
        try terminal.paste("demo@example.com\nlogin\n")
        try terminal.waitFor("the paste on the command line, not run") {
            Self.commandLine($0).hasPrefix("> set email demo@example.com login")
        }
        var screen = try terminal.screen()
        #expect(screen.contains { $0.contains("Email (set email)") && !$0.contains("demo@") }, "nothing ran")
        try terminal.press("C-u")
        try terminal.paste("set email demo@example.com")
        try terminal.waitFor("the pasted command waiting") {
            Self.commandLine($0).hasPrefix("> set email demo@example.com")
        }
        screen = try terminal.screen()
        #expect(!screen.joined().contains("Email (set email): demo@example.com"), "not before Enter")
        try terminal.press("Enter")
        try terminal.waitFor("Email (set email): demo@example.com")
        try terminal.press("C-c")
        let ending = try terminal.ending()
        #expect(ending.status == 0)
        #expect(ending.before == ending.after)
    }

    @Test("A megabyte pasted is taken in at once and refused by the line limit; 70,000 typed characters too")
    func megabytePasteAndTheLineLimit() throws {
        let data = try TemporaryDataDirectory()
        let terminal = try Self.start(data)
        try terminal.waitFor("Email (set email)")
        try terminal.type("set email ")
        let started = Date()
        try terminal.paste(String(repeating: "a\té一", count: 1 << 18))
        try terminal.waitFor("the paste refused by the line limit", seconds: 10) {
            $0.joined().contains("the line is longer than 65536 bytes: the paste (1835008 bytes) was not taken")
        }
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(Self.commandLine(try terminal.screen()) == "> set email", "the line is as it was")
        // Typed rather than pasted, the line stops at the limit and says why.
        try terminal.type(String(repeating: "b", count: 70_000))
        try terminal.waitFor("typing refused at the limit", seconds: 20) {
            $0.joined().contains("the line is longer than 65536 bytes")
        }
        try terminal.press("C-u")
        try terminal.waitFor("the line emptied") { Self.commandLine($0) == ">" }
        try terminal.press("C-c")
        #expect(try terminal.ending().status == 0)
    }

    @Test("SIGTERM and SIGHUP end the app while a long paste comes in, giving the terminal back", arguments: [15, 1])
    func signalDuringPaste(signalNumber: Int32) throws {
        let data = try TemporaryDataDirectory()
        let terminal = try Self.start(data)
        try terminal.waitFor("Email (set email)")
        try terminal.type("set email ")
        let app = try #require(try terminal.appProcessID())
        // 60,000 characters, one in ten a tab: within the line limit, and a tab in a paste is no completion.
        try terminal.paste(String(repeating: "aaaaaaaaa\t", count: 6_000))
        try terminal.waitFor("the paste taken in, tabs as spaces", seconds: 20) {
            Self.commandLine($0).contains("aaaaaaaaa aaaa")
        }
        // Then a paste whose end never comes: the app is taking it in when the signal arrives.
        try terminal.type("\u{1B}[200~" + String(repeating: "a", count: 4096))
        kill(app, signalNumber)
        let ending = try terminal.ending(seconds: 10)
        #expect(ending.status == 128 + signalNumber)
        #expect(ending.before == ending.after)
        #expect(!(try terminal.isAlternateScreenOn()))
    }

    @Test("A terminal closed while a paste comes in ends the app")
    func closedTerminalDuringPaste() throws {
        let data = try TemporaryDataDirectory()
        let terminal = try Self.start(data)
        try terminal.waitFor("Email (set email)")
        let app = try #require(try terminal.appProcessID())
        try terminal.type("\u{1B}[200~" + String(repeating: "a", count: 4096))
        try terminal.closeTerminal()
        let deadline = Date().addingTimeInterval(10)
        while !Self.hasEnded(app), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(Self.hasEnded(app), "the app ended with its terminal")
    }
}
