import AppTerminal

/// Output kept in memory, to explain a failed run.
final class KeptOutput: AppMain.TextOutput {
    private(set) var text = ""
    var isTerminal: Bool { false }
    func write(_ text: String) { self.text += text }
}
