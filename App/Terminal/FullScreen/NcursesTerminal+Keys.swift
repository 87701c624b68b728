import CNcurses
import Glibc

/// Keys: what ncurses reads, as ``EditingKey``s.
extension NcursesTerminal {
    /// The key ncurses named by `code`; `nil` for one the full screen does not use.
    func functionKey(_ code: Int32) -> EditingKey? {
        switch code {
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_RESIZE: return .resize
        case KEY_F0 + 2: return .togglePanel
        case KEY_BTAB: return .backTab
        default:
            // Ctrl and Alt with the arrows have no constants; terminfo names them.
            guard let name = keyname(code).map({ String(cString: $0) }) else { return nil }
            switch name {
            case "kLFT5", "kLFT3": return .wordLeft
            case "kRIT5", "kRIT3": return .wordRight
            default: return nil
            }
        }
    }

    /// The key a character read stands for: a control character's editing key, Escape and what follows it, or
    /// the character itself; `nil` for what means nothing here.
    func characterKey(_ value: UInt32) -> EditingKey? {
        switch value {
        case 1: return .home  // Ctrl-A
        case 2: return .left  // Ctrl-B
        case 3: return .interrupt  // Ctrl-C
        case 4: return .endOfInput  // Ctrl-D
        case 5: return .end  // Ctrl-E
        case 6: return .right  // Ctrl-F
        case 8, 127: return .backspace
        case 9: return .tab
        case 10, 13: return .enter
        case 11: return .deleteToEnd  // Ctrl-K
        case 12: return .redraw  // Ctrl-L
        case 14: return .down  // Ctrl-N
        case 16: return .up  // Ctrl-P
        case 21: return .deleteToStart  // Ctrl-U
        case 23: return .deleteWordBackward  // Ctrl-W
        case 26: return .suspend  // Ctrl-Z
        case 27: return keyAfterEscape()
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// What Escape and the bytes already sent after it mean: Alt-b, Alt-f and Alt-Backspace; nothing, for a whole
    /// sequence of a key the terminfo entry names none for (``UnnamedKeySequence``), which is read to its end and
    /// dropped; otherwise Escape, with what followed given back to be read as the keys it is.
    private func keyAfterEscape() -> EditingKey? {
        wtimeout(window, 0)
        var read: [UInt32] = []
        while true {
            var value: wint_t = 0
            let result = wget_wch(window, &value)
            if result == cncurses_key_code_yes() {
                // A key ncurses named: Alt-Backspace where the entry names Backspace, else Escape and that key.
                if read.isEmpty, Int32(value) == KEY_BACKSPACE { return .deleteWordBackward }
                ungetch(Int32(value))
                break
            }
            guard result == OK else { break }
            read.append(UInt32(value))
            if read.count == 1 {
                switch read[0] {
                case UInt32(UInt8(ascii: "b")): return .wordLeft
                case UInt32(UInt8(ascii: "f")): return .wordRight
                case 127, 8: return .deleteWordBackward
                default: break
                }
            }
            let meaning = UnnamedKeySequence.classify(read)
            if meaning == .whole { return nil }
            if meaning == .notOne { break }
        }
        // Escape, then keys of their own, read next in the order they came.
        for value in read.reversed() { unget_wch(wchar_t(bitPattern: value)) }
        return .escape
    }
}

/// The bytes after Escape of a key a terminal sends as an escape sequence (ECMA-48): a control sequence, `ESC [`,
/// parameter bytes (0x30–0x3F), intermediate bytes (0x20–0x2F) and a final byte (0x40–0x7E); or SS3, `ESC O`,
/// parameter bytes and a final byte. The keys whose sequence the terminfo entry names arrive decoded; one that
/// reaches the full screen as bytes is a key the entry lacks (a function key with another modifier: `ESC [ 2 ; 9 ~`,
/// `ESC O 5 P`), to be dropped whole rather than read as Escape and the characters of its sequence.
///
/// A sequence counts only with at least one parameter byte: every key sent without one (the arrows, Home, End) is
/// named by any entry, while Escape and then `[` or `O` and a letter, typed ahead and read together, are keys a
/// person pressed.
enum UnnamedKeySequence: Equatable {
    /// The bytes make a whole sequence.
    case whole
    /// The bytes so far begin one: more may complete it.
    case incomplete
    /// The bytes are not (the start of) one: Escape, then keys of their own.
    case notOne

    /// The longest sequence taken: a longer run of digits is typing.
    static let maximumLength = 32

    /// What `bytes`, the bytes after Escape, make.
    static func classify(_ bytes: [UInt32]) -> Self {
        guard let introducer = bytes.first, introducer == 0x5B || introducer == 0x4F, bytes.count <= maximumLength
        else { return .notOne }
        let isControlSequence = introducer == 0x5B
        var parameters = 0
        var intermediates = 0
        for (index, byte) in bytes.enumerated().dropFirst() {
            switch byte {
            case 0x30...0x3F where intermediates == 0:
                parameters += 1
            case 0x20...0x2F where isControlSequence && parameters > 0:
                intermediates += 1
            case 0x40...0x7E:
                // The final byte ends the sequence: it comes after a parameter, and nothing comes after it.
                return parameters > 0 && index == bytes.count - 1 ? .whole : .notOne
            default:
                return .notOne
            }
        }
        return .incomplete
    }
}
