import BoundaryCheck
import Foundation

/// `swift run boundary-check`: checks this package's module boundaries (see `CheckCommand` for the options and
/// exit codes). The target depends on the checked modules, so `swift run` builds them before the check reads them.
let thisPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
exit(CheckCommand.run(CommandLine.arguments.dropFirst(), defaultPackage: thisPackage))
