import Core
import Foundation
import Glibc

/// The interactive mode at a terminal: the screen drawn full size and redrawn in place after each command and on
/// every resize, a command line that edits and remembers, and a question before leaving with unsaved work.
///
/// Commands are the same as everywhere (``Command``, carried out by ``CommandSession``); the few that only make
/// sense on a full screen are ``TerminalCommand``s.
@MainActor
final class FullScreenSession {
    private let root: CompositionRoot
    private let terminal: NcursesTerminal
    private let history: CommandHistory
    private var editor: LineEditor
    private var chrome = ScreenLayout.Chrome()
    private var page = 1
    /// How many output rows Page Up / Page Down moves by while output is shown.
    private var outputPage = 1
    /// A key read while taking in a paste that is not a character: handled next.
    private var pendingKey: EditingKey?
    private var topScreenID: String?
    /// What the window shows, built again only after a command (the window changes only then).
    private var model: ScreenModel?
    private let wrapCache = ScreenLayout.WrapCache()

    /// The keys, as the status line shows them.
    static let keysHint =
        "Enter run · Tab complete · ↑↓ history · PgUp/PgDn scroll · F2 tree · ^D quit"

    /// Commands only the full screen knows; each is one word, typed alone on the line.
    enum TerminalCommand: String, CaseIterable {
        /// Shows or hides the coordinator tree panel.
        case panel

        /// Its line in `help`.
        var meaning: String {
            switch self {
            case .panel: "show or hide the coordinator tree panel (also F2)"
            }
        }
    }

    /// Creates a session over `root` drawing on `terminal`, remembering lines in `history`.
    init(root: CompositionRoot, terminal: NcursesTerminal, history: CommandHistory) {
        self.root = root
        self.terminal = terminal
        self.history = history
        self.editor = LineEditor(history: history.load())
        chrome.status = Self.keysHint
    }

    /// Runs until the person leaves or a termination signal comes, gives the terminal back, and returns the exit
    /// code (128 plus the signal's number after a signal).
    /// `notice` is a line to show at once (why the place the person left could not be restored as it was).
    func run(initialLink: String?, notice: String? = nil, errorOutput: any AppMain.TextOutput) -> Int32 {
        defer { terminal.close() }
        let session = CommandSession(
            root: root, style: .plain, readSecret: { [unowned self] label in self.readSecret(label: label) })
        chrome.error = notice
        if let initialLink, case .failed(let message) = session.execute(.open(initialLink)) {
            chrome.error = "--open: " + message
        }
        windowDidChange()
        while true {
            // A damaged database stops the app before anything more, the saved place included, is written.
            if let fatal = session.fatalDataError {
                terminal.close()
                return CommandLoop.reportFatal(fatal, to: errorOutput)
            }
            // Where the person is, saved after every command has settled (and after the start), before waiting.
            if model == nil, let failure = root.restoration?.save() { chrome.error = failure }
            draw()
            guard let key = nextKey() else { return 128 + (terminal.terminationSignal ?? SIGTERM) }
            switch key {
            case .enter:
                if let code = submit(in: session) { return code }
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
                break
            default:
                editor.apply(key)
                takeInTypedCharacters()
            }
        }
    }

    /// Takes in the characters already waiting, as a paste delivers them, before the next draw: drawing after
    /// each of them would cost the paste's length squared.
    private func takeInTypedCharacters() {
        while pendingKey == nil, let key = terminal.readKey(timeout: 0) {
            guard case .character = key else {
                pendingKey = key
                return
            }
            editor.apply(key)
        }
    }

    // MARK: - Drawing

    /// The status line between commands: the keys, or, while a swipe is held, what `release` will do.
    private var idleStatus: String {
        guard let held = root.window.transitionsInFlight.first(where: \.isHeld) else { return Self.keysHint }
        let gesture = held.kind == .swipeDown ? "Swipe down" : "Swipe back"
        let percent = Int((held.progress * 100).rounded())
        let release = held.progress >= 0.5 ? "release finishes it" : "release cancels it"
        return "\(gesture) held at \(percent)% · \(release) · state, tree, screen and help still work"
    }

    private func draw(clearingFirst: Bool = false) {
        if chrome.status == Self.keysHint || chrome.status.hasPrefix("Swipe ") { chrome.status = idleStatus }
        let model = model ?? ScreenModel(window: root.window, root: root.appCoordinator, notice: notice)
        self.model = model
        let onTop = root.window.topViewController?.screenID
        if onTop != topScreenID {
            topScreenID = onTop
            chrome.scroll = 0
        }
        chrome.input = maskedInput
        chrome.cursor = editor.cursor
        let frame = ScreenLayout.frame(model, chrome: chrome, size: terminal.size, cache: wrapCache)
        chrome.scroll = frame.scroll
        chrome.outputScroll = frame.outputScroll
        page = frame.page
        outputPage = frame.outputPage
        terminal.draw(frame, clearingFirst: clearingFirst)
    }

    private var notice: String? {
        root.appCoordinator.pendingLink.map { "Log in or sign up to continue to \($0.url)." }
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
        root.window.screensOnTop.contains { screen in screen.content.fields.contains { $0.id == id && !$0.isSecure } }
    }

    private func isSecureField(_ id: String) -> Bool {
        root.window.screensOnTop.contains { screen in screen.content.fields.contains { $0.id == id && $0.isSecure } }
    }

    // MARK: - Keys

    /// The next key, waiting in short steps so a termination signal is noticed at once; `nil` after a signal.
    private func nextKey() -> EditingKey? {
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

    /// The window may have changed: build what it shows again at the next draw.
    private func windowDidChange() {
        model = nil
        wrapCache.reset()
    }

    /// Runs the line; returns an exit code when the app should end.
    private func submit(in session: CommandSession) -> Int32? {
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
            chrome.output = outputLines(CommandSession.helpText + terminalHelp)
            return nil
        default:
            break
        }
        switch session.execute(command) {
        case .done(let output):
            if let output, !output.isEmpty { chrome.output = outputLines(output) }
        case .failed(let message):
            let onScreen = root.window.screensOnTop.lazy.compactMap(\.content.errorMessage).last
            if message != onScreen { chrome.error = message }
        case .quit:
            return ExitCode.success
        }
        return nil
    }

    private var terminalHelp: String {
        let keys = [
            "Keys: ←/→ move, Ctrl-←/→ or Alt-b/f by word, Home/End (Ctrl-A/E), Backspace/Delete,",
            "  Ctrl-U/Ctrl-K delete to start/end, Ctrl-W delete a word, ↑/↓ history, Tab complete,",
            "  PgUp/PgDn scroll, F2 tree panel, Esc clear messages, Ctrl-L redraw, Ctrl-C or Ctrl-D (empty line) quit",
        ]
        return TerminalCommand.allCases.map { "  \($0.rawValue)  \($0.meaning)\n" }.joined()
            + keys.joined(separator: "\n") + "\n"
    }

    private func perform(_ command: TerminalCommand) {
        switch command {
        case .panel:
            chrome.showsPanel.toggle()
            if terminal.size.columns < ScreenLayout.panelMinimumColumns {
                let minimum = ScreenLayout.panelMinimumColumns
                chrome.output = outputLines(
                    chrome.showsPanel
                        ? "The tree panel is on; it shows once the terminal is at least \(minimum) columns wide."
                        : "The tree panel is off.")
            }
        }
    }

    private func outputLines(_ text: String) -> [StyledLine] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { [StyledSpan(String($0))] }
        if lines.last == [StyledSpan("")] { lines.removeLast() }
        return lines
    }

    private func complete() {
        let vocabulary = Completion.Vocabulary(
            commands: Self.commandWords, actions: root.window.screensOnTop.flatMap { $0.content.actions.map(\.id) },
            fields: root.window.screensOnTop.flatMap { $0.content.fields.map(\.id) }, links: Self.links)
        guard let result = Completion.complete(editor.text, cursor: editor.cursor, vocabulary: vocabulary) else {
            return
        }
        let after = String(editor.characters[editor.cursor...])
        editor.setText(result.text)
        for _ in 0..<after.count { editor.apply(.left) }
        chrome.output = result.candidates.isEmpty ? [] : [[StyledSpan(result.candidates.joined(separator: "  "))]]
    }

    /// The deep links Tab completes (a post's link needs its id).
    static let links = [
        "app://login", "app://signup", "app://feed", "app://feed/popular", "app://feed/compose", "app://feed/post/",
    ]

    /// Every command word: those of ``Command/summary`` and the full screen's own.
    static var commandWords: [String] {
        Command.summary.compactMap { entry in
            entry.usage.hasPrefix("<") ? nil : entry.usage.split(separator: " ").first.map(String.init)
        } + TerminalCommand.allCases.map(\.rawValue)
    }

    // MARK: - Questions

    /// Asks before leaving when work would be lost; whether to leave.
    private func confirmLeaving() -> Bool {
        guard let work = root.appCoordinator.unsavedWork(in: root.window) else { return true }
        return ask("Leave? \(work). (y/n)")
    }

    private func ask(_ question: String) -> Bool {
        chrome.status = question
        defer { chrome.status = Self.keysHint }
        while true {
            draw()
            guard let key = nextKey() else { return true }
            switch key {
            case .character("y"), .character("Y"): return true
            case .resize: continue
            default: return false
            }
        }
    }

    /// Reads a secure field's value on the command line, masked; `nil` when cancelled (Escape, Ctrl-C, Ctrl-D).
    private func readSecret(label: String) -> String? {
        var secret = LineEditor()
        let savedPrompt = chrome.prompt
        let savedEditor = editor
        defer {
            chrome.prompt = savedPrompt
            editor = savedEditor
            chrome.status = Self.keysHint
        }
        chrome.prompt = label + ": "
        chrome.status = "Typed as dots · Enter set · Esc cancel"
        while true {
            editor = LineEditor()
            editor.setText(String(repeating: "•", count: secret.characters.count))
            for _ in 0..<(secret.characters.count - secret.cursor) { editor.apply(.left) }
            draw()
            guard let key = nextKey() else { return nil }
            switch key {
            case .enter: return secret.text
            case .escape, .interrupt, .endOfInput: return nil
            case .up, .down, .tab: continue
            default: secret.apply(key)
            }
        }
    }
}
