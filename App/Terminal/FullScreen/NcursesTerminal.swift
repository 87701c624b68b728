import CNcurses
import Glibc
import Synchronization

/// The terminal, full screen, through ncursesw: terminfo, the alternate screen, key decoding, resize and wide
/// characters are the library's; this type only maps them to ``EditingKey`` and draws ``ScreenLayout/Frame``s.
///
/// On leaving by any way (``close()``, or a signal of ``TerminationSignals/all`` noticed by the key loop) `endwin`
/// gives the terminal back exactly as it was: the normal screen, the person's modes and echo, keypad off; after a
/// signal, what was typed but not read is discarded, so nothing typed here reaches the shell.
@MainActor
final class NcursesTerminal {
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let usesColour: Bool
    private var isOpen = true

    private init(screen: OpaquePointer, window: UnsafeMutablePointer<WINDOW>, usesColour: Bool) {
        self.screen = screen
        self.window = window
        self.usesColour = usesColour
    }

    /// Takes over the terminal on standard input and output as `terminalType`; `nil` when the terminal has no
    /// terminfo entry (the caller then uses the line mode).
    static func open(terminalType: String, usesColour: Bool) -> NcursesTerminal? {
        ensureUTF8Locale()
        var status: Int32 = 0
        // Looks the terminal up first: unlike newterm, setupterm reports a missing entry instead of printing.
        guard setupterm(terminalType, STDOUT_FILENO, &status) == OK, status == 1 else { return nil }
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r") else { return nil }
        guard let screen = newterm(terminalType, output, input), let window = newwin(0, 0, 0, 0) else {
            return nil
        }
        installSignalHandlers()
        raw()
        noecho()
        nonl()
        keypad(window, true)
        set_escdelay(25)
        let colour = usesColour && has_colors()
        if colour {
            start_color()
            use_default_colors()
            init_pair(1, Int16(COLOR_RED), -1)
            init_pair(2, Int16(COLOR_CYAN), -1)
        }
        return NcursesTerminal(screen: screen, window: window, usesColour: colour)
    }

    /// The terminal's size now.
    var size: TerminalSize {
        TerminalSize(columns: Int(getmaxx(window)), rows: Int(getmaxy(window)))
    }

    /// The signal that asked the process to end, if one came.
    var terminationSignal: Int32? {
        let signal = receivedSignal.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// Draws `frame` in place (ncurses sends only what changed) and puts the cursor where it says.
    func draw(_ frame: ScreenLayout.Frame, clearingFirst: Bool = false) {
        if clearingFirst { clearok(window, true) }
        for (y, row) in frame.rows.enumerated() {
            wmove(window, Int32(y), 0)
            var run = ""
            var runStyle = row.first?.style ?? .plain
            for cell in row {
                if cell.style != runStyle {
                    write(run, style: runStyle)
                    run = ""
                    runStyle = cell.style
                }
                run += cell.text
            }
            write(run, style: runStyle)
        }
        wmove(window, Int32(frame.cursor.row), Int32(frame.cursor.column))
        wrefresh(window)
    }

    private func write(_ text: String, style: CellStyle) {
        guard !text.isEmpty else { return }
        let (attributes, pair) = attributes(for: style)
        wattr_set(window, attributes, pair, nil)
        waddnstr(window, text, -1)
        wattr_set(window, cncurses_normal(), 0, nil)
    }

    private func attributes(for style: CellStyle) -> (attr_t, Int16) {
        switch style {
        case .plain, .frame, .rule: (cncurses_normal(), 0)
        case .bold: (cncurses_bold(), 0)
        case .dim: (cncurses_dim(), 0)
        case .accent: usesColour ? (cncurses_normal(), 2) : (cncurses_bold(), 0)
        case .error: (cncurses_bold(), usesColour ? 1 : 0)
        case .bar: (cncurses_reverse(), 0)
        case .selectedTab: (cncurses_reverse() | cncurses_bold(), 0)
        }
    }

    /// Waits up to `timeout` milliseconds for a key; `nil` when none came (or the key means nothing here).
    func readKey(timeout: Int32) -> EditingKey? {
        wtimeout(window, timeout)
        var value: wint_t = 0
        let result = wget_wch(window, &value)
        if result == cncurses_key_code_yes() { return functionKey(Int32(value)) }
        guard result == OK else { return nil }
        return characterKey(UInt32(value))
    }

    private func functionKey(_ code: Int32) -> EditingKey? {
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

    private func characterKey(_ value: UInt32) -> EditingKey? {
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
        case 27:
            // Alt-b and Alt-f arrive as Escape and the letter.
            wtimeout(window, 0)
            var next: wint_t = 0
            guard wget_wch(window, &next) == OK else { return .escape }
            switch next {
            case wint_t(UInt8(ascii: "b")): return .wordLeft
            case wint_t(UInt8(ascii: "f")): return .wordRight
            case 127, 8: return .deleteWordBackward
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

    /// Gives the terminal back: the normal screen, the modes from before. Safe to call more than once.
    func close() {
        guard isOpen else { return }
        isOpen = false
        if terminationSignal != nil { tcflush(STDIN_FILENO, TCIFLUSH) }
        keypad(window, false)
        endwin()
        delwin(window)
        delscreen(screen)
    }

    /// ncursesw writes and measures multibyte text by the process's locale; without a UTF-8 one it would draw every
    /// non-ASCII character as bytes.
    private static func ensureUTF8Locale() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset != "UTF-8" {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "en_US.UTF-8") }
        }
    }

    /// Notes every signal of ``TerminationSignals/all`` (but those the process ignores) in an atomic the key loop
    /// reads, so `endwin` runs on the main thread rather than inside a handler, where it would not be safe.
    private static func installSignalHandlers() {
        for signalNumber in TerminationSignals.all where !TerminationSignals.isIgnored(signalNumber) {
            signal(signalNumber) { received in receivedSignal.store(received, ordering: .relaxed) }
        }
    }
}

/// The last termination signal received, 0 for none; written by the signal handler, read by the key loop.
private let receivedSignal = Atomic<Int32>(0)
