import Core

/// Reads lines, runs them as commands and reports, in the interactive or the scripted mode (see ``AppRunner``).
@MainActor
final class CommandLoop {
    private let reader: LineReader
    private let input: any AppMain.ByteInput
    private let output: any AppMain.TextOutput
    private let errorOutput: any AppMain.TextOutput
    private let isInteractive: Bool
    private let style: TextStyle
    private let keepsGoing: Bool
    private let root: CompositionRoot

    /// Creates a loop over `root` reading commands from `reader`.
    init(
        root: CompositionRoot,
        reader: LineReader,
        input: any AppMain.ByteInput,
        output: any AppMain.TextOutput,
        errorOutput: any AppMain.TextOutput,
        isInteractive: Bool,
        style: TextStyle,
        keepsGoing: Bool
    ) {
        self.root = root
        self.reader = reader
        self.input = input
        self.output = output
        self.errorOutput = errorOutput
        self.isInteractive = isInteractive
        self.style = style
        self.keepsGoing = keepsGoing
    }

    /// Runs until the end of the input, `quit`, a failure in a script (without `--keep-going`) or a data error,
    /// and returns the exit code.
    func run(initialLink: String?) -> Int32 {
        let session = CommandSession(root: root, style: style) { [weak self] label in
            self?.readSecret(prompt: label)
        }
        if let initialLink {
            switch session.execute(.open(initialLink)) {
            case .failed(let message):
                errorOutput.write("app: --open: \(TerminalText.escaped(message))\n")
                if let fatal = session.fatalDataError { return reportFatal(fatal) }
                return ExitCode.failure
            case .done, .quit:
                break
            }
        }
        if isInteractive {
            output.write(style.dim("Modular Coordinators. Type help for the commands, quit to leave.") + "\n\n")
            output.write(session.renderScreen())
        }
        var lineNumber = 0
        var anyFailed = false
        while true {
            if isInteractive { output.write("> ") }
            guard let line = reader.next() else { break }
            lineNumber += 1
            let outcome = outcome(of: line, in: session)
            if let fatal = session.fatalDataError { return reportFatal(fatal, line: lineNumber) }
            switch outcome {
            case .quit:
                return isInteractive || !anyFailed ? ExitCode.success : ExitCode.failure
            case .done(let text):
                if let text { output.write(text) }
                if isInteractive, text == nil { output.write("\n" + session.renderScreen()) }
            case .failed(let message):
                anyFailed = true
                if isInteractive {
                    output.write("\n" + session.renderScreen())
                    errorOutput.write(style.error("error: " + TerminalText.escaped(message)) + "\n")
                } else {
                    errorOutput.write("line \(lineNumber): \(TerminalText.escaped(message))\n")
                    if !keepsGoing { return ExitCode.failure }
                }
            }
        }
        if isInteractive { output.write("\n") }
        return isInteractive || !anyFailed ? ExitCode.success : ExitCode.failure
    }

    private func outcome(of line: LineReader.Line, in session: CommandSession) -> CommandSession.Outcome {
        switch line {
        case .tooLong:
            return .failed("the line is longer than \(reader.maximumLength) bytes")
        case .invalidUTF8:
            return .failed("the line is not valid UTF-8")
        case .text(let text):
            do {
                guard let command = try Command.parse(text) else { return .done(output: "") }
                return session.execute(command)
            } catch {
                return .failed(error.description)
            }
        }
    }

    private func reportFatal(_ error: DataError, line: Int? = nil) -> Int32 {
        let prefix = line.map { "line \($0): " } ?? "app: "
        errorOutput.write(prefix + TerminalText.escaped(error.description) + "\n")
        errorOutput.write("app: stopped so nothing is overwritten; run with --move-aside-corrupt-data to start fresh\n")
        return ExitCode.dataError
    }

    /// Reads one line without echo, for a secure field; only at a terminal.
    private func readSecret(prompt: String) -> String? {
        guard isInteractive else { return nil }
        output.write(TerminalText.escaped(prompt) + ": ")
        input.setEcho(false)
        let line = reader.next()
        input.setEcho(true)
        output.write("\n")
        if case .text(let text) = line { return text }
        return nil
    }
}
