import Core
import Glibc

/// A paste, as a terminal in bracketed-paste mode delivers it: `ESC [ 200 ~`, the pasted bytes, `ESC [ 201 ~`.
///
/// The full screen asks for the mode (``on``) and gives it back on every way out (``off``). Once the start marker is
/// read, ``read(from:stopsWhen:)`` takes in the rest straight from the terminal in large reads, in time linear in
/// the paste's length, noticing a termination signal or a closed terminal between reads. ``text(of:)`` makes the
/// bytes text, as pasted, and ``commandLine(_:)`` one line of it: a paste is typed, never run, whatever it holds.
package enum BracketedPaste {
    /// Asks the terminal to bracket pastes.
    static let on = "\u{1B}[?2004h"
    /// Gives the terminal back its plain pastes.
    static let off = "\u{1B}[?2004l"
    /// What the terminal sends before a paste.
    static let start = "\u{1B}[200~"
    /// What the terminal sends after a paste.
    package static let end = Array("\u{1B}[201~".utf8)

    /// What reading a paste found.
    package struct Taken: Equatable, Sendable {
        /// The pasted bytes, without the markers.
        package var bytes: [UInt8]
        /// Bytes read after the end marker: typed after the paste, to be read as keys.
        package var after: [UInt8]
        /// Whether the paste was cut short: a termination signal came, or the terminal closed, before its end.
        package var isCutShort: Bool
    }

    /// Reads the rest of a paste from `descriptor`, up to and without its end marker. Waits for more in steps of
    /// 100 ms, and stops early when `stopsWhen` says so (a termination signal came) or the terminal is closed.
    package static func read(from descriptor: Int32, stopsWhen shouldStop: () -> Bool) -> Taken {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while !shouldStop() {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, 100)
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { continue }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            // The marker may straddle two reads: look again from just before this one.
            let searchStart = max(0, bytes.count - (end.count - 1))
            bytes.append(contentsOf: chunk[0..<count])
            if let marker = firstMarker(in: bytes, from: searchStart) {
                let after = Array(bytes[(marker + end.count)...])
                bytes.removeSubrange(marker...)
                return Taken(bytes: bytes, after: after, isCutShort: false)
            }
        }
        return Taken(bytes: bytes, after: [], isCutShort: true)
    }

    /// Where the end marker first starts in `bytes`, looking from `start`.
    private static func firstMarker(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while let escape = bytes[index...].firstIndex(of: 0x1B) {
            if bytes[escape...].starts(with: end) { return escape }
            index = escape + 1
        }
        return nil
    }

    /// What the full screen does with a paste whose start marker was read: reads the rest from `descriptor`,
    /// makes it one line and types it into an empty command line. Returns the line's length in bytes, or `nil`
    /// when the line limit refused it. For measuring the cost of a paste.
    package static func typeIntoLine(from descriptor: Int32) -> Int? {
        let taken = read(from: descriptor) { false }
        var editor = LineEditor()
        return editor.insert(commandLine(text(of: taken.bytes))) ? editor.byteCount : nil
    }

    /// What the full screen does with a paste into a focused field holding `value`, whose start marker was read:
    /// reads the rest from `descriptor`, makes it one line, inserts it at the end of the field's draft and cuts the
    /// field as drawn into rows of `columns`. Returns the rows, or `nil` when the line limit refused the paste. For
    /// measuring the cost of a paste into a field.
    package static func typeIntoField(from descriptor: Int32, holding value: String, columns: Int) -> Int? {
        let taken = read(from: descriptor) { false }
        var draft = FieldDraft(TextField(id: "text", label: "Text", value: value))
        guard draft.insert(EditingKey.oneLine(text(of: taken.bytes))) else { return nil }
        return TerminalGrid.wrap(TerminalGrid.cells(draft.shownText, style: .input), width: columns).count
    }

    /// The pasted `bytes` as text, as pasted: each line break (`\r\n`, `\r` or `\n`) one `\n`, and every other
    /// character kept, tabs and control characters (another paste's markers among them) included. What takes the
    /// text judges them: a field keeps them, drawn escaped (`\u{1B}`), and a field whose rules refuse them (a display
    /// name) says so when it is set; nothing pasted into a field is changed unseen. Bytes that are not UTF-8 become
    /// U+FFFD.
    package static func text(of bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var previousWasReturn = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            switch scalar.value {
            case 0x0A where previousWasReturn: continue
            case 0x0A, 0x0D: scalars.append("\n")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Pasted `text` as one line of the command line, which takes what can be typed there: each line break and tab a
    /// space (a tab pasted never completes), and other control characters dropped.
    static func commandLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: scalars.append(" ")
            case 0..<0x20, 0x7F, 0x80..<0xA0: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
