import AffectedTests
import BoundaryCheck
import Foundation
import NewFeature

// The executable behind the package's command plugins: `plugin-tool check-boundaries ARGUMENTS` is what
// `swift package check-boundaries` and `swift package update-boundary-baselines` run, `plugin-tool new-feature
// ARGUMENTS` what `swift package new-feature` runs and `plugin-tool affected-tests ARGUMENTS` what `swift package
// affected-tests` runs, each with `--package-path` set to the package the command runs in. (SwiftPM cannot hand a
// plugin an executable target that a product of the same package also builds, so the plugins have this one of
// their own.)
var arguments = CommandLine.arguments.dropFirst()
let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
switch arguments.popFirst() {
case "check-boundaries":
    let update = "swift package --allow-writing-to-package-directory update-boundary-baselines"
    exit(
        CheckCommand.run(
            arguments, currentDirectory: current,
            invocation: arguments.contains("--update-baselines") ? update : "swift package check-boundaries",
            plugin: true, updateCommand: update))
case "new-feature": exit(NewFeatureCommand.run(Array(arguments), defaultPackagePath: current))
case "affected-tests":
    exit(
        AffectedTestsCommand.run(
            arguments, defaultPackagePath: current, invocation: "swift package affected-tests",
            printsInsteadOfRunning: true,
            output: { print($0, terminator: $0.hasSuffix("\n") ? "" : "\n") },
            errors: { FileHandle.standardError.write(Data(($0.hasSuffix("\n") ? $0 : $0 + "\n").utf8)) }))
default:
    FileHandle.standardError.write(
        Data("plugin-tool: the first argument is check-boundaries, new-feature or affected-tests\n".utf8))
    exit(64)
}
