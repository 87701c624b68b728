import AppTerminal
import Foundation
import TerminalTesting
import Testing

/// The terminal (over its stand-in screens) in a real terminal, sent the escape sequences of keys its terminfo entry
/// does not name: a function key with a modifier the entry lacks, a final byte no key uses, an SS3 key.
@Suite(
    "Full screen in a real terminal: an escape sequence no key is named for is read as nothing",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: the tests in a real terminal cannot run"))
struct EscapeSequencesInRealTerminalTests {
    @Test("Unnamed sequences switch no tab and type nothing; Esc and Alt-b still work")
    func unnamedSequencesAreNothing() async throws {
        let terminal = try TmuxSession.standIn(arguments: ["--ids"], columns: 100, rows: 24)
        try await terminal.waitFor("Email (set email)")
        let escape: UInt8 = 0x1B
        // Read one by one, `ESC [ 2 ; 9 ~` was Esc, `[` (the tab before), `2` (the second tab), `;`, `9` and `~`.
        try terminal.send(bytes: [escape] + Array("[2;9~".utf8))
        try terminal.send(bytes: [escape] + Array("[99z".utf8))
        try terminal.send(bytes: [escape] + Array("[?1;2$y".utf8))
        try terminal.send(bytes: [escape] + Array("Oz".utf8))
        try terminal.type("x")
        var screen = try await terminal.waitFor("x typed into the email field") { screen in
            screen.contains { $0.hasPrefix("Email (set email): x ") }
        }
        #expect(screen[0].hasPrefix(" Log in"), "no tab was switched:\n\(screen.joined(separator: "\n"))")
        #expect(!screen.contains { $0.hasPrefix("error:") }, "\(screen.joined(separator: "\n"))")
        #expect(!screen.contains { $0.hasPrefix("Email (set email): x") && $0.contains("~") })

        // Esc alone still leaves the field; Alt-b (Esc and b) still moves a word in it.
        try terminal.type("y z")
        try terminal.send(bytes: [escape, UInt8(ascii: "b")])
        try terminal.type("w")
        screen = try await terminal.waitFor("w typed before the last word") { screen in
            screen.contains { $0.hasPrefix("Email (set email): xy wz ") }
        }
        try terminal.press("Escape")
        try await terminal.waitFor("the field left") { $0.contains { $0.contains("Enter type · 1-2 tabs") } }
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }
}
