import AppTerminal
import AppTesting
import Foundation
import TerminalTesting
import Testing

/// Ctrl-Z in a real terminal (tmux): a job of a shell with job control is suspended to the shell's prompt and comes
/// back on `fg`; the pane's only program, run without job control, says why it is not suspended.
@Suite(
    "Ctrl-Z in a real terminal: suspended to the shell and back on fg; refused where no shell could continue it",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenSuspendEndToEndTests {
    /// The prompt of the interactive shell the app is started from, as the screen shows it (trailing space dropped).
    private static let prompt = "shell-prompt$"

    @Test(
        "Started from bash, Ctrl-Z shows the shell's prompt on the normal screen; fg draws the app again, keys working")
    func suspendsToTheShellAndComesBack() async throws {
        let data = try TemporaryDataDirectory()
        let terminal = try TmuxSession(
            app: "/bin/bash", arguments: ["--norc", "--noprofile", "-i"], environment: ["PS1": Self.prompt + " "],
            animates: true)
        try await terminal.waitFor(Self.prompt)
        let app = try [AppHarness.builtApp(), "--data-dir", data.path, "--feature", "Login", "--ids", "--no-animation"]
        try terminal.enter(app.map { "'" + $0 + "'" }.joined(separator: " "))
        try await terminal.waitFor("Email (set email)", seconds: 15)

        try terminal.press("C-z")
        try await terminal.waitFor("the shell reports the job stopped") { screen in
            screen.contains { $0.contains("Stopped") } && screen.last { !$0.isEmpty }?.hasPrefix(Self.prompt) == true
        }
        #expect(!(try terminal.isAlternateScreenOn()), "the normal screen is back")
        #expect(try terminal.modes().cursorShown)
        #expect(await terminal.mouseReportingBecomes((any: false, drags: false)), "the mouse is given back")

        try terminal.enter("fg")
        try await terminal.waitFor("Email (set email)")
        #expect(try terminal.isAlternateScreenOn())
        #expect(await terminal.mouseReportingBecomes((true, true)), "clicks and drags are asked for again")
        try terminal.type("back@example.com")
        try terminal.press("Escape")
        try await terminal.waitFor("Email (set email): back@example.com")
        try terminal.press("C-c")
        try await terminal.waitFor("the app left, back at the prompt") { screen in
            !screen.joined().contains("Email (set email)") && screen.contains { $0.hasPrefix(Self.prompt) }
        }
    }

    @Test("The pane's program run without job control: Ctrl-Z suspends nothing, and the status line says why")
    func refusedWithoutJobControl() async throws {
        let data = try TemporaryDataDirectory()
        let terminal = try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path, "--feature", "Login", "--ids"],
            columns: 120)
        try await terminal.waitFor("Email (set email)", seconds: 15)
        try terminal.press("C-z")
        try await terminal.waitFor("Ctrl-Z: not started as a job of a shell with job control")
        try terminal.type("still@example.com")
        try terminal.press("Escape")
        try await terminal.waitFor("Email (set email): still@example.com")
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }
}
