import AffectedTests
import Foundation
import PackageReading

/// `swift run affected-tests --base REF [--list]`, `--record-durations` or `--history N [--json]`: lists or runs the
/// test targets that the changes since `REF` can affect, measures each test target, or replays the branch's history,
/// in the package of the current directory (the nearest folder at or above it with a `Package.swift`), as
/// `swift package` and `git` find theirs, unless `--package-path` names another (see `AffectedTestsCommand` for the
/// options and exit codes).
let current = PackageLocation.currentDirectory()
exit(
    AffectedTestsCommand.run(
        CommandLine.arguments.dropFirst(), defaultPackagePath: PackageLocation.enclosingPackage(of: current) ?? current,
        output: { print($0, terminator: $0.hasSuffix("\n") ? "" : "\n") },
        errors: { FileHandle.standardError.write(Data(($0.hasSuffix("\n") ? $0 : $0 + "\n").utf8)) }))
