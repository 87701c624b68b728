import CNcurses
import Glibc

/// Mouse reports in xterm's older encoding ("normal" tracking, which terminfo entries such as `tmux-256color` ask
/// for): `ESC [ M` and three bytes, the button, the column and the row, each offset by 32, the column and row
/// counted from 1. A byte holds coordinates up to 223, and any byte may be one that means something elsewhere
/// (row 27 is `;`, row 95 is DEL, which terminfo may call Backspace).
///
/// The full screen reads the three bytes itself, each waited for at most ``byteWait`` milliseconds: a report cut
/// short is dropped, and the key that follows it is read as that key, instead of being taken for the report's
/// missing bytes (ncurses would wait for them without end, then leave the rest of the next report as typed text).
/// This type is the pure part: which ``PointerEvent`` three bytes are.
struct X10PointerReport: Equatable, Sendable {
    /// What the terminal sends before the three bytes.
    static let prefix = "\u{1B}[M"
    /// How many bytes follow the prefix.
    static let byteCount = 3
    /// The longest wait, in milliseconds, for each byte of a report whose prefix came: a terminal sends the report
    /// whole, so a longer silence means it was cut short.
    static let byteWait: Int32 = 100
    /// The largest column or row a report can hold, counted from 1.
    static let largestCoordinate = 255 - 32

    /// Whether the first button went down and has not come up: the report of a release names no button, so a
    /// release is the first button's only then.
    private(set) var isFirstButtonHeld = false

    /// A reader with no button held.
    init() {}

    /// Whether `byte` can be one of a report's three bytes: each is at least 32 (a coordinate at least 33).
    static func isReportByte(_ byte: Int32) -> Bool {
        (32...255).contains(byte)
    }

    /// What the report of `bytes` (the three after the prefix) means for the full screen: the first button's
    /// press, drag and release, and the wheel; `nil` for the other buttons, motion with no button held, and a
    /// report that is not three bytes or names a cell before the first.
    mutating func event(_ bytes: [UInt8]) -> PointerEvent? {
        guard bytes.count == Self.byteCount, bytes[0] >= 32, bytes[1] > 32, bytes[2] > 32 else { return nil }
        let column = Int(bytes[1]) - 33
        let row = Int(bytes[2]) - 33
        // The button's code, without the modifiers (4 Shift, 8 Meta, 16 Control).
        let code = (Int(bytes[0]) - 32) & ~(4 | 8 | 16)
        let kind: PointerEvent.Kind
        switch (code & 64 != 0, code & 32 != 0, code & 3) {
        case (true, _, 0): kind = .wheelUp
        case (true, _, 1): kind = .wheelDown
        case (true, _, _): return nil
        case (false, true, 0) where isFirstButtonHeld: kind = .drag
        case (false, true, _): return nil
        case (false, false, 0):
            isFirstButtonHeld = true
            kind = .press
        case (false, false, 3) where isFirstButtonHeld:
            isFirstButtonHeld = false
            kind = .release
        default: return nil
        }
        return PointerEvent(kind: kind, row: row, column: column)
    }
}

extension X10PointerReport {
    /// Where terminfo says the mouse is reported in the older form, binds its prefix to `keyCode` instead of
    /// ncurses's mouse key, so the three bytes after it are read by the full screen rather than by ncurses, which
    /// waits for them without end; whether it did.
    static func takeOverPrefix(as keyCode: Int32) -> Bool {
        guard let prefix = tigetstr("kmous"), Int(bitPattern: prefix) != -1, String(cString: prefix) == Self.prefix
        else { return false }
        define_key(Self.prefix, 0)  // a string bound to one key code is bound to no other
        return define_key(Self.prefix, keyCode) == OK
    }

    /// The byte of a report that terminfo binds to the key `code` (as Backspace is DEL), if it is one.
    static func byte(boundTo code: Int32) -> UInt8? {
        guard code >= KEY_MIN, let bound = keybound(code, 0) else { return nil }
        defer { free(bound) }
        guard strlen(bound) == 1, isReportByte(Int32(UInt8(bitPattern: bound[0]))) else { return nil }
        return UInt8(bitPattern: bound[0])
    }
}
