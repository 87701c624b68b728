import Foundation
import TerminalTesting
import Testing

/// The full screen's command line and modes in a real terminal (tmux), over the terminal's stand-in screens: the
/// history kept between runs, completion, the tree panel, the line mode for a dumb terminal and `NO_COLOR`.
@Suite(
    "Full screen in a real terminal: the command line's history and completion, the panel, plain terminals",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the tests in a real terminal cannot run"))
struct CommandLineInRealTerminalTests {
    private static func commandLine(_ screen: [String]) -> String {
        screen.last { $0.hasPrefix(":") } ?? ""
    }

    @Test("The history is kept in the data directory: a new run recalls the last run's commands with Up")
    func historyAcrossRuns() async throws {
        let first = try TmuxSession.standIn(arguments: ["--ids"])
        try await first.waitFor("Email (set email)")
        try first.press("Escape")
        try first.command("set email someone@example.com")
        try first.command("set password hidden-secret")
        try await first.waitFor("Password (set password, secure): •")
        // However the line is spelled, the secret is masked while typed and never kept.
        try first.type(": set  password\tsecond-secret")
        try await first.waitFor("the spaced line is masked") { Self.commandLine($0).hasSuffix("•••••••••••••") }
        try first.press("Enter")
        try first.command("set nosuchfield third-secret")
        try first.press("C-c")
        #expect(await first.ending().status == 0)
        let saved = try String(contentsOfFile: first.dataFolder + "/command-history", encoding: .utf8)
        #expect(saved == "set email someone@example.com\n")
        #expect(!saved.contains("secret"))

        let second = try TmuxSession.standIn(arguments: ["--ids"], dataDirectory: first.dataFolder)
        try await second.waitFor("Email (set email)")
        try second.press("Escape")
        try second.type(":")
        try second.press("Up")
        try await second.waitFor("Up recalls the last run's line") {
            Self.commandLine($0).hasPrefix(": set email someone@example.com")
        }
    }

    @Test("Tab completes a command and lists the candidates; F2 and `panel` toggle the tree panel")
    func completionAndPanel() async throws {
        let terminal = try TmuxSession.standIn(arguments: ["--ids"], columns: 120, rows: 30)
        try await terminal.waitFor("│ Coordinators")
        try terminal.press("Escape")
        try terminal.type(":set pa")
        try terminal.press("Tab")
        try await terminal.waitFor("field completed") { Self.commandLine($0) == ": set password" }
        try terminal.press("C-u")
        try terminal.type("open app://")
        try terminal.press("Tab")
        try await terminal.waitFor("app://home  app://item/")
        // Escape closes the line and the candidates; a key typed right after it is a key, not taken for Alt.
        try terminal.press("Escape")
        try terminal.type(":x")
        try await terminal.waitFor("the key after Escape opened the line") { Self.commandLine($0) == ": x" }
        #expect(try !terminal.screen().joined().contains("app://home  app://item/"))
        try terminal.press("C-u", "F2")
        try await terminal.waitFor("the panel is hidden") { !$0.joined().contains("Coordinators") }
        try terminal.press("Escape")
        try terminal.command("panel")
        try await terminal.waitFor("│ Coordinators")
    }

    @Test("TERM=dumb, or one terminfo lacks (saying so), gets the line mode, plain; NO_COLOR draws without colour")
    func dumbTerminalAndNoColour() async throws {
        let dumb = try TmuxSession.standIn(arguments: ["--ids"], environment: ["TERM": "dumb"])
        try await dumb.waitFor("Type help for the commands")
        #expect(!(try dumb.isAlternateScreenOn()))
        #expect(!(try dumb.screen(escapes: true)).joined().contains("\u{1B}["))
        try dumb.enter("quit")
        #expect(await dumb.ending().status == 0)

        // A terminal type terminfo does not know: the line mode, plain, saying why and what would draw the screen.
        let unknown = try TmuxSession.standIn(arguments: ["--ids"], environment: ["TERM": "no-such-terminal"])
        let unknownScreen = try await unknown.waitFor("Type help for the commands")
        #expect(
            unknownScreen.joined(separator: " ").contains(
                "app: terminfo has no screen terminal 'no-such-terminal' (TERM)"),
            "\(unknownScreen.joined(separator: "\n"))")
        #expect(!(try unknown.isAlternateScreenOn()))
        #expect(!(try unknown.screen(escapes: true)).joined().contains("\u{1B}["))
        try unknown.enter("quit")
        #expect(await unknown.ending().status == 0)

        let coloured = try TmuxSession.standIn(arguments: ["--ids"])
        try await coloured.waitFor("[1] Log in")
        let colouredScreen = try coloured.screen(escapes: true).joined(separator: "\n")
        #expect(colouredScreen.contains("\u{1B}[36m"), "\(colouredScreen.debugDescription)")
        let plain = try TmuxSession.standIn(arguments: ["--ids"], environment: ["NO_COLOR": "1"])
        try await plain.waitFor("[1] Log in")
        #expect(try plain.isAlternateScreenOn())
        #expect(!(try plain.screen(escapes: true)).joined().contains("\u{1B}[36m"))
    }
}
