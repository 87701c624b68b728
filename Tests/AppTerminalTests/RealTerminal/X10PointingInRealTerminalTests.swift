import AppTerminal
import Foundation
import TerminalTesting
import Testing

/// The terminal (over its stand-in screens) in a real terminal whose terminfo entry asks for the mouse in xterm's
/// older encoding (tmux's own, `tmux-256color`): each report is `ESC [ M` and three bytes, so a row or a column may
/// be any byte.
@Suite(
    "Full screen by pointing with the older mouse encoding: every row, whatever byte it is",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the tests in a real terminal cannot run"))
struct X10PointingInRealTerminalTests {
    /// Where `text` is first drawn: its row and the cell column it starts at, both from 0.
    private static func locate(_ text: String, in screen: [String]) throws -> (row: Int, column: Int) {
        for (row, line) in screen.enumerated() {
            if let range = line.range(of: text) {
                return (row, TerminalText.cellWidth(of: String(line[..<range.lowerBound])))
            }
        }
        throw TmuxSession.Failure(description: "'\(text)' is not on the screen:\n" + screen.joined(separator: "\n"))
    }

    /// A click (press and release of the first button) on `text`, as the older encoding reports it.
    private static func click(_ text: String, in screen: [String]) throws -> [UInt8] {
        let place = try locate(text, in: screen)
        return TmuxSession.x10Report(0, row: place.row, column: place.column + 1)
            + TmuxSession.x10Report(3, row: place.row, column: place.column + 1)
    }

    /// Whether the screen shows `title`, with nothing typed: the command line stays closed.
    private static func shows(_ title: String) -> ([String]) -> Bool {
        { screen in screen.first?.hasPrefix(" " + title) == true && !screen.contains { $0.hasPrefix(":") } }
    }

    @Test("Tabs clicked on row 27 (`;`) and row 108, and a click right after a report cut short, all land")
    func clicksOnEveryRow() async throws {
        // 29 rows put the tab bar on row 27, counted from 1: its reports carry the row as `;`.
        let terminal = try TmuxSession.standIn(
            arguments: ["--ids"], columns: 100, rows: 29, environment: ["TERM": "tmux-256color"])
        var screen = try await terminal.waitFor("Email (set email)")
        #expect(
            await TmuxSession.waitUntil(seconds: 5) { (try? terminal.mouseReporting().any) == true },
            "the mouse is asked for")
        #expect(try Self.locate("Settings (tab settings)", in: screen).row == 26)

        try terminal.send(bytes: try Self.click("Settings (tab settings)", in: screen))
        screen = try await terminal.waitFor("Settings, by a click on row 27", Self.shows("Settings"))

        // A report cut short after its column, then a whole click: the click is read whole, nothing is typed.
        let cutShort = Array(TmuxSession.x10Report(0, row: 5, column: 9).prefix(5))
        try terminal.send(bytes: cutShort + (try Self.click("Log in (tab login)", in: screen)))
        screen = try await terminal.waitFor("Log in, with nothing typed", Self.shows("Log in"))

        // Rows past 95 are bytes past 127.
        try terminal.resize(columns: 100, rows: 110)
        screen = try await terminal.waitFor("the tab bar at the bottom") { screen in
            (try? Self.locate("Settings (tab settings)", in: screen).row) == 107
        }
        try terminal.send(bytes: try Self.click("Settings (tab settings)", in: screen))
        try await terminal.waitFor("Settings, by a click on row 108", Self.shows("Settings"))
        try terminal.command("quit")
        #expect(await terminal.ending().status == 0)
    }
}
