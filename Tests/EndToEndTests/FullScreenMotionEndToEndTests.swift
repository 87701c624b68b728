import AppTerminal
import AppTesting
import TerminalTesting
import Testing

/// The real executable draws a push moving, frame by frame, in the full screen, and `--no-animation` draws it
/// landed at once. (The frames, their timing and the keys queued meanwhile are held by `MotionTests`, on a
/// scripted terminal's time.)
@Suite(
    "Full screen in a real terminal: pushes and pops move, and not with --no-animation",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenMotionEndToEndTests {
    /// Opens the sign-up from the log-in, in the full screen with `animates` or `--no-animation`, and goes back, up
    /// to `tries` times, and returns whether a screen seen on the way showed the sign-up part way: its first step
    /// right of the edge it slides with, over the log-in. A loaded machine may look at the screen too seldom to
    /// catch 200 ms of motion once, so an animated run tries again before it is judged.
    private func pushToSignUp(animates: Bool, tries: Int) async throws -> Bool {
        let data = try TemporaryDataDirectory()
        let terminal = try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path, "--no-restore"], animates: animates)
        try await terminal.waitFor("Create account")
        var sawPartWay = false
        let record = { (lines: [String]) in
            if lines.contains(where: { $0.contains("│Step 1") }) { sawPartWay = true }
        }
        for _ in 0..<tries where !sawPartWay {
            // Out of the email field, which takes the keys as the app starts, so ':' opens the command line (back
            // at the log-in later, the keys are on the screen already, and Esc does nothing).
            try terminal.press("Escape")
            try terminal.command("signup")
            try await terminal.waitFor("the sign-up's first step, landed") { lines in
                record(lines)
                return lines.contains { $0.hasPrefix("Step 1 of 3") }
            }
            // A screen a command showed keeps the keys on the screen: Esc goes back at once.
            try terminal.press("Escape")
            try await terminal.waitFor("the log-in, landed") { lines in
                record(lines)
                return !lines.contains { $0.contains("Step 1") }
            }
        }
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
        return sawPartWay
    }

    @Test("A push and a pop slide over the screen under them; with --no-animation they are drawn landed at once")
    func pushMovesUnlessNoAnimation() async throws {
        // Two apps in two terminals, side by side: neither waits for the other's motion.
        async let moving = pushToSignUp(animates: true, tries: 5)
        async let landed = pushToSignUp(animates: false, tries: 1)
        #expect(try await moving, "a frame showed the sign-up part way")
        #expect(try await !landed, "no frame showed it part way")
    }
}
