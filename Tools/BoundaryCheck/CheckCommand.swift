import ArgumentParsing
public import Foundation

/// The `boundary-check` command line, which `swift run boundary-check` and `swift package check-boundaries` run;
/// its usage lists the options and exit codes (2: the check could not run, as when the manifest cannot be
/// evaluated).
///
/// Checks the module boundaries of the package against its built modules and prints every violation. With
/// `--update-baselines`, it first rewrites `Tools/Baselines/<Module>.txt` from the built modules (for an intended
/// change of a public surface), then checks the rest.
public enum CheckCommand {
    /// The usage of the command as `invocation` runs it.
    static func usage(_ invocation: String) -> String {
        """
        usage: \(invocation) [--update-baselines] [--verbose] [--package-path DIR] [--modules DIR]
            [--symbol-graphs DIR]
          --update-baselines  rewrite Tools/Baselines/<Module>.txt from the built modules (an intended change)
          --verbose           also print what each module's access probe named and skipped
          --package-path DIR  the package to check (default: this package)
          --modules DIR       the built modules (default: the Modules directory next to this executable)
          --symbol-graphs DIR the modules' symbol graphs, as DIR/public/<Module> and DIR/internal/<Module>
                              (default: extracted from the built modules)
          --help              print this help
        exit codes: 0 every boundary holds; 1 a violation; 2 the check could not run; 64 usage error
        """
    }

    static let updateBaselines = ArgumentParser.Option.flag("--update-baselines")
    static let verbose = ArgumentParser.Option.flag("--verbose")
    static let packagePath = ArgumentParser.Option.value("--package-path")
    static let modulesPath = ArgumentParser.Option.value("--modules")
    static let symbolGraphsPath = ArgumentParser.Option.value("--symbol-graphs")

    /// Runs the check with `arguments` (without the program's name) on the package at `--package-path`, else
    /// `defaultPackage`; prints its report and returns the exit code. `invocation` is how the person runs it,
    /// such as `swift package check-boundaries`, for the usage and the advice to record baselines.
    public static func run(
        _ arguments: some Sequence<String>, defaultPackage: URL, invocation: String = "swift run boundary-check"
    ) -> Int32 {
        let arguments = ArgumentParser(
            command: "boundary-check", usage: usage(invocation),
            options: [updateBaselines, verbose, packagePath, modulesPath, symbolGraphsPath]
        ).parseOrExit(arguments)
        do {
            var checker = try BoundaryChecker(
                packageRoot: arguments.value(of: packagePath).map { URL(fileURLWithPath: $0) } ?? defaultPackage,
                modulesDirectory: try arguments.value(of: modulesPath).map { URL(fileURLWithPath: $0) }
                    ?? BoundaryChecker.runningBuildModules(),
                symbolGraphsDirectory: arguments.value(of: symbolGraphsPath).map { URL(fileURLWithPath: $0) })
            checker.updateCommand = "\(invocation) --update-baselines"
            for note in checker.notes { print("boundary-check: \(note)") }
            if arguments.contains(updateBaselines) {
                let changed = try checker.updateBaselines()
                print(
                    changed.isEmpty
                        ? "boundary-check: every baseline already matches the built modules"
                        : "boundary-check: rewrote \(changed.joined(separator: ", ")); review and commit them")
            }
            if arguments.contains(verbose) {
                for module in checker.rules.checkedModules {
                    let outcome = try checker.checkInternals(of: module)
                    print(
                        "\(module): \(outcome.probedCount) internal declarations probed, "
                            + "\(outcome.skipped.count) skipped")
                    for skipped in outcome.skipped { print("  skipped \(skipped)") }
                    print(outcome.source.split(separator: "\n").map { "  | " + $0 }.joined(separator: "\n"))
                }
            }
            let violations = try checker.checkAll()
            if violations.isEmpty {
                print("boundary-check: \(checker.rules.checkedModules.count) modules, every boundary holds")
                return 0
            }
            print("boundary-check: \(violations.count) violation(s)\n")
            for violation in violations { print("\(violation)\n") }
            return 1
        } catch {
            print("boundary-check: \(error)")
            return 2
        }
    }
}
