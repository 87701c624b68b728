import AppTesting
import Foundation
import Glibc
import TerminalTesting
import Testing

/// The full-screen terminal saves where the person is too, before it waits for each key.
@Suite(
    "Restoration in the full-screen terminal",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenRestorationTests {
    @Test("Killed with SIGKILL mid sign-up, the next full-screen run shows the same step with the same text")
    func killedMidSignUp() async throws {
        let data = try TemporaryDataDirectory()
        let first = try TmuxSession(app: AppHarness.builtApp(), arguments: ["--data-dir", data.path, "--ids"])
        try await first.waitFor("Email (set email)")
        // Typed into the focused field, then by commands from the screen (Esc leaves the field; the screen a command
        // shows keeps the keys on the screen, so ':' opens the command line again).
        try first.type("kept@example.com")
        try first.press("Escape")
        try first.command("signup")
        try await first.waitFor("Create account")
        try first.command("set email new@example.com")
        try await first.waitFor("Email (set email): new@example.com")
        let process = try #require(try first.appProcessID())
        kill(process, SIGKILL)

        let second = try TmuxSession(app: AppHarness.builtApp(), arguments: ["--data-dir", data.path, "--ids"])
        let screen = try await second.waitFor("Email (set email): new@example.com")
        #expect(screen.joined().contains("Create account"))
        try second.press("Escape")  // out of the email field, which takes the keys as the app starts
        try second.command("back")
        try await second.waitFor("Email (set email): kept@example.com")
    }

    @Test("Text typed into a field, and the terminal closed before the field was left: the next run shows it")
    func closedTerminalKeepsTheFieldsText() async throws {
        let data = try TemporaryDataDirectory()
        let first = try TmuxSession(app: AppHarness.builtApp(), arguments: ["--data-dir", data.path, "--ids"])
        try await first.waitFor("Email (set email)")
        let app = try #require(try first.appProcessID())
        try first.type("typed@example.com")
        try await first.waitFor("Email (set email): typed@example.com")
        try first.closeTerminal()
        #expect(await TmuxSession.waitUntil(seconds: 10) { Self.hasEnded(app) }, "the app ended with its terminal")

        let second = try TmuxSession(app: AppHarness.builtApp(), arguments: ["--data-dir", data.path, "--ids"])
        try await second.waitFor("Email (set email): typed@example.com")
    }

    /// Whether the process `id` has ended (and been reaped, or is a zombie).
    private static func hasEnded(_ id: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8) else { return true }
        return status.contains(") Z ")
    }
}

/// What a process killed between two commands leaves in the data directory.
@Suite("Restoration after a killed process")
@MainActor
struct KilledProcessRestorationTests {
    /// Commands that print the state and the screen.
    let snapshotCommands = "state\nscreen\n"

    @Test("Each command is saved once it has run, so a killed process loses at most the command it was running")
    func everyCommandIsSavedBeforeTheNext() async throws {
        let directory = try TemporaryDataDirectory()
        let copies = try (0..<4).map { _ in try TemporaryDataDirectory() }
        let lines = [
            "set email demo@example.com", "set password demo-password", "login", "popular", "compose",
            "set text almost sent",
        ]
        // Just before line 5, 6 and the end are read, copy the data directory as a killed process leaves it.
        var copyIndex = 0
        func snapshotDirectory() {
            let copy = copies[copyIndex]
            copyIndex += 1
            // The database and its write-ahead log, as a killed process leaves them (SQLite rebuilds the index).
            for (name, bytes) in (try? directory.allFiles()) ?? [:] where !name.hasSuffix("-shm") {
                try? bytes.write(to: URL(fileURLWithPath: copy.file(name)))
            }
        }
        let input = LineByLineInput(
            lines + ["state"], beforeLine: [5: snapshotDirectory, 6: snapshotDirectory, 7: snapshotDirectory])
        let run = await AppHarness.run(input: input, arguments: ["--data-dir", directory.path])
        #expect(run.status == 0, "\(run.error)")
        await #expect(copies[0].run("state\n").lastState?.top == "feed.popular")
        await #expect(copies[1].run("state\n").lastState?.top == "feed.compose")
        let draft = await copies[2].run(snapshotCommands)
        #expect(draft.lastState?.top == "feed.compose")
        #expect(draft.output.contains("Post (set text): almost sent"))
    }
}
