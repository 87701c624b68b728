import AffectedTests
import Foundation

/// `swift run affected-tests --base REF [--list] [--package-path DIR]`: lists or runs the test targets that the
/// changes since `REF` can affect (see `AffectedTestsCommand` for the options and exit codes).
let thisPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
exit(
    AffectedTestsCommand.run(
        CommandLine.arguments.dropFirst(), defaultPackagePath: thisPackage,
        output: { print($0, terminator: $0.hasSuffix("\n") ? "" : "\n") },
        errors: { FileHandle.standardError.write(Data(($0.hasSuffix("\n") ? $0 : $0 + "\n").utf8)) }))
