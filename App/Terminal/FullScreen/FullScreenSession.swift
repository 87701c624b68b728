import AppInterface
import Core
import FoundationEssentials
import Glibc

/// The interactive mode at a terminal: the screen drawn full size and redrawn in place after each change and on
/// every resize, driven by keys as lazygit and k9s are: a focus that moves over the screen's fields and actions,
/// Enter to act on it, typing into a focused field in place, Esc to go back, a key for each tab, and the command
/// line on `:`, where every command of the line mode works.
///
/// Where the terminal reports the mouse, the screen is also used by pointing (``PointerGestures``): a click is the
/// command it stands for (``PointerCommand``), and a drag from a pushed screen's left edge or a sheet's top border
/// is the interactive swipe, held where the pointer is and let go as ``Command/release`` lets go.
///
/// The jobs are each a type of their own: what a key means (``KeyDispatch``), the focus (``Focus``), a field's
/// draft (``FieldDraft``), the pointer (``PointerGestures``, ``PointerCommand``), completion (``Completion``), the
/// secret prompt (``SecretPrompt``) and the help (``FullScreenHelp``); this type runs the loop and carries out what
/// they say through ``CommandSession``, as the line mode does.
@MainActor
final class FullScreenSession {
    let session: any AppSession
    let terminal: any TerminalDevice
    private let history: CommandHistory
    var editor: LineEditor
    var chrome = ScreenLayout.Chrome()
    var page = 1
    /// How many output rows Page Up / Page Down moves by while output is shown.
    var outputPage = 1
    /// A key read while taking in a paste that is not a character: handled next.
    var pendingKey: EditingKey?
    /// The keys pressed while the screens moved, oldest first: handled in order once they settle.
    var queuedKeys: [EditingKey] = []
    var topScreenID: String?
    /// The control focused when the last frame was drawn.
    var drawnFocus: Focus.Key?
    /// What the window shows, built again after a command and whenever the way it is drawn changes.
    var model: ScreenModel?
    /// How ``model`` was drawn.
    var modelPresentation: ScreenPresentation?
    /// What was drawn last while nothing moved: what a pop or a dismissal takes away is drawn leaving from it.
    var settled: ScreenModel.Settled?
    /// The snapshot ``model`` was built from, taken again only after a command (the window changes only then).
    var takenSnapshot: ScreenSnapshot?
    let wrapCache = ScreenLayout.WrapCache()
    /// Whether what the last command left to do (the place saved, the stop on damaged data) has been done.
    var hasSettled = false
    /// Where the stop on damaged data is reported, once the session runs.
    private var errorOutput: (any AppMain.TextOutput)?
    /// The frame last drawn: where a click lands.
    var lastFrame: ScreenLayout.Frame?
    /// What the pointer is doing.
    var pointer = PointerGestures()
    /// What the last drag or command said (a swipe let go, `:screen` drawing the screen again), shown on the status
    /// line until the next key or press.
    var statusMessage: String?
    /// The commands of this session, once it runs.
    var commands: CommandSession?
    /// The focus over the screen's controls.
    var focus = Focus()
    /// Whether the focus has to be read again from the window before the next draw.
    var focusIsStale = true
    /// Whether the next draw scrolls the focus into view: its first row, or, when the person moved it, all of it.
    var revealsFocus = true
    /// Whether the next draw scrolls all of the focus into view.
    var revealsWholeFocus = false
    /// The field being typed into, if one is.
    var draft: FieldDraft?
    /// Whether a field that has the focus takes the keys: from the start, and once the person asks to type (Enter or
    /// a click on a field, Tab or Shift-Tab, Enter or a click on a button, ↑ ↓ from one field to the next while
    /// typing); not once the focus moved on the screen (↑ ↓ j k g G Home End), Esc left a field or went back, or a
    /// command line ran, until the person asks again, or a flow starts anew (``windowRoot``). So the letter keys
    /// never type into a field they land on.
    var typesIntoFocusedField = true
    /// The screen at the root of the window when the focus was last read: when another takes its place (logging out
    /// shows Log in, by a button or a command), a flow starts anew and takes the keys as at the app's start.
    var windowRoot: (screenID: String, identity: ObjectIdentifier)?
    /// Whether the command line is open (after `:`).
    var isCommandLineOpen = false
    /// The command line as a completion of its last word left it, space included; `nil` when it was not completed,
    /// or was edited or closed since.
    var lineAsCompleted: String?
    /// Whether ids and action numbers are drawn, as the line mode draws them (`--ids`, or the `i` key).
    var showsIDs: Bool
    /// The question the status line asks instead of giving the keys, while one is asked.
    var question: String?
    /// The label of the secure field whose value the command line asks for, while it is asked.
    var secretLabel: String?
    /// The latest changes of the coordinator tree, oldest first, as the panel lists them.
    var treeChanges: [String] = []
    /// How the panel hears of the tree's changes while the session runs.
    private var treeObservation: LifecycleObservation?
    /// The most changes the panel lists.
    static let shownTreeChanges = 6
    /// How often the screen is read again while the app waits for input, so relative times (`2m`) and the badge
    /// keep up with the clock and with other processes.
    let refreshInterval: Duration
    /// When the wait for a key next reads the screen again.
    var nextRefresh: ContinuousClock.Instant

    /// Creates the full screen over the app's `session`, drawing on `terminal`, remembering lines in `history`;
    /// `showsIDs` draws the ids and action numbers from the start; `refreshInterval` is how long a wait for a key
    /// goes before the screen is read again.
    init(
        session: any AppSession, terminal: any TerminalDevice, history: CommandHistory, showsIDs: Bool = false,
        refreshInterval: Duration = .seconds(5)
    ) {
        self.refreshInterval = refreshInterval
        nextRefresh = ContinuousClock.now + refreshInterval
        self.session = session
        self.terminal = terminal
        self.history = history
        self.showsIDs = showsIDs
        self.editor = LineEditor(history: history.load())
    }

    /// Runs until the person leaves or a termination signal comes, gives the terminal back, and returns the exit
    /// code (128 plus the signal's number after a signal).
    /// `notice` is a line to show at once (why the place the person left could not be restored as it was), and
    /// `linkFailure` why the link of `--open` could not be followed, if it could not.
    func run(linkFailure: String?, notice: String? = nil, errorOutput: any AppMain.TextOutput) async -> Int32 {
        defer { terminal.close() }
        self.errorOutput = errorOutput
        let commands = CommandSession(
            session: session, style: .plain, readSecret: { [unowned self] label in self.readSecret(label: label) },
            confirm: { [unowned self] question in self.ask(question + " (y/n)") })
        self.commands = commands
        treeObservation = session.observeCoordinators { [weak self] event in self?.treeDidChange(event) }
        defer { treeObservation?.cancel() }
        // Where the start put the person, when it is not where they left: a note, not an error of theirs.
        if let notice { chrome.output = outputLines(notice) }
        if let linkFailure { chrome.error = "--open: " + linkFailure }
        // The window's width follows the terminal's, so the app's splits show two columns on a wide terminal.
        _ = await session.send(.resize(columns: terminal.size.columns))
        windowDidChange()
        while true {
            // What the start or the last key set moving (a push, a pop, a sheet) is drawn moving until it lands.
            if session.isMoving { await carryOutMoving {} }
            if let code = settle() { return code }
            draw()
            guard let key = nextKey() else {
                // Asked to end by a signal (the terminal closed among them): what was typed into the field is set
                // and saved first, as leaving the field would, so the app keeps it.
                _ = await keepTypedText()
                if let code = settle() { return code }
                return 128 + (terminal.terminationSignal ?? SIGTERM)
            }
            if case .pointer = key {} else { statusMessage = nil }
            if let code = await carryOutMoving({ await self.handle(key, commands: commands) }) { return code }
        }
    }

    /// Carries out what `key` asks; returns an exit code when the app should end.
    private func handle(_ key: EditingKey, commands: CommandSession) async -> Int32? {
        if !ScreenLayout.fits(terminal.size), !KeyDispatch.actsUnseen(key) { return nil }
        switch key {
        case .pointer(let event):
            return await point(event, commands: commands)
        case .resize:
            // A split may now show one stack instead of two columns, or two instead of one.
            _ = await session.send(.resize(columns: terminal.size.columns))
            redrawWindow()
            (revealsFocus, revealsWholeFocus) = (true, true)  // Rows wrap anew: all of the focus stays in view.
        case .paste(let text, let bytes):
            paste(text, bytes: bytes)
        default:
            let command = KeyDispatch.command(for: key, in: mode)
            if command == .ignore { noteKeyIgnored(key) }
            return await perform(command, commands: commands)
        }
        return nil
    }

    /// Where the keys go now.
    var mode: KeyDispatch.Mode {
        if isCommandLineOpen { return .commandLine }
        return draft == nil ? .browsing : .typing
    }

    /// Carries out what a key asked; returns an exit code when the app should end.
    private func perform(_ command: KeyCommand, commands: CommandSession) async -> Int32? {
        switch command {
        case .openCommandLine:
            isCommandLineOpen = true
        case .closeCommandLine:
            isCommandLineOpen = false
            lineAsCompleted = nil
            editor.setText("")
            chrome.output = []
        case .runCommandLine:
            isCommandLineOpen = false
            // The person is giving commands: the screen a command shows keeps the keys (a `:` typed next opens the
            // command line again, never goes into the field the command focused).
            typesIntoFocusedField = false
            return await submit(in: commands)
        case .completeCommandLine:
            complete()
        case .editCommandLine(let key):
            type(key)
            takeInTypedCharacters()
        case .leave:
            return await leave()
        case .endOfInput:
            return await endOfInput()
        case .scroll(let pages):
            // An output that fits (a one-line note) leaves the keys to the screen.
            if lastFrame?.outputScrolls == true {
                chrome.outputScroll = max(0, chrome.outputScroll + pages * outputPage)
            } else {
                chrome.scroll = max(0, chrome.scroll + pages * page)
            }
        case .togglePanel:
            perform(.panel)
        case .redraw:
            draw(clearingFirst: true)
        case .suspend:
            await suspend()
        case .showKeys:
            chrome.output = outputLines(FullScreenHelp.keysText(reportsPointer: terminal.reportsPointer))
            chrome.outputScroll = 0
        case .toggleIDs:
            showsIDs.toggle()
        case .ignore:
            break
        case .moveFocus, .moveFocusToEnd, .nextField, .previousField, .activate, .typeInField, .submitField,
            .stopTyping, .escape, .backOrQuit, .selectTab, .cycleTab, .turnPage:
            return await performOnScreen(command, commands: commands)
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

    /// The coordinator tree changed: the panel lists the change and shows the tree again at the next draw, whatever
    /// changed it (a command, a link, a coordinator stopped late).
    private func treeDidChange(_ event: CoordinatorLifecycleEvent) {
        treeChanges.append(event.description)
        if treeChanges.count > Self.shownTreeChanges { treeChanges.removeFirst() }
        redrawWindow()
    }

    /// Does what the last command (or the start) left to do once it settled, if not yet done: the place saved, or
    /// the stop on damaged data; the exit code when the app stops.
    func settle() -> Int32? {
        guard !hasSettled else { return nil }
        hasSettled = true
        switch session.afterCommand() {
        case .stop(let failure):
            terminal.close()
            guard let errorOutput else { return ExitCode.failure }
            return RunFailure.data(failure).report(to: errorOutput)
        case .goOn(let failure):
            if let failure { chrome.error = failure }
        }
        return nil
    }

    /// Builds what the window shows again at the next draw (a held swipe moved: nothing to save yet).
    func redrawWindow() {
        model = nil
        takenSnapshot = nil
        focusIsStale = true
    }

    /// Writes `line` to the kept history when it is kept in the editor's.
    func remember(_ line: String, remembers: Bool) {
        if remembers, editor.history.last == line { history.append(line, to: Array(editor.history.dropLast())) }
    }
}
