import AffectedTests
import Foundation

/// `swift run affected-tests --base REF [--list]`, `--record-durations` or `--history N [--json]`: lists or runs the
/// test targets that the changes since `REF` can affect, measures each test target, or replays the branch's history,
/// in the package in the current directory, as `swift package` and `git` do, unless `--package-path` names another
/// (see `AffectedTestsCommand` for the options and exit codes).
exit(
    AffectedTestsCommand.run(
        CommandLine.arguments.dropFirst(),
        output: { print($0, terminator: $0.hasSuffix("\n") ? "" : "\n") },
        errors: { FileHandle.standardError.write(Data(($0.hasSuffix("\n") ? $0 : $0 + "\n").utf8)) }))
