import AppInterface
import Core
import Foundation
import Glibc

/// The interactive mode at a terminal: the screen drawn full size and redrawn in place after each command and on
/// every resize, a command line that edits and remembers, and a question before leaving with unsaved work.
///
/// Where the terminal reports the mouse, the screen is also used by pointing (``PointerGestures``): a click is the
/// command it stands for, carried out as if typed, and a drag from a pushed screen's left edge or a sheet's top
/// border is the interactive swipe, held where the pointer is and let go as ``Command/release`` lets go.
///
/// Commands are the same as everywhere (``Command``, carried out by ``CommandSession``); the few that only make
/// sense on a full screen are ``TerminalCommand``s.
@MainActor
final class FullScreenSession {
    let session: any AppSession
    private let terminal: NcursesTerminal
    private let history: CommandHistory
    var editor: LineEditor
    var chrome = ScreenLayout.Chrome()
    private var page = 1
    /// How many output rows Page Up / Page Down moves by while output is shown.
    private var outputPage = 1
    /// A key read while taking in a paste that is not a character: handled next.
    private var pendingKey: EditingKey?
    private var topScreenID: String?
    /// What the window shows, built again only after a command (the window changes only then).
    var model: ScreenModel?
    /// The snapshot ``model`` was built from, taken again only after a command, as the model is.
    private var takenSnapshot: ScreenSnapshot?
    private let wrapCache = ScreenLayout.WrapCache()
    /// Whether what the last command left to do (the place saved, the stop on damaged data) has been done.
    private var hasSettled = false
    /// The frame last drawn: where a click lands.
    var lastFrame: ScreenLayout.Frame?
    /// What the pointer is doing.
    var pointer = PointerGestures()
    /// What the last drag did, shown on the status line until the next key or press.
    var pointerNote: String?
    /// The status line last shown between commands, replaced at each draw (a question or a prompt is not).
    private var shownIdleStatus = FullScreenHelp.keysHint
    /// The note that the panel needs a wider terminal, while it is shown: it goes once the panel shows.
    private var widthNote: [StyledLine]?
    /// The commands of this session, once it runs.
    private var commands: CommandSession?

    /// Creates the full screen over the app's `session`, drawing on `terminal`, remembering lines in `history`.
    init(session: any AppSession, terminal: NcursesTerminal, history: CommandHistory) {
        self.session = session
        self.terminal = terminal
        self.history = history
        self.editor = LineEditor(history: history.load())
        chrome.status = FullScreenHelp.keysHint
    }

    /// Runs until the person leaves or a termination signal comes, gives the terminal back, and returns the exit
    /// code (128 plus the signal's number after a signal).
    /// `notice` is a line to show at once (why the place the person left could not be restored as it was), and
    /// `linkFailure` why the link of `--open` could not be followed, if it could not.
    func run(linkFailure: String?, notice: String? = nil, errorOutput: any AppMain.TextOutput) -> Int32 {
        defer { terminal.close() }
        let commands = CommandSession(
            session: session, style: .plain, readSecret: { [unowned self] label in self.readSecret(label: label) })
        self.commands = commands
        chrome.error = notice
        if let linkFailure { chrome.error = "--open: " + linkFailure }
        // The window's width follows the terminal's, so the app's splits show two columns on a wide terminal.
        _ = session.send(.resize(columns: terminal.size.columns))
        windowDidChange()
        while true {
            // What a command (or the start) leaves to do once it settled: the place saved, or the stop on damaged data.
            if !hasSettled {
                hasSettled = true
                switch session.afterCommand() {
                case .stop(let failure):
                    terminal.close()
                    return RunFailure.data(failure).report(to: errorOutput)
                case .goOn(let failure):
                    if let failure { chrome.error = failure }
                }
            }
            draw()
            guard let key = nextKey() else { return 128 + (terminal.terminationSignal ?? SIGTERM) }
            if case .pointer = key {} else { pointerNote = nil }
            switch key {
            case .pointer(let event):
                if let code = point(event, commands: commands) { return code }
            case .enter:
                if let code = submit(in: commands) { return code }
            case .tab:
                complete()
            case .interrupt:
                if confirmLeaving() { return ExitCode.success }
            case .endOfInput:
                if editor.characters.isEmpty {
                    if confirmLeaving() { return ExitCode.success }
                } else {
                    editor.apply(.delete)
                }
            case .pageUp where !chrome.output.isEmpty:
                chrome.outputScroll = max(0, chrome.outputScroll - outputPage)
            case .pageDown where !chrome.output.isEmpty:
                chrome.outputScroll += outputPage
            case .pageUp:
                chrome.scroll = max(0, chrome.scroll - page)
            case .pageDown:
                chrome.scroll += page
            case .togglePanel:
                perform(.panel)
            case .redraw:
                draw(clearingFirst: true)
            case .escape:
                chrome.output = []
                chrome.error = nil
            case .resize:
                _ = session.send(.resize(columns: terminal.size.columns))
            case .paste(let text, let bytes):
                paste(text, bytes: bytes)
            default:
                type(key)
                takeInTypedCharacters()
            }
        }
    }

    /// Takes in the characters already waiting, as a paste delivers them, before the next draw: drawing after
    /// each of them would cost the paste's length squared.
    /// Stops at a termination signal, which the next wait for a key then answers.
    private func takeInTypedCharacters() {
        while pendingKey == nil, terminal.terminationSignal == nil, let key = terminal.readKey(timeout: 0) {
            guard case .character = key else {
                pendingKey = key
                return
            }
            type(key)
        }
    }

    /// Edits the line with `key`; a character that would make it longer than the line mode takes is refused,
    /// saying so.
    private func type(_ key: EditingKey) {
        if case .character(let character) = key, !editor.canInsert(String(character)) {
            chrome.error = Self.tooLong
            return
        }
        editor.apply(key)
    }

    /// A paste is text typed at the cursor in one step, never a command: a pasted line runs only on Enter. One
    /// that would make the line longer than the line mode takes is not taken at all, saying so.
    private func paste(_ text: String, bytes: Int) {
        guard editor.insert(text) else {
            chrome.error = Self.tooLong + ": the paste (\(bytes) bytes) was not taken"
            return
        }
        if chrome.error?.hasPrefix(Self.tooLong) == true { chrome.error = nil }
    }

    /// Why the line takes no more: the line mode's words for the same limit.
    static let tooLong = "the line is longer than \(LineEditor.maximumBytes) bytes"

    // MARK: - Drawing

    /// The status line between commands: what the last drag did, the keys, or, while a swipe is held, what
    /// `release` will do.
    private var idleStatus: String {
        pointerNote ?? CommandSession.heldSwipeStatus(in: snapshot) ?? FullScreenHelp.keysHint
    }

    /// What the window shows, taken once after each change (see ``windowDidChange()``).
    var snapshot: ScreenSnapshot {
        if let taken = takenSnapshot { return taken }
        let taken = session.snapshot()
        takenSnapshot = taken
        return taken
    }

    func draw(clearingFirst: Bool = false) {
        if let note = widthNote, chrome.output != note || terminal.size.columns >= ScreenLayout.panelMinimumColumns {
            // The note is gone, or the panel it was about shows now: it says nothing more.
            if chrome.output == note { chrome.output = [] }
            widthNote = nil
        }
        if chrome.status == FullScreenHelp.keysHint || chrome.status == shownIdleStatus {
            shownIdleStatus = idleStatus
            chrome.status = shownIdleStatus
        }
        let isNewModel = model == nil
        let model = model ?? ScreenModel(snapshot: snapshot, notice: session.notice)
        self.model = model
        let onTop = snapshot.top?.screenID
        if onTop != topScreenID {
            topScreenID = onTop
            chrome.scroll = 0
        }
        chrome.input = maskedInput
        chrome.cursor = editor.cursor
        // Once after a command: an error the screen shows in answer is scrolled into view.
        chrome.revealsError = isNewModel
        let frame = ScreenLayout.frame(model, chrome: chrome, size: terminal.size, cache: wrapCache)
        chrome.revealsError = false
        chrome.scroll = frame.scroll
        chrome.outputScroll = frame.outputScroll
        page = frame.page
        outputPage = frame.outputPage
        lastFrame = frame
        terminal.draw(frame, clearingFirst: clearingFirst)
    }

    /// The input as shown: the text of `set <secure field> …` masked.
    private var maskedInput: String {
        let text = editor.text
        guard let range = secureValueRange(in: text) else { return text }
        let value = text[range]
        return String(text[..<range.lowerBound]) + String(repeating: "•", count: value.count)
    }

    /// Where the text lies in a `set` line whose field is a secure field on screen, read as the command parser
    /// reads it, so no spelling of the line (extra spaces, a tab) shows or keeps a secret.
    private func secureValueRange(in text: String) -> Range<String.Index>? {
        guard let set = Command.setText(in: text), isSecureField(set.field) else { return nil }
        return set.text
    }

    private func isPlainField(_ id: String) -> Bool {
        snapshot.screensOnTop.contains { screen in
            screen.content.fields.contains { $0.id == id && !$0.isSecure }
        }
    }

    private func isSecureField(_ id: String) -> Bool {
        snapshot.screensOnTop.contains { screen in
            screen.content.fields.contains { $0.id == id && $0.isSecure }
        }
    }

    // MARK: - Keys

    /// The next key, waiting in short steps so a termination signal is noticed at once; `nil` after a signal.
    func nextKey() -> EditingKey? {
        if let key = pendingKey {
            pendingKey = nil
            return key
        }
        while terminal.terminationSignal == nil {
            if let key = terminal.readKey(timeout: 100) { return key }
        }
        return nil
    }

    // MARK: - Commands

    /// The window may have changed: build what it shows again at the next draw, after doing what a command
    /// leaves to do.
    func windowDidChange() {
        hasSettled = false
        redrawWindow()
    }

    /// Builds what the window shows again at the next draw (a held swipe moved: nothing to save yet).
    func redrawWindow() {
        model = nil
        takenSnapshot = nil
        wrapCache.reset()
    }

    /// Runs the line; returns an exit code when the app should end.
    private func submit(in commands: CommandSession) -> Int32? {
        defer { windowDidChange() }
        // A `set` line is kept only when its field is a plain field on screen: never one that may hold a secret.
        let remembers = Command.setText(in: editor.text).map { isPlainField($0.field) } ?? true
        let line = editor.submit(remembers: remembers)
        if remembers, editor.history.last == line { history.append(line, to: Array(editor.history.dropLast())) }
        chrome.output = []
        chrome.outputScroll = 0
        chrome.error = nil
        if let terminalCommand = TerminalCommand(rawValue: line.trimmingCharacters(in: .whitespaces)) {
            perform(terminalCommand)
            return nil
        }
        let command: Command
        do {
            guard let parsed = try Command.parse(line) else { return nil }
            command = parsed
        } catch {
            chrome.error = error.description
            return nil
        }
        switch command {
        case .quit:
            return confirmLeaving() ? ExitCode.success : nil
        case .screen:
            return nil
        case .help:
            let pointerHelp = terminal.reportsPointer ? FullScreenHelp.pointerHelp : ""
            chrome.output = outputLines(commands.helpText + FullScreenHelp.terminalHelp + pointerHelp)
            return nil
        default:
            break
        }
        return show(commands.execute(command))
    }

    /// Shows what a command did; returns an exit code when the app should end.
    func show(_ outcome: CommandSession.Outcome) -> Int32? {
        switch outcome {
        case .done(let output):
            if let output, !output.isEmpty { chrome.output = outputLines(output) }
            if let notice = commands?.notice { chrome.output = outputLines(notice) }
        case .failed(let message):
            let onScreen = session.snapshot().errorOnTop
            if message != onScreen { chrome.error = message }
        case .quit:
            return ExitCode.success
        }
        return nil
    }

    private func perform(_ command: TerminalCommand) {
        switch command {
        case .panel:
            let minimum = ScreenLayout.panelMinimumColumns
            guard terminal.size.columns >= minimum else {
                // Nobody sees the panel in a narrow terminal, so there is nothing to hide: asking for it keeps it
                // on, and it shows once the terminal is wide enough.
                chrome.showsPanel = true
                let note = outputLines("The tree panel shows once the terminal is at least \(minimum) columns wide.")
                chrome.output = note
                widthNote = note
                return
            }
            chrome.showsPanel.toggle()
        }
    }

    private func outputLines(_ text: String) -> [StyledLine] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { [StyledSpan(String($0))] }
        if lines.last == [StyledSpan("")] { lines.removeLast() }
        return lines
    }

    private func complete() {
        let onTop = snapshot.screensOnTop
        let vocabulary = Completion.Vocabulary(
            commands: FullScreenHelp.commandWords, actions: onTop.flatMap { $0.content.actions.map(\.id) },
            fields: onTop.flatMap { $0.content.fields.map(\.id) }, links: FullScreenHelp.links(session.linkPatterns),
            tabs: snapshot.tabsOnTop.map(\.id))
        guard let result = Completion.complete(editor.text, cursor: editor.cursor, vocabulary: vocabulary) else {
            return
        }
        let after = String(editor.characters[editor.cursor...])
        editor.setText(result.text)
        for _ in 0..<after.count { editor.apply(.left) }
        chrome.output = result.candidates.isEmpty ? [] : [[StyledSpan(result.candidates.joined(separator: "  "))]]
    }
}
