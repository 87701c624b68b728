import AppInterface
import Core

/// Typing on the full screen: characters into the command line or the focused field, a paste taken in one step,
/// and the one line limit both share with the line mode.
extension FullScreenSession {
    /// Takes in the characters already waiting, as a paste delivers them, before the next draw: drawing after
    /// each of them would cost the paste's length squared.
    /// Stops at a termination signal, which the next wait for a key then answers.
    ///
    /// In a field of several lines, Enter with more text right behind it (a paste the terminal does not bracket: its
    /// lines arrive together, faster than anyone types) is a line break of the paste, as a bracketed paste's is; so
    /// is an Enter ending what arrived once the same read held such a line break (a paste ending in a line break), so
    /// the person reviews what was pasted before Enter sets it. An Enter ending what arrived with no line break
    /// before it ("text" and Enter from a script) is the key. In a field of one line, a secure one among them, Enter
    /// is always the key: it sets the field and moves on, so an email and a password typed together with Enter after
    /// each log in, and nothing typed after an Enter ever goes into the field before it.
    func takeInTypedCharacters() {
        var hasTakenLineBreaks = false
        while pendingKey == nil, queuedKeys.isEmpty, terminal.terminationSignal == nil,
            let key = terminal.readKey(timeout: 0)
        {
            switch key {
            case .character:
                if isCommandLineOpen { type(key) } else { typeInField(key) }
            case .enter where draft?.isMultiline == true && !isCommandLineOpen:
                hasTakenLineBreaks = takeInPastedLineBreaks(afterLineBreaks: hasTakenLineBreaks) || hasTakenLineBreaks
            default:
                pendingKey = key
                return
            }
        }
    }

    /// Enter read in a field of several lines among characters already waiting: with more characters behind it, it
    /// and any Enter right after it are line breaks of a paste; so are they where they end what arrived
    /// `afterLineBreaks` of the same paste; otherwise the last of them is the Enter a person pressed. Whether line
    /// breaks were typed.
    private func takeInPastedLineBreaks(afterLineBreaks: Bool) -> Bool {
        var enters = 1
        var next = terminal.readKey(timeout: 0)
        while next == .enter {
            enters += 1
            next = terminal.readKey(timeout: 0)
        }
        if case .character = next {
            typeLineBreaks(enters)
            if let next { typeInField(next) }
            return true
        }
        if afterLineBreaks {
            typeLineBreaks(enters)
        } else {
            typeLineBreaks(enters - 1)
            pendingKey = .enter
        }
        if let next { queuedKeys.insert(next, at: 0) }
        return enters > 1 || afterLineBreaks
    }

    /// Types `count` line breaks of a paste into the field of several lines being typed into.
    private func typeLineBreaks(_ count: Int) {
        guard count > 0, let field = draft, field.isMultiline else { return }
        let lineBreaks = String(repeating: Command.multilineTyping(of: "\n"), count: count)
        if draft?.insert(lineBreaks) == false { chrome.error = Self.fieldTooLong }
    }

    /// A character that is no key on the screen, pressed with the focus on a field that does not take the keys
    /// (the letter keys, Esc or a command left it there): the status line says how to type into it, for a person who
    /// meant to.
    func noteKeyIgnored(_ key: EditingKey) {
        guard mode == .browsing, case .character = key, case .field(let field) = focus.focused?.kind else { return }
        statusMessage = "Enter types into \(field.label) (on the screen, letters are keys: ? shows them)"
    }

    /// Edits the command line with `key`; a character that would make it longer than the line mode takes is
    /// refused, saying so.
    func type(_ key: EditingKey) {
        lineAsCompleted = nil
        if case .character(let character) = key, !editor.canInsert(String(character)) {
            chrome.error = Self.tooLong
            return
        }
        editor.apply(key)
    }

    /// Edits the field being typed into with `key`; a character that would make it longer than a line is refused,
    /// saying so.
    func typeInField(_ key: EditingKey) {
        // Edited in place: a copy of the draft, edited and put back, would copy its text at every key.
        if draft?.apply(key) == false { chrome.error = Self.fieldTooLong }
    }

    /// A paste is text typed at the cursor in one step, never a command: a pasted line runs only on Enter. One
    /// that would make the line longer than the line mode takes is not taken at all, saying so. Pasted on the
    /// screen, it goes into the focused field (a field of several lines keeps its line breaks), which it begins
    /// typing into when the letter keys brought the focus there, or opens the command line with it, as one line.
    func paste(_ text: String, bytes: Int) {
        if draft == nil, !isCommandLineOpen, focus.focused?.isField == true {
            typesIntoFocusedField = true
            beginTypingIfOnField()
        }
        if let field = draft, !isCommandLineOpen {
            let typed = field.isMultiline ? Command.multilineTyping(of: text) : EditingKey.oneLine(text)
            if draft?.insert(typed) == false {
                chrome.error = Self.fieldTooLong + Self.pasteNotTaken(bytes)
            } else if chrome.error?.hasPrefix(Self.fieldTooLong) == true {
                // A paste that was taken is what the field now holds: the refusal of an earlier one is done with.
                chrome.error = nil
            }
            return
        }
        lineAsCompleted = nil
        guard editor.insert(BracketedPaste.commandLine(text)) else {
            refusePaste(bytes)
            return
        }
        isCommandLineOpen = true
        if chrome.error?.hasPrefix(Self.tooLong) == true { chrome.error = nil }
    }

    private func refusePaste(_ bytes: Int) {
        chrome.error = Self.tooLong + Self.pasteNotTaken(bytes)
    }

    /// What a refused paste adds to why.
    private static func pasteNotTaken(_ bytes: Int) -> String {
        ": the paste (\(bytes) bytes) was not taken"
    }

    /// Why the line takes no more: the line mode's words for the same limit.
    static let tooLong = "the line is longer than \(LineEditor.maximumBytes) bytes"

    /// Why a field takes no more: its text is set as a line's, so the same limit holds.
    static let fieldTooLong = "the field's text is longer than \(LineEditor.maximumBytes) bytes"
}
