package import AppInterface
import FoundationEssentials
import Glibc

/// The app's single entry point: the `app` executable runs it as its whole process (``runAsProcess(app:)``), and
/// tests call it with scripted input and captured output, so both run exactly the same code.
///
/// Exit codes: `0` success, `1` a command or script failed (or the data directory is not usable), `2` a data
/// file is corrupt or unreadable, `64` the command line is wrong, `128 + N` ended by signal `N`.
public enum AppMain {
    /// Where the app reads commands from: raw bytes, so any input, valid UTF-8 or not, is handled.
    public protocol ByteInput: AnyObject {
        /// Whether a person types at a terminal (turns on the interactive mode).
        var isTerminal: Bool { get }
        /// Reads up to `maximumCount` bytes; an empty array means the end of the input.
        func read(maximumCount: Int) -> [UInt8]
        /// Turns the terminal's echo of typed characters on or off (used to read a password); does nothing
        /// where there is no terminal.
        func setEcho(_ isOn: Bool)
        /// The file descriptor read, when it is the process's own terminal: the full-screen mode draws through
        /// the terminal itself, so it runs only when both streams have one. `nil` by default.
        var fileDescriptor: Int32? { get }
    }

    /// Where the app writes text.
    public protocol TextOutput: AnyObject {
        /// Whether the text goes to a terminal (colour is used only then, and never with `NO_COLOR`).
        var isTerminal: Bool { get }
        /// Writes `text` as it is.
        func write(_ text: String)
        /// The file descriptor written, when it is the process's own terminal (see
        /// ``ByteInput/fileDescriptor``). `nil` by default.
        var fileDescriptor: Int32? { get }
    }

    /// The process's standard input.
    public final class StandardInput: ByteInput {
        /// Reads from file descriptor 0.
        public init() {}

        /// Whether standard input is a terminal.
        public var isTerminal: Bool { isatty(STDIN_FILENO) == 1 }

        /// Standard input's descriptor, 0.
        public var fileDescriptor: Int32? { STDIN_FILENO }

        /// Reads what is available, up to `maximumCount` bytes.
        public func read(maximumCount: Int) -> [UInt8] {
            var buffer = [UInt8](repeating: 0, count: max(1, maximumCount))
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                return count > 0 ? Array(buffer[0..<count]) : []
            }
        }

        /// Switches the terminal's echo through termios. While echo is off, any signal that ends the process
        /// discards what was typed and turns echo back on first (``TerminationSignals``), so the person's shell
        /// gets neither a terminal without echo nor the half-typed secret.
        public func setEcho(_ isOn: Bool) {
            guard isTerminal else { return }
            var settings = termios()
            guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
            if isOn {
                settings.c_lflag |= tcflag_t(ECHO)
                tcsetattr(STDIN_FILENO, TCSANOW, &settings)
                TerminationSignals.releaseHiddenPrompt()
            } else {
                TerminationSignals.guardHiddenPrompt(settings)
                settings.c_lflag &= ~tcflag_t(ECHO)
                tcsetattr(STDIN_FILENO, TCSANOW, &settings)
            }
        }
    }

    /// Standard output or standard error.
    public final class StandardOutput: TextOutput {
        private let descriptor: Int32

        /// Standard output.
        public static func output() -> StandardOutput { StandardOutput(fileDescriptor: STDOUT_FILENO) }

        /// Standard error.
        public static func error() -> StandardOutput { StandardOutput(fileDescriptor: STDERR_FILENO) }

        private init(fileDescriptor: Int32) {
            self.descriptor = fileDescriptor
        }

        /// Whether the descriptor is a terminal.
        public var isTerminal: Bool { isatty(descriptor) == 1 }

        /// The descriptor written.
        public var fileDescriptor: Int32? { descriptor }

        /// Writes every byte of `text`; gives up quietly if the reader went away.
        public func write(_ text: String) {
            writeEveryByte(of: text, to: descriptor)
        }
    }

    /// Runs `app` to completion and returns its exit code.
    ///
    /// - Parameters:
    ///   - app: opens the app the terminal drives: the executable passes the live one.
    ///   - arguments: the command-line arguments, without the program name.
    ///   - environment: the environment variables (`APP_DATA_DIR`, `XDG_DATA_HOME`, `HOME`, `APP_NOW`,
    ///     `NO_COLOR`, `TERM`).
    ///   - input: where commands come from (ignored for commands when `--script` is given).
    ///   - output: where screens, `state` and `tree` go.
    ///   - error: where errors go.
    @MainActor
    package static func run(
        app: any AppLauncher,
        arguments: [String],
        environment: [String: String],
        input: any ByteInput,
        output: any TextOutput,
        error: any TextOutput
    ) async -> Int32 {
        await AppRunner(app: app, environment: environment, input: input, output: output, error: error)
            .run(arguments: arguments)
    }

    /// Runs `app` as an executable's whole run: with the process's arguments and environment, on standard input,
    /// output and error, then ends the process with the exit code.
    @MainActor
    package static func runAsProcess(app: any AppLauncher) async -> Never {
        let status = await run(
            app: app,
            arguments: Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment,
            input: StandardInput(),
            output: StandardOutput.output(),
            error: StandardOutput.error())
        exit(status)
    }
}

extension AppMain.ByteInput {
    /// No descriptor: input from memory, a file or a pipe never runs the full screen.
    public var fileDescriptor: Int32? { nil }
}

extension AppMain.TextOutput {
    /// No descriptor: output to memory or a file never runs the full screen.
    public var fileDescriptor: Int32? { nil }
}

/// Writes every byte of `text` to `descriptor`, again after an interrupted or a short write; gives up quietly when
/// the descriptor takes no more (the reader went away, the disk is full).
func writeEveryByte(of text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}
