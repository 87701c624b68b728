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
    @Test("Unnamed sequences switch no tab and type nothing; Esc, Alt-b and Alt-Backspace still work")
    func unnamedSequencesAreNothing() async throws {
        let terminal = try TmuxSession.standIn(arguments: ["--ids"], columns: 100, rows: 24)
        try await terminal.waitFor("Email (set email)")
        let escape: UInt8 = 0x1B
        // Read one by one, `ESC [ 2 ; 9 ~` was Esc, `[` (the tab before), `2` (the second tab), `;`, `9` and `~`.
        try terminal.send(bytes: [escape] + Array("[2;9~".utf8))
        try terminal.send(bytes: [escape] + Array("[99z".utf8))
        try terminal.send(bytes: [escape] + Array("[?1;2$y".utf8))
        // SS3 with a parameter: Ctrl-F1 and Shift-F3 in xterm's older form.
        try terminal.send(bytes: [escape] + Array("O5P".utf8))
        try terminal.send(bytes: [escape] + Array("O2R".utf8))
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
        // Alt-Backspace (Esc and the Backspace the entry names) deletes the word before the cursor.
        try terminal.send(bytes: [escape, 0x7F])
        screen = try await terminal.waitFor("the word before the cursor deleted") { screen in
            screen.contains { $0.hasPrefix("Email (set email): xy z ") }
        }
        try terminal.press("Escape")
        try await terminal.waitFor("the field left") { $0.contains { $0.contains("Enter type · 1-2 tabs") } }
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }

    @Test("Esc and the keys after it, read together, are each a key: Esc [ goes to the tab before, Esc Down moves")
    func escapeThenKeysReadTogether() async throws {
        let terminal = try TmuxSession.standIn(arguments: ["--ids"], columns: 100, rows: 24)
        try await terminal.waitFor("Email (set email)")
        // Typed ahead, Esc then `[` leaves the field and goes to the tab before (round to the last).
        try terminal.send(bytes: [0x1B, UInt8(ascii: "[")])
        try await terminal.waitFor("the tab before, Settings") { $0[0].hasPrefix(" Settings") }
        try terminal.send(bytes: [0x1B, UInt8(ascii: "]")])
        try await terminal.waitFor("the tab after, Log in") { $0[0].hasPrefix(" Log in") }
        // In the email field: Esc, then Down as the terminal sends it (a key ncurses names). Both act: Enter then
        // types into the password, not the email.
        try terminal.send(bytes: [0x1B, 0x1B] + Array("OB".utf8))
        try terminal.press("Enter")
        try terminal.type("pw")
        try await terminal.waitFor("pw typed into the password, as dots") { screen in
            screen.contains { $0.hasPrefix("Password (set password, secure): ••") }
                && screen.contains { $0.hasPrefix("Email (set email):  ") }
        }
        try terminal.press("C-c")
        #expect(await terminal.ending().status == 0)
    }
}
