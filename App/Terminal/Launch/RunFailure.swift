import AppInterface

/// Why a run of the app fails, as a value: every way a run can end in failure, turned into the text written to the
/// error output and the exit code in ``report(to:)`` alone, so the wording and the code of a failure are decided
/// once. (What a flow could not do while a command ran is the flows' `AppFailure`: a message, not an exit.)
enum RunFailure: Error, Equatable, CustomStringConvertible {
    /// The command line is wrong: `reason` and where to read the usage (exit code 64).
    case usage(String)
    /// A data file the app cannot trust or cannot write, found at the start or after the script's line `line`.
    /// A fatal one adds the data's advice and stops with exit code 2, another one exits 1.
    case data(DataFailure, line: Int? = nil)
    /// The script file at `path` cannot be read, for `reason` (exit code 1).
    case unreadableScript(path: String, reason: String)
    /// The link of `--open` could not be followed in a script, for `reason` (exit code 1).
    case link(String)
    /// The script's line `line` failed with `message` (exit code 1).
    case script(line: Int, message: String)
    /// The app could not start, for `reason` (exit code 1).
    case launch(String)

    /// The code the process ends with on this failure, as the README documents it.
    var exitCode: Int32 {
        switch self {
        case .usage: ExitCode.usage
        case .data(let failure, _): failure.exitCode
        case .unreadableScript, .link, .script, .launch: ExitCode.failure
        }
    }

    /// The text written to the error output, every line ended and everything from outside made safe to print.
    var description: String {
        switch self {
        case .usage(let reason):
            // The reason alone, with where the usage is: printed after it, the usage would scroll the reason away.
            return "app: \(reason)\nsee 'app --help' for the usage\n"
        case .data(let failure, let line):
            let prefix = line.map { "line \($0): " } ?? "app: "
            let cause = prefix + TerminalText.escaped(failure.description) + "\n"
            guard failure.isFatal else { return cause }
            let advice = failure.advice.map { "; " + $0 } ?? ""
            return cause + "app: stopped so nothing is overwritten\(advice)\n"
        case .unreadableScript(let path, let reason):
            return "app: cannot read the script \(TerminalText.escaped(path)): \(reason)\n"
        case .link(let reason):
            return "app: --open: \(TerminalText.escaped(reason))\n"
        case .script(let line, let message):
            return "line \(line): \(TerminalText.escaped(message))\n"
        case .launch(let reason):
            return "app: \(TerminalText.escaped(reason))\n"
        }
    }

    /// Writes ``description`` to `errorOutput` and returns ``exitCode``.
    func report(to errorOutput: any AppMain.TextOutput) -> Int32 {
        errorOutput.write(description)
        return exitCode
    }
}
