import AppInterface

/// The full screen's questions: before leaving with work that would be lost, and a secure field's value typed
/// masked on the command line.
extension FullScreenSession {
    /// Asks before leaving when work would be lost; whether to leave.
    func confirmLeaving() -> Bool {
        guard let question = session.leaveQuestion else { return true }
        return ask(question)
    }

    private func ask(_ question: String) -> Bool {
        chrome.status = question
        defer { chrome.status = FullScreenHelp.keysHint }
        while true {
            draw()
            guard let key = nextKey() else { return true }
            switch key {
            case .character("y"), .character("Y"): return true
            case .resize, .pointer, .paste: continue
            default: return false
            }
        }
    }

    /// Reads a secure field's value on the command line, masked; `nil` when cancelled (Escape, Ctrl-C, Ctrl-D).
    func readSecret(label: String) -> String? {
        var secret = LineEditor()
        let savedPrompt = chrome.prompt
        let savedEditor = editor
        defer {
            chrome.prompt = savedPrompt
            editor = savedEditor
            chrome.status = FullScreenHelp.keysHint
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
            case .paste(let text, _): secret.insert(text)
            default: secret.apply(key)
            }
        }
    }
}
