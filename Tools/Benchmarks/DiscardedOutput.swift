import AppTerminal

/// Output that is thrown away, so the figures are those of the app and not of a terminal.
final class DiscardedOutput: AppMain.TextOutput {
    var isTerminal: Bool { false }
    func write(_ text: String) {}
}
