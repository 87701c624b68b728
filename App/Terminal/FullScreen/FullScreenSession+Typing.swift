import AppInterface

/// Typing on the full screen: characters into the command line or the focused field, a paste taken in one step,
/// and the one line limit both share with the line mode.
extension FullScreenSession {
    /// Takes in the characters already waiting, as a paste delivers them, before the next draw: drawing after
    /// each of them would cost the paste's length squared.
    /// Stops at a termination signal, which the next wait for a key then answers.
    func takeInTypedCharacters() {
        while pendingKey == nil, terminal.terminationSignal == nil, let key = terminal.readKey(timeout: 0) {
            guard case .character = key else {
                pendingKey = key
                return
            }
            if isCommandLineOpen { type(key) } else { typeInField(key) }
        }
    }

    /// Edits the command line with `key`; a character that would make it longer than the line mode takes is
    /// refused, saying so.
    func type(_ key: EditingKey) {
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
            if draft?.insert(typed) == false { chrome.error = Self.fieldTooLong + Self.pasteNotTaken(bytes) }
            return
        }
        guard editor.insert(EditingKey.oneLine(text)) else {
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
