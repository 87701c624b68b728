import AppTerminal
import AppTesting
import Foundation
import Testing

/// The app's basics in the full screen: it keeps up with the clock while it waits for a key, and the log-out asks
/// on the status line first.
@Suite(
    "Full screen in a real terminal: the time kept up while waiting, the question before log-out",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenBasicsEndToEndTests {
    @Test("A post's 'just now' turns into '1m' on screen with no key pressed")
    func relativeTimeMovesOn() async throws {
        let data = try TemporaryDataDirectory()
        #expect(await data.run(AppHarness.demoLogin).status == 0)
        // The post is written 25 seconds before the real time, just before the app starts (the log-in's slow hash is
        // done by then), so it turns a minute old while the screen waits; the margin lets a busy machine start the
        // app first.
        let written = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-25))
        let post = await data.run(
            "compose\nset text Fresh from the oven\npost\n", environment: ["APP_NOW": written])
        #expect(post.status == 0, "\(post.error)")
        let terminal = try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path], columns: 100, rows: 30, realTime: true)
        try await terminal.waitFor("the post, just now", seconds: 35) { screen in
            screen.contains { $0.contains("Demo · just now") }
        }
        try await terminal.waitFor("the post, a minute old", seconds: 60) { screen in
            screen.contains { $0.contains("Demo · 1m") }
        }
        try terminal.enter("quit")
        #expect(await terminal.ending().status == 0)
    }

    @Test("Log out asks on the status line: n keeps Profile, y logs out to the log-in")
    func logOutAsks() async throws {
        let data = try TemporaryDataDirectory()
        #expect(await data.run(AppHarness.demoLogin + "tab profile\n").status == 0)
        let terminal = try TmuxSession(app: AppHarness.builtApp(), arguments: ["--data-dir", data.path])
        try await terminal.waitFor("Log out (logout)")
        try terminal.enter("logout")
        try await terminal.waitFor("Log out? You need your email and password to log in again. (y/n)")
        try terminal.type("n")
        try await terminal.waitFor("Log out: not done; nothing changed.")
        #expect(try terminal.screen().contains { $0.contains("Edit (edit)") }, "still on Profile")
        try terminal.enter("logout")
        try await terminal.waitFor("Log out? You need your email and password to log in again. (y/n)")
        try terminal.type("y")
        try await terminal.waitFor("Email (set email)")
        try terminal.enter("quit")
        #expect(await terminal.ending().status == 0)
    }
}
