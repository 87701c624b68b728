import BoundaryCheck
import Foundation

/// `swift run boundary-check`: checks the module boundaries of the package in the current directory, the nearest
/// folder at or above it with a `Package.swift`, as `swift package` and `git` find theirs (see `CheckCommand` for
/// the options and exit codes). In this package, the target depends on the checked modules, so `swift run` builds
/// them before the check reads them from its own build; a package that depends on this one builds its modules
/// first (`swift build`), and the check reads them from that package's build.
let thisPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
exit(CheckCommand.run(CommandLine.arguments.dropFirst(), builtFrom: thisPackage))
