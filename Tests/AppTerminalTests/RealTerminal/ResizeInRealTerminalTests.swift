import Foundation
import TerminalTesting
import Testing

/// A terminal that changes size while the terminal runs full screen (over its stand-in screen) gets its shell back
/// as it was.
@Suite(
    "Full screen in a real terminal: a terminal grown while the app ran is given back clean",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the tests in a real terminal cannot run"))
struct ResizeInRealTerminalTests {
    @Test("Grown from 80×24 to 120×40, then Ctrl-D: nothing of the screen or the tree panel is left in the shell")
    func grownThenLeft() async throws {
        let terminal = try TmuxSession.standIn(arguments: ["--ids"], columns: 80, rows: 24)
        try await terminal.waitFor("Email (set email)")
        try terminal.resize(columns: 120, rows: 40)
        try await terminal.waitFor("the tree panel at the new size") { screen in
            screen.count >= 40 && screen.contains { $0.contains("│ Coordinators") }
        }
        try terminal.press("C-d")
        let ending = await terminal.ending()
        #expect(ending.status == 0)
        #expect(ending.before == ending.after)
        try await terminal.waitFor("EXITED")
        let shell = try terminal.screenAndHistory()
        let left = shell.filter { $0.contains("│") || $0.contains("Coordinator") || $0.contains("set email") }
        #expect(left.isEmpty, "left in the shell:\n\(shell.joined(separator: "\n"))")
    }
}
