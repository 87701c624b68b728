import AppTerminal
import AppTesting
import TerminalTesting
import Testing

/// The app's basics in the full screen: the log-out asks on the status line first. (That the screen keeps up with
/// the clock while it waits for a key is held by `RefreshWhileWaitingTests`, without waiting a real minute.)
@Suite(
    "Full screen in a real terminal: the question before log-out",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenBasicsEndToEndTests {
    @Test("Log out asks on the status line: n keeps Profile, y logs out to the log-in")
    func logOutAsks() async throws {
        let data = try await TemporaryDataDirectory.demoLoggedIn()
        #expect(try await data.runBuiltApp("tab profile\n").status == 0)
        let terminal = try TmuxSession(app: AppHarness.builtApp(), arguments: ["--data-dir", data.path])
        try await terminal.waitFor("Log out")
        try terminal.command("logout")
        try await terminal.waitFor("Log out? You need your email and password to log in again. (y/n)")
        try terminal.type("n")
        try await terminal.waitFor("Log out: not done; nothing changed.")
        #expect(try terminal.screen().contains { $0.contains("Edit") }, "still on Profile")
        try terminal.command("logout")
        try await terminal.waitFor("Log out? You need your email and password to log in again. (y/n)")
        try terminal.type("y")
        try await terminal.waitFor("Email:")
        try terminal.press("Escape")  // out of the email field, which has the focus, so ':' opens the command line
        try terminal.command("quit")
        #expect(await terminal.ending().status == 0)
    }
}
