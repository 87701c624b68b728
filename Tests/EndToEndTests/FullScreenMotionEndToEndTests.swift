import AppTerminal
import AppTesting
import Testing

/// The real executable draws a push moving, frame by frame, in the full screen, and `--no-animation` draws it
/// landed at once. (The frames, their timing and the keys queued meanwhile are held by `MotionTests`, on a
/// scripted terminal's time.)
@Suite(
    "Full screen in a real terminal: a push moves, and not with --no-animation",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenMotionEndToEndTests {
    /// Opens the sign-up from the log-in, in the full screen with `animates` or `--no-animation`, and returns
    /// whether a screen seen on the way showed it part way in: its first step right of the edge it slides in with,
    /// over the log-in.
    private func pushToSignUp(animates: Bool) async throws -> Bool {
        let data = try TemporaryDataDirectory()
        let terminal = try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path, "--no-restore"], animates: animates)
        try await terminal.waitFor("Create account")
        try terminal.press("Escape")  // out of the email field, which has the focus, so ':' opens the command line
        try terminal.command("signup")
        var sawPartWay = false
        try await terminal.waitFor("the sign-up's first step, landed") { lines in
            if lines.contains(where: { $0.contains("│Step 1") }) { sawPartWay = true }
            return lines.contains { $0.hasPrefix("Step 1 of 3") }
        }
        try terminal.press("C-c")
        try await terminal.waitFor("(y/n)")  // the sign-up on screen is work that leaving loses
        try terminal.type("y")
        #expect(await terminal.ending().status == 0)
        return sawPartWay
    }

    @Test("A push slides in over the screen under it; with --no-animation it is drawn landed at once")
    func pushMovesUnlessNoAnimation() async throws {
        #expect(try await pushToSignUp(animates: true), "a frame showed the sign-up part way in")
        #expect(try await !pushToSignUp(animates: false), "no frame showed it part way in")
    }
}
