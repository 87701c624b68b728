import AppInterface

/// The full screen's questions: before leaving with work that would be lost, and a secure field's value typed
/// masked on the command line.
extension FullScreenSession {
    /// Asks before leaving when work would be lost; whether to leave.
    func confirmLeaving() -> Bool {
        guard let question = session.leaveQuestion else { return true }
        return ask(question)
    }

    /// Asks `text` on the status line; whether the person answered yes (`y`).
    func ask(_ text: String) -> Bool {
        question = text
        defer { question = nil }
        while true {
            draw()
            guard let key = nextKey() else { return true }
            if let answer = QuestionAnswer.answer(key) { return answer }
        }
    }

    /// Reads a secure field's value on the command line, masked; `nil` when cancelled (Escape, Ctrl-C, Ctrl-D).
    func readSecret(label: String) -> String? {
        var prompt = SecretPrompt(label: label)
        let savedEditor = editor
        let wasOpen = isCommandLineOpen
        defer {
            secretLabel = nil
            question = nil
            editor = savedEditor
            isCommandLineOpen = wasOpen
        }
        secretLabel = label
        question = "Typed as dots · Enter set · Esc cancel"
        isCommandLineOpen = true
        while true {
            let shown = prompt.shown
            editor = LineEditor()
            editor.setText(shown.text)
            for _ in 0..<(shown.text.count - shown.cursor) { editor.apply(.left) }
            draw()
            guard let key = nextKey() else { return nil }
            switch prompt.handle(key) {
            case .typing: continue
            case .entered(let value): return value
            case .cancelled: return nil
            }
        }
    }
}
