import AppInterface
import Core
import FoundationEssentials
import InputRules

/// Reads lines, runs them as commands and reports, in the interactive or the scripted mode (see ``AppRunner``).
@MainActor
final class CommandLoop {
    private let reader: LineReader
    private let input: any AppMain.ByteInput
    private let output: any AppMain.TextOutput
    private let errorOutput: any AppMain.TextOutput
    private let isInteractive: Bool
    private let style: TextStyle
    private let errorStyle: TextStyle
    private let keepsGoing: Bool
    private let session: any AppSession

    /// Creates a loop over the app's `session` reading commands from `reader`; `style` is for `output` and `errorStyle` for
    /// `errorOutput`, since only one of them may be a terminal.
    init(
        session: any AppSession,
        reader: LineReader,
        input: any AppMain.ByteInput,
        output: any AppMain.TextOutput,
        errorOutput: any AppMain.TextOutput,
        isInteractive: Bool,
        style: TextStyle,
        errorStyle: TextStyle,
        keepsGoing: Bool
    ) {
        self.session = session
        self.reader = reader
        self.input = input
        self.output = output
        self.errorOutput = errorOutput
        self.isInteractive = isInteractive
        self.style = style
        self.errorStyle = errorStyle
        self.keepsGoing = keepsGoing
    }

    /// Runs until the end of the input, `quit`, a failure in a script (without `--keep-going`) or a data error,
    /// and returns the exit code. `linkFailure` is why the link of `--open` could not be followed, if it could not.
    func run(linkFailure: String?) async -> Int32 {
        let readSecret: ((String) -> String?)? =
            isInteractive ? { [weak self] label in self?.readSecret(prompt: label) } : nil
        let confirm: ((String) -> Bool)? =
            isInteractive ? { [weak self] question in self?.confirms(question) ?? false } : nil
        let commands = CommandSession(session: session, style: style, readSecret: readSecret, confirm: confirm)
        if let code = settle(line: nil) { return code }
        if let linkFailure, !isInteractive {
            return RunFailure.link(linkFailure).report(to: errorOutput)
        }
        if isInteractive {
            output.write(style.dim("Modular Coordinators. Type help for the commands, quit to leave.") + "\n\n")
            output.write(commands.renderScreen(session.snapshot()))
            if let linkFailure {
                errorOutput.write(errorStyle.error("error: --open: " + TerminalText.escaped(linkFailure)) + "\n")
            }
        }
        var lineNumber = 0
        var anyFailed = false
        while true {
            if isInteractive {
                if let held = CommandSession.heldSwipeStatus(in: session.snapshot()) {
                    output.write(style.dim(held) + "\n")
                }
                output.write("> ")
            }
            guard let line = reader.next() else {
                // Ctrl-D at a terminal: ask first when work would be lost.
                if isInteractive, !confirmsLeaving(afterEndOfInput: true) { continue }
                break
            }
            lineNumber += 1
            let outcome = await outcome(of: line, in: commands)
            if let code = settle(line: lineNumber) { return code }
            switch outcome {
            case .quit:
                if isInteractive, !confirmsLeaving(afterEndOfInput: false) { continue }
                return isInteractive || !anyFailed ? ExitCode.success : ExitCode.failure
            case .done(let text):
                if let text { output.write(text) }
                if isInteractive, text == nil { output.write("\n" + commands.renderScreen(session.snapshot())) }
                if isInteractive, let notice = commands.notice { output.write(style.dim(notice) + "\n") }
            case .failed(let message):
                anyFailed = true
                if isInteractive {
                    output.write("\n" + commands.renderScreen(session.snapshot()))
                    errorOutput.write(errorStyle.error("error: " + TerminalText.escaped(message)) + "\n")
                } else {
                    let failure = RunFailure.script(line: lineNumber, message: message)
                    if !keepsGoing { return failure.report(to: errorOutput) }
                    errorOutput.write(failure.description)
                }
            }
        }
        if isInteractive { output.write("\n") }
        return isInteractive || !anyFailed ? ExitCode.success : ExitCode.failure
    }

    /// What the session says after a command (or the start) settled: the exit code when the app stops on damaged
    /// data, else `nil`, with where the person is saved (a failed save told in one line).
    private func settle(line: Int?) -> Int32? {
        switch session.afterCommand() {
        case .stop(let failure):
            return RunFailure.data(failure, line: line).report(to: errorOutput)
        case .goOn(let notice):
            if let notice { errorOutput.write("app: \(TerminalText.escaped(notice))\n") }
            return nil
        }
    }

    private func outcome(of line: LineReader.Line, in session: CommandSession) async -> CommandSession.Outcome {
        switch line {
        case .tooLong:
            return .failed("the line is longer than \(reader.maximumLength) bytes")
        case .invalidUTF8:
            return .failed("the line is not valid UTF-8")
        case .text(let text):
            do {
                guard let command = try Command.parse(text) else { return .done(output: "") }
                return await session.execute(command)
            } catch {
                return .failed(error.description)
            }
        }
    }

    /// Whether to leave: yes when no work would be lost, else the person's answer to the question (and yes when
    /// the input ends before an answer, since nobody is left to ask).
    private func confirmsLeaving(afterEndOfInput: Bool) -> Bool {
        guard let question = session.leaveQuestion else { return true }
        output.write((afterEndOfInput ? "\n" : "") + question + " ")
        guard case .text(let answer) = reader.next() else { return true }
        return Self.isYes(answer)
    }

    /// Asks an action's `question` (interactive only): whether the person answered yes. The end of the input
    /// before an answer is a no, so nothing is done that nobody confirmed.
    private func confirms(_ question: String) -> Bool {
        output.write(TerminalText.escaped(question) + " (y/n) ")
        guard case .text(let answer) = reader.next() else {
            output.write("\n")
            return false
        }
        return Self.isYes(answer)
    }

    /// Whether `answer` to a question is yes: `y` or `yes`, in any case, with spaces around.
    private static func isYes(_ answer: String) -> Bool {
        ["y", "yes"].contains(InputText.trimmed(answer).lowercased())
    }

    /// Reads one line without echo, for a secure field (interactive only). Returns `nil` when the input ends
    /// before Return (Ctrl-D), or the line is refused: the `set` is then cancelled.
    ///
    /// Echo goes off before the prompt is written: whatever is typed once the prompt shows is hidden, and a
    /// signal that ends the app then finds the guard in place.
    private func readSecret(prompt: String) -> String? {
        input.setEcho(false)
        output.write(TerminalText.escaped(prompt) + ": ")
        let line = reader.next(requiringLineBreak: true)
        input.setEcho(true)
        output.write("\n")
        if case .text(let text) = line { return text }
        return nil
    }
}
