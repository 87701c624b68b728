import BoundaryCheck
import Foundation

/// `swift run boundary-check [--update-baselines] [--package-path DIR] [--modules DIR]`
///
/// Checks the module boundaries of the package against its built modules and prints every violation; exits
/// with 1 when there is one. With `--update-baselines`, rewrites `Tools/Baselines/<Module>.txt` from the built
/// modules instead (for an intended change of a public surface), then checks the rest.
let usage = """
    usage: swift run boundary-check [--update-baselines] [--verbose] [--package-path DIR] [--modules DIR]
      --update-baselines  rewrite Tools/Baselines/<Module>.txt from the built modules (an intended change)
      --verbose           also print what each module's access probe named and skipped
      --package-path DIR  the package to check (default: this package)
      --modules DIR       the built modules (default: the Modules directory next to this executable)
    """

var arguments = CommandLine.arguments.dropFirst()
var updateBaselines = false
var verbose = false
var packagePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
var modulesPath: URL?
while let argument = arguments.popFirst() {
    switch argument {
    case "--update-baselines": updateBaselines = true
    case "--verbose": verbose = true
    case "--package-path":
        guard let value = arguments.popFirst() else {
            print(usage)
            exit(2)
        }
        packagePath = URL(fileURLWithPath: value)
    case "--modules":
        guard let value = arguments.popFirst() else {
            print(usage)
            exit(2)
        }
        modulesPath = URL(fileURLWithPath: value)
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        print("boundary-check: unknown argument \(argument)\n\(usage)")
        exit(2)
    }
}

do {
    let checker = try BoundaryChecker(
        packageRoot: packagePath, modulesDirectory: try modulesPath ?? BoundaryChecker.runningBuildModules())
    if updateBaselines {
        let changed = try checker.updateBaselines()
        print(
            changed.isEmpty
                ? "boundary-check: every baseline already matches the built modules"
                : "boundary-check: rewrote \(changed.joined(separator: ", ")); review and commit them")
    }
    if verbose {
        for module in checker.rules.checkedModules {
            let outcome = try checker.checkInternals(of: module)
            print("\(module): \(outcome.probedCount) internal declarations probed, \(outcome.skipped.count) skipped")
            for skipped in outcome.skipped { print("  skipped \(skipped)") }
            print(outcome.source.split(separator: "\n").map { "  | " + $0 }.joined(separator: "\n"))
        }
    }
    let violations = try checker.checkAll()
    if violations.isEmpty {
        print("boundary-check: \(checker.rules.checkedModules.count) modules, every boundary holds")
        exit(0)
    }
    print("boundary-check: \(violations.count) violation(s)\n")
    for violation in violations { print("\(violation)\n") }
    exit(1)
} catch {
    print("boundary-check: \(error)")
    exit(2)
}
