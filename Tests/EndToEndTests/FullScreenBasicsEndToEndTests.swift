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
    /// The relative time drawn on the row of the post "Fresh from the oven", such as `just now` or `1m`, if shown.
    private static func freshPostTime(_ screen: [String]) -> String? {
        guard let text = screen.firstIndex(where: { $0.contains("Fresh from the oven") }), text > 0 else { return nil }
        let row = screen[text - 1]
        guard let start = row.range(of: "Demo · "), let end = row.range(of: " · 0 likes") else { return nil }
        return String(row[start.upperBound..<end.lowerBound])
    }

    @Test("A post's relative time moves on (`just now`, then `1m`) on screen with no key pressed")
    func relativeTimeMovesOn() async throws {
        let data = try TemporaryDataDirectory()
        #expect(await data.run(AppHarness.demoLogin).status == 0)
        // The post is written 25 seconds before the real time, so on a quiet machine it turns a minute old about 35
        // seconds after the app starts; on a busy one the first time drawn may be later, and the next one is awaited.
        let written = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-25))
        let post = await data.run(
            "compose\nset text Fresh from the oven\npost\n", environment: ["APP_NOW": written])
        #expect(post.status == 0, "\(post.error)")
        let terminal = try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path], columns: 100, rows: 30, realTime: true)
        let first = try await terminal.waitFor("the fresh post", seconds: 30) { Self.freshPostTime($0) != nil }
        let firstTime = try #require(Self.freshPostTime(first))
        // No key is pressed: only the wait's refresh can draw the next minute.
        let next = try await terminal.waitFor("the fresh post's time moving on from \(firstTime)", seconds: 75) {
            Self.freshPostTime($0).map { $0 != firstTime } ?? false
        }
        let nextTime = try #require(Self.freshPostTime(next))
        #expect(firstTime == "just now" ? nextTime == "1m" : nextTime.hasSuffix("m"), "\(firstTime) → \(nextTime)")
        try terminal.command("quit")
        #expect(await terminal.ending().status == 0)
    }

    @Test("Log out asks on the status line: n keeps Profile, y logs out to the log-in")
    func logOutAsks() async throws {
        let data = try TemporaryDataDirectory()
        #expect(await data.run(AppHarness.demoLogin + "tab profile\n").status == 0)
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
