import AppInterface
import Core
import FoundationEssentials
import InputRules

/// The command line opened with `:`: a line of the command language, run as the line mode runs it, with the
/// full screen's own commands, completion and the output shown below the screen.
extension FullScreenSession {
    /// Runs the command line; returns an exit code when the app should end.
    func submit(in commands: CommandSession) async -> Int32? {
        // The space a completion put after the last word is not typed text: `set password` completed and run asks
        // for the password, as typed; with the space it would set the empty text.
        if let completed = lineAsCompleted, editor.text == completed, completed.hasSuffix(" ") {
            editor.setText(String(completed.dropLast()))
        }
        lineAsCompleted = nil
        // A `set` line is kept only when its field is a plain field on screen: never one that may hold a secret.
        let remembers = Command.setText(in: editor.text).map { isPlainField($0.field) } ?? true
        let line = editor.submit(remembers: remembers)
        remember(line, remembers: remembers)
        chrome.output = []
        chrome.outputScroll = 0
        chrome.error = nil
        if let terminalCommand = TerminalCommand(rawValue: InputText.trimmed(line)) {
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
            return await leave()
        case .screen:
            // The full screen always shows the screen: `screen` draws it again from scratch, as Ctrl-L does, and
            // says so, where the line mode prints it.
            draw(clearingFirst: true)
            statusMessage = FullScreenHelp.screenNote
            return nil
        case .help:
            let pointerHelp = terminal.reportsPointer ? FullScreenHelp.pointerHelp : ""
            chrome.output = outputLines(commands.helpText + FullScreenHelp.terminalHelp + pointerHelp)
            return nil
        default:
            break
        }
        // What was typed into a field and not yet set is set first, as leaving the field would.
        await commitDraft()
        defer { windowDidChange() }
        return show(await commands.execute(command))
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

    /// Carries out a command of the full screen's own.
    func perform(_ command: TerminalCommand) {
        switch command {
        case .panel:
            let minimum = ScreenLayout.panelMinimumColumns
            guard terminal.size.columns >= minimum else {
                // Nobody sees the panel in a narrow terminal, so there is nothing to hide: asking for it keeps it
                // on, and it shows once the terminal is wide enough.
                chrome.showsPanel = true
                chrome.output = outputLines(Self.widthNote)
                return
            }
            if chrome.output == outputLines(Self.widthNote) { chrome.output = [] }
            chrome.showsPanel.toggle()
        }
    }

    /// The note that the panel needs a wider terminal.
    static var widthNote: String {
        "The tree panel shows once the terminal is at least \(ScreenLayout.panelMinimumColumns) columns wide."
    }

    /// `text` as output lines, without the empty line after its last line break.
    func outputLines(_ text: String) -> [StyledLine] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { [StyledSpan(String($0))] }
        if lines.last == [StyledSpan("")] { lines.removeLast() }
        return lines
    }

    /// Completes the word before the cursor on the command line, listing the candidates when several fit.
    func complete() {
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
        lineAsCompleted = after.isEmpty && result.candidates.isEmpty ? result.text : nil
        for _ in 0..<after.count { editor.apply(.left) }
        chrome.output = result.candidates.isEmpty ? [] : [[StyledSpan(result.candidates.joined(separator: "  "))]]
    }
}
