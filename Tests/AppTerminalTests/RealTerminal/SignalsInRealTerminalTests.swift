import Foundation
import TerminalTesting
import Testing

/// Every signal that ends the app, in a real terminal (tmux) running the terminal over its stand-in screen, in both
/// modes: the terminal comes back exactly as it was, and what was typed at a hidden prompt never reaches the shell.
/// Without tmux these tests are skipped, and the test output names the reason. (The app itself ending by SIGTERM is
/// an end-to-end test.)
@Suite(
    "Every signal that ends the app gives the terminal back and discards a half-typed secret",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the tests in a real terminal cannot run"))
struct SignalsInRealTerminalTests {
    /// The signals, by name, as the shell reports them.
    static let signals: [(name: String, number: Int32)] = [
        ("TERM", SIGTERM), ("HUP", SIGHUP), ("INT", SIGINT), ("QUIT", SIGQUIT), ("USR1", SIGUSR1),
        ("USR2", SIGUSR2), ("PIPE", SIGPIPE), ("ALRM", SIGALRM),
    ]

    @Test(
        "Line mode (TERM=dumb): a signal at the hidden password prompt restores echo and drops the typed text",
        arguments: SignalsInRealTerminalTests.signals.map(\.name))
    func lineMode(signalName: String) async throws {
        let signalNumber = try #require(Self.signals.first { $0.name == signalName }?.number)
        let terminal = try TmuxSession.standIn(environment: ["TERM": "dumb"])
        try await terminal.waitFor("Type help for the commands")
        try terminal.enter("set password")
        // The line may be typed before the app's `> ` shows, which then comes before the prompt on its row.
        try await terminal.waitFor("the hidden prompt") { $0.contains { $0.hasSuffix("Password:") } }
        try terminal.type("secret")
        try await terminal.expectEnded(by: signalNumber, leavingUnread: "secret")
    }

    @Test(
        "Full screen: a signal at the hidden password prompt gives back the normal screen, the cursor and the keys",
        arguments: SignalsInRealTerminalTests.signals.map(\.name))
    func fullScreen(signalName: String) async throws {
        let signalNumber = try #require(Self.signals.first { $0.name == signalName }?.number)
        let terminal = try TmuxSession.standIn(arguments: ["--ids"])
        try await terminal.waitFor("Email (set email)")
        #expect(try terminal.isAlternateScreenOn())
        try terminal.press("Escape")
        try terminal.command("set password")
        try await terminal.waitFor("Typed as dots")
        try terminal.type("secret")
        try await terminal.waitFor("the dots") { $0.joined().contains("••••••") }
        try await terminal.expectEnded(by: signalNumber, leavingUnread: "secret")
        let modes = try terminal.modes()
        #expect(!modes.alternateScreen, "the normal screen is back")
        #expect(modes.cursorShown, "the cursor is shown")
        #expect(!modes.keypad && !modes.cursorKeys, "keypad mode is off")
    }
}
