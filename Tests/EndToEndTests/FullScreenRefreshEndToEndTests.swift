import AppTerminal
import AppTesting
import Foundation
import Testing

/// The full screen keeps up with the clock while it waits for a key: nothing typed, the relative times move on.
@Suite(
    "Full screen in a real terminal: what time changes is drawn again while the app waits",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenRefreshEndToEndTests {
    @Test("A post's 'just now' turns into '1m' on screen with no key pressed")
    func relativeTimeMovesOn() async throws {
        let data = try TemporaryDataDirectory()
        // The post is written 50 seconds before the real time, so it turns a minute old while the screen waits.
        let written = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-50))
        let post = await data.run(
            AppHarness.demoLogin + "compose\nset text Fresh from the oven\npost\n", environment: ["APP_NOW": written])
        #expect(post.status == 0, "\(post.error)")
        let terminal = try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path], columns: 100, rows: 30, realTime: true)
        try await terminal.waitFor("the post, just now") { screen in
            screen.contains { $0.contains("Demo · just now") }
        }
        try await terminal.waitFor("the post, a minute old", seconds: 30) { screen in
            screen.contains { $0.contains("Demo · 1m") }
        }
        try terminal.enter("quit")
        #expect(await terminal.ending().status == 0)
    }
}
