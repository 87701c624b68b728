import ArgumentParsing
import Testing

/// One grammar for every executable: options with and without values, positionals, `--help` and usage errors.
@Suite("The argument parser")
struct ArgumentParserTests {
    let output = ArgumentParser.Option.value("--output", "-o")
    let verbose = ArgumentParser.Option.flag("--verbose")
    var parser: ArgumentParser {
        ArgumentParser(
            command: "tool", usage: "usage: tool <Name>", options: [output, verbose], positionals: ["the name"])
    }

    @Test("It reads flags, values after a space or `=`, aliases and positionals in any order")
    func readsArguments() throws {
        let request = try parser.parse(["--verbose", "Profile", "--output=a"])
        guard case .run(let arguments) = request else { Issue.record("no run: \(request)"); return }
        #expect(arguments.contains(verbose))
        #expect(arguments.value(of: output) == "a")
        #expect(arguments.positionals == ["Profile"])
        guard case .run(let short) = try parser.parse(["-o", "b", "Profile"]) else { return }
        #expect(short.value(of: output) == "b")
        #expect(!short.contains(verbose))
    }

    @Test("--help and -h stop the parse wherever they stand, even before a missing value")
    func helpStopsParse() throws {
        #expect(try parser.parse(["Profile", "--help", "--output"]) == .help)
        #expect(try parser.parse(["-h"]) == .help)
    }

    @Test(
        "Each malformed command line is a usage error that says what is wrong",
        arguments: [
            (["Profile", "--bogus"], "unknown argument '--bogus'"),
            (["Profile", "Other"], "unknown argument 'Other'"),
            (["Profile", "--output"], "--output needs a value"),
            (["Profile", "--verbose=yes"], "--verbose takes no value"),
            (["Profile", "--help=yes"], "--help takes no value"),
            ([], "the name is missing"),
            (["Profile", "--\u{1B}[31m"], "unknown argument '--\\u{1B}[31m'"),
        ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try parser.parse(arguments) }
    }

    @Test("run: the usage on --help with 0, the error and the usage on a usage error with 64, else the body's code")
    func runReportsOutcome() {
        var printed: [String] = []
        var errors: [String] = []
        let help = parser.run(["--help"], output: { printed.append($0) }, errors: { errors.append($0) }) { _ in 3 }
        #expect(help == 0 && printed == ["usage: tool <Name>"] && errors.isEmpty)
        let bad = parser.run(["--bogus"], output: { printed.append($0) }, errors: { errors.append($0) }) { _ in 3 }
        #expect(bad == 64 && ArgumentParser.usageErrorStatus == 64)
        #expect(errors == ["tool: unknown argument '--bogus'\n\nusage: tool <Name>"])
        let ran = parser.run(["Profile"], output: { printed.append($0) }, errors: { errors.append($0) }) { arguments in
            arguments.positionals == ["Profile"] ? 3 : 4
        }
        #expect(ran == 3)
    }
}
