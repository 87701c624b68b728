import Glibc

/// The command line of one of the package's executables: its options and positional arguments, read in one
/// pass, with `--help` and one style of usage error for every command.
///
/// ```swift
/// let json = ArgumentParser.Option.flag("--json")
/// let parser = ArgumentParser(command: "benchmarks", usage: "usage: benchmarks [--json]\n", options: [json])
/// let arguments = parser.parseOrExit()
/// print(arguments.contains(json) ? report.json() : report.table())
/// ```
///
/// An option with a value takes it as the next argument or after `=` (`--data-dir PATH`, `--data-dir=PATH`).
/// `--help` (or `-h`) stops the parse wherever it stands, so it works whatever else the line holds. A usage
/// error is printed as `command: problem`, a blank line and the usage, on standard error, with exit code 64
/// (`EX_USAGE` of `sysexits.h`).
public struct ArgumentParser: Sendable {
    /// One option: a flag, or an option that takes a value.
    public struct Option: Sendable, Hashable {
        /// Its names, such as `["--help", "-h"]`; the first names it in messages.
        public let names: [String]
        /// Whether it takes a value.
        public let takesValue: Bool

        /// A flag, such as `--json`, which takes no value.
        public static func flag(_ names: String...) -> Option { Option(names: names, takesValue: false) }

        /// An option with a value, such as `--data-dir PATH`.
        public static func value(_ names: String...) -> Option { Option(names: names, takesValue: true) }

        var name: String { names.first ?? "" }
    }

    /// What a parsed command line holds.
    public struct Arguments: Sendable, Equatable {
        /// The value of each option given, by its first name; a flag's value is empty.
        public var values: [String: String] = [:]
        /// The positional arguments, in order.
        public var positionals: [String] = []

        /// Whether `option` was given.
        public func contains(_ option: Option) -> Bool { values[option.name] != nil }

        /// The value given to `option` (the last one, if it was given twice).
        public func value(of option: Option) -> String? { values[option.name] }
    }

    /// What the command line asks for: a run with its arguments, or only the usage.
    public enum Request: Sendable, Equatable {
        /// Run the command with these arguments.
        case run(Arguments)
        /// Print the usage and exit 0.
        case help
    }

    /// `--help`, which every command accepts.
    static let help = Option.flag("--help", "-h")

    /// The exit code of a usage error: `EX_USAGE` of `sysexits.h`.
    public static let usageErrorStatus: Int32 = 64

    /// The command's name, which starts every message.
    public let command: String
    /// The usage text printed by `--help` and after a usage error.
    public let usage: String
    /// The options the command accepts (`--help` and `-h` are always accepted).
    public let options: [Option]
    /// What each required positional argument is, in order, such as `the feature's name`.
    public let positionals: [String]

    /// A parser for `command`: its `usage`, its `options` and its required `positionals`.
    public init(command: String, usage: String, options: [Option], positionals: [String] = []) {
        self.command = command
        self.usage = usage
        self.options = options
        self.positionals = positionals
    }

    /// Reads `arguments` (without the program's name).
    public func parse(_ arguments: [String]) throws(UsageError) -> Request {
        var parsed = Arguments()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-"), argument != "-" else {
                guard parsed.positionals.count < positionals.count else {
                    throw UsageError("unknown argument '\(Self.quoted(argument))'")
                }
                parsed.positionals.append(argument)
                continue
            }
            let equals = argument.hasPrefix("--") ? argument.firstIndex(of: "=") : nil
            let name = equals.map { String(argument[..<$0]) } ?? argument
            guard let option = (options + [Self.help]).first(where: { $0.names.contains(name) }) else {
                throw UsageError("unknown argument '\(Self.quoted(argument))'")
            }
            if option == Self.help, equals == nil { return .help }
            if option.takesValue {
                guard let value = equals.map({ String(argument[argument.index(after: $0)...]) }) ?? remaining.popFirst()
                else { throw UsageError("\(name) needs a value") }
                parsed.values[option.name] = value
            } else {
                guard equals == nil else { throw UsageError("\(name) takes no value") }
                parsed.values[option.name] = ""
            }
        }
        if parsed.positionals.count < positionals.count {
            throw UsageError("\(positionals[parsed.positionals.count]) is missing")
        }
        return .run(parsed)
    }

    /// Parses `arguments` and returns the exit code of `body` run with them. On `--help`, writes the usage to
    /// `output` and returns 0; on a usage error, writes its message to `errors` and returns 64.
    public func run(
        _ arguments: some Sequence<String>, output: (String) -> Void, errors: (String) -> Void,
        _ body: (Arguments) -> Int32
    ) -> Int32 {
        do {
            switch try parse(Array(arguments)) {
            case .help:
                output(usage)
                return 0
            case .run(let parsed):
                return body(parsed)
            }
        } catch {
            errors(message(for: error))
            return Self.usageErrorStatus
        }
    }

    /// Parses the process's arguments for a command whose whole run follows: returns them, or exits as `run`
    /// does, with the usage on standard output (`--help`, 0) or the usage error on standard error (64).
    public func parseOrExit(_ arguments: some Sequence<String> = CommandLine.arguments.dropFirst()) -> Arguments {
        var parsed: Arguments?
        let status = run(
            arguments, output: { print($0, terminator: $0.hasSuffix("\n") ? "" : "\n") },
            errors: { message in
                let text = message.hasSuffix("\n") ? message : message + "\n"
                let bytes = Array(text.utf8)
                _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            }
        ) { arguments in
            parsed = arguments
            return 0
        }
        guard let parsed else { exit(status) }
        return parsed
    }

    /// The text of a usage error: `command: problem`, a blank line, then the usage.
    public func message(for error: UsageError) -> String {
        "\(command): \(error.description)\n\n\(usage)"
    }

    /// `text` with control characters escaped (`\u{1B}`) and cut to 60 characters, for echoing an argument.
    static func quoted(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped.count > 60 ? String(escaped.prefix(60)) + "…" : escaped
    }
}

/// A command line the command cannot run: what is wrong with it, in a few words.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problem, such as `--data-dir needs a value`.
    public let description: String

    /// A usage error that says `description`.
    public init(_ description: String) {
        self.description = description
    }
}
