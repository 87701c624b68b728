import AppInterface
import Core

/// Waiting for the next key: a termination signal is noticed at once, and while no key comes the app is read again
/// every ``FullScreenSession/refreshInterval``.
extension FullScreenSession {
    /// The next key, waiting in short steps so a termination signal is noticed at once; `nil` after a signal, or
    /// once a refresh while waiting found the data damaged (the app then stops as the command that found it would:
    /// ``settle()`` reports it).
    func nextKey() -> EditingKey? {
        if let key = pendingKey {
            pendingKey = nil
            return key
        }
        if !queuedKeys.isEmpty { return queuedKeys.removeFirst() }
        while terminal.terminationSignal == nil {
            if let key = terminal.readKey(timeout: 100) { return key }
            if ContinuousClock.now >= nextRefresh, !refreshWhileWaiting() { return nil }
        }
        return nil
    }

    /// Reads again what time or another process changed, as a command begins by doing, and draws the screen
    /// again; the wait goes on. What the read changed (another process logged out, or in, and the flow followed) is
    /// said at once, with the text typed into a field that is gone with it. Whether the wait goes on: not when the
    /// read found the data damaged, which the next ``settle()`` reports.
    private func refreshWhileWaiting() -> Bool {
        nextRefresh = ContinuousClock.now + refreshInterval
        let typedField = draft?.valueToSet == nil ? nil : draft?.fieldID
        session.refresh()
        redrawWindow()
        switch session.afterCommand() {
        case .goOn(let notice?):
            let fieldWent =
                typedField.map { id in !snapshot.screensOnTop.contains { $0.content.fields.contains { $0.id == id } } }
                ?? false
            chrome.error = fieldWent ? notice + "; what was typed into the field is gone with it" : notice
        case .goOn(nil):
            break
        case .stop:
            hasSettled = false
            return false
        }
        draw()
        return true
    }

    /// Ctrl-Z: suspends the app as a shell's job, and draws everything again once the shell continues it; where
    /// it cannot be suspended, the status line says why.
    func suspend() async {
        if let refusal = terminal.suspend() {
            statusMessage = refusal
            return
        }
        // Continued: the terminal may have changed size while the app was stopped.
        _ = await session.send(.resize(columns: terminal.size.columns))
        redrawWindow()
        draw(clearingFirst: true)
    }
}
