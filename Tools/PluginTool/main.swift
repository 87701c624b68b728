import BoundaryCheck
import Foundation
import NewFeature

// The executable behind the package's command plugins: `plugin-tool check-boundaries ARGUMENTS` is what
// `swift package check-boundaries` runs, `plugin-tool new-feature ARGUMENTS` what `swift package new-feature`
// runs, each with `--package-path` set to the package the command runs in. (SwiftPM cannot hand a plugin an
// executable target that a product of the same package also builds, so the plugins have this one of their own.)
var arguments = CommandLine.arguments.dropFirst()
let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
switch arguments.popFirst() {
case "check-boundaries":
    exit(CheckCommand.run(arguments, defaultPackage: current, invocation: "swift package check-boundaries"))
case "new-feature": exit(NewFeatureCommand.run(Array(arguments), defaultPackagePath: current))
default:
    FileHandle.standardError.write(Data("plugin-tool: the first argument is check-boundaries or new-feature\n".utf8))
    exit(64)
}
