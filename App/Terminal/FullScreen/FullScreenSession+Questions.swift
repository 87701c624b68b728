import AppInterface

/// The full screen's questions: before leaving with work that would be lost, and a secure field's value typed
/// masked on the command line.
extension FullScreenSession {
    /// Leaves (Ctrl-C, Ctrl-D, `quit`), asking first when work would be lost; the exit code, or `nil` to stay.
    ///
    /// What was typed into the focused field is set and saved first, as leaving the field would: the app keeps it
    /// as its draft, and its question counts it. Text the field refuses is kept in the field to type on, and the
    /// question says it would be lost.
    func leave() async -> Int32? {
        let refusal = await keepTypedText()
        if let code = settle() { return code }
        if let refusal {
            return ask("Leave? What was typed into the field is lost (\(refusal)). (y/n)") ? ExitCode.success : nil
        }
        guard let question = session.leaveQuestion else { return ExitCode.success }
        let leaves = ask(question)
        // Damaged data found while the question waited stops the app with its own exit code.
        if let code = settle() { return code }
        return leaves ? ExitCode.success : nil
    }

    /// `q` with nothing to close or go back from: leaves, always asking first (the question of ``leave()`` when work
    /// would be lost, else whether to quit); the exit code, or `nil` to stay.
    func quitAsking() async -> Int32? {
        if session.leaveQuestion == nil, draft?.valueToSet == nil {
            guard ask(Self.quitQuestion) else { return nil }
        }
        return await leave()
    }

    /// What `q` asks before the app ends, where nothing would be lost.
    static let quitQuestion = "Quit? (y/n)"

    /// Ctrl-D: deletes the character under the cursor where there is text to delete, else leaves (asking first).
    func endOfInput() async -> Int32? {
        if isCommandLineOpen, !editor.characters.isEmpty {
            editor.apply(.delete)
        } else if draft?.isEmpty == false {
            _ = draft?.apply(.delete)
        } else {
            return await leave()
        }
        return nil
    }

    /// Sets what was typed into the focused field and not yet set, as leaving the field would; why the field
    /// refused it, if it did, and then the text stays in the field to be typed on.
    func keepTypedText() async -> String? {
        guard let typed = draft, typed.valueToSet != nil else { return nil }
        guard let refusal = await setDraft() else { return nil }
        draft = typed
        return refusal
    }

    /// Asks `text` on the status line; whether the person answered yes (`y`). A signal answers yes (the app ends);
    /// damaged data found meanwhile answers no, and stops the app once the question's caller settles.
    func ask(_ text: String) -> Bool {
        question = text
        defer { question = nil }
        while true {
            draw()
            guard let key = nextKey() else { return terminal.terminationSignal != nil }
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
