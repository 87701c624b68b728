import AppTesting
import Foundation
import TerminalTesting
import Testing

/// The Feed tab in a real terminal: the list and the open post side by side when it is wide, the post alone when
/// it is narrow.
@Suite(
    "Full screen in a real terminal: the feed's list and its open post side by side from 120 columns on",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the end-to-end terminal tests cannot run"))
struct FullScreenSplitEndToEndTests {
    @Test("At 130 columns the post opens beside the list; narrowed to 80, the post stays open, alone")
    func sideBySideThenAlone() async throws {
        let data = try await TemporaryDataDirectory.demoLoggedIn()
        let terminal = try TmuxSession(
            app: AppHarness.builtApp(), arguments: ["--data-dir", data.path, "--ids"], columns: 130, rows: 40)
        try await terminal.waitFor("(post.2)")
        try terminal.command("post.3")
        try await terminal.waitFor("the list and Linus's post side by side") { screen in
            screen.contains { $0.contains("Feed") && $0.contains("│ Post") }
                && screen.contains { $0.contains("│ Linus") } && screen.contains { $0.contains("(post.2)") }
        }
        // The list beside the open post still takes input: Grace's post replaces Linus's.
        try terminal.command("post.2")
        try await terminal.waitFor("the list and Grace's post side by side") { screen in
            screen.contains { $0.contains("│ Grace") } && screen.contains { $0.contains("(unlike)") }
                && screen.contains { $0.contains("(post.3)") }
        }
        try terminal.resize(columns: 80, rows: 24)
        try await terminal.waitFor("the post alone") { screen in
            screen.contains { $0.contains("(unlike)") } && !screen.contains { $0.contains("(post.3)") }
                && screen.contains { $0.contains("Feed › Post") }
        }
        try terminal.press("C-d")
        #expect(await terminal.ending().status == 0)
    }
}
