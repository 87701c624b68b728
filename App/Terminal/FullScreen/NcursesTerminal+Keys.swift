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
        case 27:
            // Alt-b and Alt-f arrive as Escape and the letter.
            wtimeout(window, 0)
            var next: wint_t = 0
            let result = wget_wch(window, &next)
            if result == cncurses_key_code_yes() {
                // Escape, then a key ncurses named: that key is read next.
                ungetch(Int32(next))
                return .escape
            }
            guard result == OK else { return .escape }
            switch next {
            case wint_t(UInt8(ascii: "b")): return .wordLeft
            case wint_t(UInt8(ascii: "f")): return .wordRight
            case 127, 8: return .deleteWordBackward
            case wint_t(UInt8(ascii: "[")), wint_t(UInt8(ascii: "O")):
                // A key the terminfo entry names none for (a function key with another modifier, say): read to its
                // end and dropped, rather than read as Escape and the characters of its sequence.
                skipRestOfSequence(isControlSequence: next == wint_t(UInt8(ascii: "[")))
                return nil
            default:
                // Escape, then a key of its own: that key is read next.
                unget_wch(wchar_t(bitPattern: next))
                return .escape
            }
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// Reads the rest of an escape sequence whose introducer was read, up to its final byte (ECMA-48): for a control
    /// sequence (`ESC [`), parameter and intermediate bytes (0x20–0x3F) then a final one (0x40–0x7E); for SS3
    /// (`ESC O`), one final byte. Only bytes already sent are read: a sequence cut short ends where the bytes do, and
    /// a byte that cannot be in it (Escape, a control key, a non-ASCII character) is given back, to be read as the
    /// key it is.
    private func skipRestOfSequence(isControlSequence: Bool) {
        wtimeout(window, 0)
        // A sequence is a few bytes; a long run of digits is typing, not one key.
        for _ in 0..<32 {
            var value: wint_t = 0
            let result = wget_wch(window, &value)
            if result == cncurses_key_code_yes() {
                ungetch(Int32(value))
                return
            }
            guard result == OK else { return }
            switch value {
            case 0x20...0x3F where isControlSequence: continue
            case 0x40...0x7E: return
            default:
                unget_wch(wchar_t(bitPattern: value))
                return
            }
        }
    }
}
