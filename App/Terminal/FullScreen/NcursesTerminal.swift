import CNcurses
import Glibc
import Synchronization

/// The terminal, full screen, through ncursesw: terminfo, the alternate screen, key decoding, resize and wide
/// characters are the library's; this type only maps them to ``EditingKey`` and draws ``ScreenLayout/Frame``s.
///
/// Where the terminal reports the mouse (its terminfo entry says how, in xterm's SGR form or the older one), the
/// clicks, drags and wheel arrive as ``EditingKey/pointer(_:)``. ncurses reads the reports in SGR form; the
/// older form's three bytes are read here (``X10PointerReport``), each waited for a short time, so a report cut
/// short never takes the keys that follow it.
///
/// On leaving by any way (``close()``, or a signal of ``TerminationSignals/all`` noticed by the key loop) `endwin`
/// gives the terminal back exactly as it was: the normal screen, the person's modes and echo, keypad off, mouse
/// reporting and bracketed paste off; what was typed or pasted but not read is discarded, so nothing typed here
/// reaches the shell.
@MainActor
final class NcursesTerminal {
    private let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    private let usesColour: Bool
    /// Whether the terminal reports the mouse to this app: asked for, and known to terminfo.
    let reportsPointer: Bool
    private var isOpen = true
    /// Pointer events read with an earlier one and not yet returned, oldest first.
    private var pendingPointerEvents: [PointerEvent] = []
    /// Whether motion reporting still waits to be asked for, after the first draw.
    var awaitsDragReporting: Bool
    /// Whether bracketed pastes still wait to be asked for, after the first draw.
    var awaitsPasteBrackets = true
    /// Whether the cursor is shown now.
    private var showsCursor = true
    /// Whether the terminal was closed under the app (it reads nothing more, ever).
    private var hasHungUp = false
    /// The key code ncurses gives the start of a bracketed paste (``BracketedPaste/start``), defined at open.
    private static let pasteKeyCode = KEY_MAX + 1
    /// The key code ncurses gives the start of a mouse report in the older form (``X10PointerReport/prefix``),
    /// defined at open where the terminal reports the mouse that way.
    private static let x10PointerKeyCode = KEY_MAX + 2
    /// The reader of mouse reports in the older form; `nil` where ncurses reads them (SGR) or there are none.
    private var x10Reports: X10PointerReport?

    /// Button-event tracking: besides presses and releases, the terminal reports the pointer's motion while a
    /// button is held, which ncurses asks for only when the terminfo entry says so.
    private static let dragReportingOn = "\u{1B}[?1002h"
    static let dragReportingOff = "\u{1B}[?1002l"

    private init(
        screen: OpaquePointer, window: UnsafeMutablePointer<WINDOW>, usesColour: Bool, reportsPointer: Bool,
        readsX10Reports: Bool
    ) {
        self.screen = screen
        self.window = window
        self.usesColour = usesColour
        self.reportsPointer = reportsPointer
        awaitsDragReporting = reportsPointer
        x10Reports = readsX10Reports ? X10PointerReport() : nil
    }

    /// Whether terminfo knows `terminalType` for the terminal on standard output, asked without taking the
    /// screen over: the full screen can open on it.
    static func knows(terminalType: String) -> Bool {
        var status: Int32 = 0
        return setupterm(terminalType, STDOUT_FILENO, &status) == OK && status == 1
    }

    /// Takes over the terminal on standard input and output as `terminalType`; `nil` when the terminal has no
    /// terminfo entry (the caller then uses the line mode). With `readsPointer`, the mouse is asked for where the
    /// terminal reports it.
    static func open(terminalType: String, usesColour: Bool, readsPointer: Bool = true) -> NcursesTerminal? {
        ensureUTF8Locale()
        // Looks the terminal up first: unlike newterm, setupterm reports a missing entry instead of printing.
        guard knows(terminalType: terminalType) else { return nil }
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r") else { return nil }
        guard let screen = newterm(terminalType, output, input), let window = newwin(0, 0, 0, 0) else {
            return nil
        }
        installSignalHandlers()
        raw()
        noecho()
        nonl()
        keypad(window, true)
        define_key(BracketedPaste.start, pasteKeyCode)
        set_escdelay(25)
        let colour = usesColour && has_colors()
        if colour {
            start_color()
            use_default_colors()
            init_pair(1, Int16(COLOR_RED), -1)
            init_pair(2, Int16(COLOR_CYAN), -1)
        }
        var reportsPointer = false
        var readsX10Reports = false
        if readsPointer {
            // No mask at all where terminfo knows no mouse: then nothing is asked of the terminal.
            reportsPointer = mousemask(cncurses_pointer_events(), nil) != 0
            if reportsPointer {
                mouseinterval(0)  // a press and a release each come at once, never waited for to make a click
                readsX10Reports = X10PointerReport.takeOverPrefix(as: x10PointerKeyCode)
            }
        }
        return NcursesTerminal(
            screen: screen, window: window, usesColour: colour, reportsPointer: reportsPointer,
            readsX10Reports: readsX10Reports)
    }

    /// The terminal's size now.
    var size: TerminalSize {
        TerminalSize(columns: Int(getmaxx(window)), rows: Int(getmaxy(window)))
    }

    /// The signal that asked the process to end, if one came; a terminal closed under the app counts as `SIGHUP`.
    var terminationSignal: Int32? {
        let signal = receivedSignal.load(ordering: .relaxed)
        if signal != 0 { return signal }
        return hasHungUp ? SIGHUP : nil
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
        if frame.showsCursor != showsCursor {
            showsCursor = frame.showsCursor
            curs_set(showsCursor ? 1 : 0)
        }
        wrefresh(window)
        if awaitsDragReporting {
            // ncurses turns reporting on at its first read or refresh, which would replace motion reporting
            // asked for earlier; its output is flushed now, so this comes after it.
            awaitsDragReporting = false
            writeToTerminal(Self.dragReportingOn)
        }
        if awaitsPasteBrackets {
            awaitsPasteBrackets = false
            writeToTerminal(BracketedPaste.on)
        }
    }

    /// Writes `sequence` straight to the terminal, after everything ncurses has flushed.
    func writeToTerminal(_ sequence: String) {
        writeEveryByte(of: sequence, to: STDOUT_FILENO)
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
        case .focused: (cncurses_reverse(), 0)
        case .input: (cncurses_underline(), 0)
        }
    }

    /// Waits up to `timeout` milliseconds for a key; `nil` when none came (or the key means nothing here).
    func readKey(timeout: Int32) -> EditingKey? {
        if !pendingPointerEvents.isEmpty { return .pointer(pendingPointerEvents.removeFirst()) }
        wtimeout(window, timeout)
        var value: wint_t = 0
        let result = wget_wch(window, &value)
        if result == cncurses_key_code_yes() {
            switch Int32(value) {
            case KEY_MOUSE: return pointerEvent()
            case Self.pasteKeyCode: return paste()
            case Self.x10PointerKeyCode: return x10PointerEvent()
            default: return functionKey(Int32(value))
            }
        }
        guard result == OK else {
            if timeout > 0 { noticeHangUp() }
            return nil
        }
        return characterKey(UInt32(value))
    }

    /// The rest of a bracketed paste, read straight from the terminal; what came after it is given back to ncurses
    /// to be read as keys.
    private func paste() -> EditingKey {
        let taken = BracketedPaste.read(from: STDIN_FILENO) { terminationSignal != nil }
        if taken.isCutShort, terminationSignal == nil { hasHungUp = true }
        for byte in taken.after.reversed() { ungetch(Int32(byte)) }
        return .paste(BracketedPaste.text(of: taken.bytes), bytes: taken.bytes.count)
    }

    /// A wait for a key that ended at once without one may mean the terminal is gone: then no key will ever come,
    /// and the app ends as on `SIGHUP` instead of waiting forever.
    private func noticeHangUp() {
        var waiting = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        if poll(&waiting, 1, 0) > 0, waiting.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { hasHungUp = true }
    }

    /// The mouse reports ncurses has read, the first of them as a ``PointerEvent`` and the rest kept for the next
    /// reads; `nil` for what the full screen does not use.
    ///
    /// Reports that arrive together (a press and its release, a drag's motion) are read in one run and announced
    /// once; `getmouse` gives them newest first.
    private func pointerEvent() -> EditingKey? {
        var newestFirst: [PointerEvent] = []
        var event = MEVENT()
        while getmouse(&event) == OK {
            if let pointer = Self.pointerEvent(event) { newestFirst.append(pointer) }
        }
        pendingPointerEvents += newestFirst.reversed()
        guard !pendingPointerEvents.isEmpty else { return nil }
        return .pointer(pendingPointerEvents.removeFirst())
    }

    /// The three bytes of a mouse report in the older form, whose prefix was read, as a ``PointerEvent``; `nil`
    /// for what the full screen does not use, and for a report cut short: a byte that does not come within
    /// ``X10PointerReport/byteWait``, or a key that cannot be in a report, ends it, and that key is read next. A
    /// report that begins meanwhile replaces the one cut short.
    private func x10PointerEvent() -> EditingKey? {
        wtimeout(window, X10PointerReport.byteWait)
        var bytes: [UInt8] = []
        while bytes.count < X10PointerReport.byteCount {
            let key = wgetch(window)
            if key == ERR { break }
            if key == Self.x10PointerKeyCode {
                bytes = []
                continue
            }
            // A byte that is also a key (DEL, row 95, is Backspace) arrives as that key.
            let reportByte = X10PointerReport.isReportByte(key) ? UInt8(key) : X10PointerReport.byte(boundTo: key)
            guard let byte = reportByte else {
                ungetch(key)  // given back whole, as the key it is
                break
            }
            bytes.append(byte)
        }
        return x10Reports?.event(bytes).map(EditingKey.pointer)
    }

    private static func pointerEvent(_ event: MEVENT) -> PointerEvent? {
        let state = event.bstate
        let kind: PointerEvent.Kind
        if state & cncurses_button1_pressed() != 0 {
            kind = .press
        } else if state & cncurses_button1_released() != 0 {
            kind = .release
        } else if state & cncurses_wheel_up() != 0 {
            kind = .wheelUp
        } else if state & cncurses_wheel_down() != 0 {
            kind = .wheelDown
        } else if state & cncurses_motion() != 0 {
            kind = .drag
        } else {
            return nil
        }
        return PointerEvent(kind: kind, row: Int(event.y), column: Int(event.x))
    }

    /// Gives the terminal back: mouse reporting off, the normal screen, the modes from before. Safe to call more
    /// than once.
    func close() {
        guard isOpen else { return }
        isOpen = false
        writeToTerminal(BracketedPaste.off)
        if reportsPointer {
            writeToTerminal(Self.dragReportingOff)
            mousemask(0, nil)
        }
        UnreadInput.discard(from: STDIN_FILENO)
        // The screen is blanked first: a terminal that grew while the app ran (tmux among them) may show the rows
        // of the alternate screen that the normal screen, kept at its old size, does not cover.
        werase(window)
        wrefresh(window)
        if !showsCursor { curs_set(1) }
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
