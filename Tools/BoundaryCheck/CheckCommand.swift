import ArgumentParsing
public import Foundation
public import PackageReading

/// The `boundary-check` command line, which `swift run boundary-check` and `swift package check-boundaries` run;
/// its usage lists the options and exit codes (2: the check could not run, as when the manifest cannot be
/// evaluated).
///
/// Checks the module boundaries of the package against its built modules and prints every violation. With
/// `--update-baselines`, it first rewrites `Tools/Baselines/<Module>.txt` from the built modules (for an intended
/// change of a public surface), then checks the rest.
public enum CheckCommand {
    /// The usage of the command as `invocation` runs it: with `plugin`, as a command plugin runs it, which sets
    /// the package, the modules and the symbol graphs itself and has a command of its own for each mode
    /// (`updating`: the one that rewrites the baselines).
    static func usage(_ invocation: String, plugin: Bool = false, updating: Bool = false) -> String {
        let exitCodes = """
            exit codes: 0 every boundary holds; 1 a violation; 2 the check could not run (no package, not built,
                sources changed since the build); 64 usage error (an unknown option, or a folder an option names
                does not exist)
            """
        if plugin {
            let what =
                updating
                ? """
                Rewrites Tools/Baselines/<Module>.txt from the built modules (an intended change), then checks the
                module boundaries, of the package the command is invoked in (swift package --package-path DIR
                update-boundary-baselines for another), with the modules and symbol graphs the plugin builds for it.
                """
                : """
                Checks the module boundaries of the package the command is invoked in (swift package --package-path
                DIR check-boundaries for another), with the modules and symbol graphs the plugin builds for it.
                """
            return """
                usage: \(invocation) [--verbose]
                  --verbose  also print what each module's access probe named and skipped
                  --help     print this help
                \(what)
                \(exitCodes)
                """
        }
        return """
            usage: \(invocation) [--update-baselines] [--verbose] [--package-path DIR] [--modules DIR]
                [--symbol-graphs DIR]
              --update-baselines  rewrite Tools/Baselines/<Module>.txt from the built modules (an intended change)
              --verbose           also print what each module's access probe named and skipped
              --package-path DIR  the package to check (default: the package of the current directory, the nearest
                                  folder at or above it with a Package.swift)
              --modules DIR       the package's built modules (default: its own build's, DIR/.build/debug/Modules;
                                  the running build's when the package is the one this command was built from)
              --symbol-graphs DIR the modules' symbol graphs, as DIR/public/<Module> and DIR/internal/<Module>
                                  (default: extracted from the built modules)
              --help              print this help
            \(exitCodes)
            """
    }

    static let updateBaselines = ArgumentParser.Option.flag("--update-baselines")
    static let verbose = ArgumentParser.Option.flag("--verbose")
    static let packagePath = ArgumentParser.Option.value("--package-path")
    static let modulesPath = ArgumentParser.Option.value("--modules")
    static let symbolGraphsPath = ArgumentParser.Option.value("--symbol-graphs")

    /// The check could not run: no package, a package not built, a compiler tool or a file that failed.
    public static let couldNotRun: Int32 = 2

    /// Runs the check with `arguments` (without the program's name); prints its report and returns the exit code.
    ///
    /// The package is `--package-path`, or else the nearest folder at or above `currentDirectory` with a
    /// `Package.swift`. Its built modules are `--modules`, or else those of the running build when the package is
    /// `builtFrom` (the package whose build holds this executable), or else the package's own
    /// `.build/debug/Modules` (the debug build beside a running release build, which is not testable); a module
    /// the rules check that is not built there, or whose sources changed since the build last compiled it
    /// (``BoundaryChecker/modulesChangedSinceBuilt()``), stops the check with advice to build the package. `invocation` is how the person runs it, such as `swift package check-boundaries`, for
    /// the usage and the advice; `plugin` says a command plugin runs it, setting the package, modules and symbol
    /// graphs itself, so its usage and advice name none of those options; `updateCommand` is how the person records baselines (default: `invocation
    /// --update-baselines`).
    public static func run(
        _ arguments: some Sequence<String>, currentDirectory: URL = PackageLocation.currentDirectory(),
        builtFrom: URL? = nil, invocation: String = "swift run boundary-check", plugin: Bool = false,
        updateCommand: String? = nil
    ) -> Int32 {
        let given = Array(arguments)
        let parser = ArgumentParser(
            command: "boundary-check",
            usage: usage(invocation, plugin: plugin, updating: given.contains(updateBaselines.names[0])),
            options: [updateBaselines, verbose, packagePath, modulesPath, symbolGraphsPath])
        let arguments = parser.parseOrExit(given)
        for option in [packagePath, modulesPath, symbolGraphsPath] {
            guard let path = arguments.value(of: option), !PackageLocation.isDirectory(URL(fileURLWithPath: path))
            else { continue }
            let problem = "\(option.names[0]) \(path): the directory does not exist"
            FileHandle.standardError.write(Data((parser.message(for: UsageError(problem)) + "\n").utf8))
            return ArgumentParser.usageErrorStatus
        }
        let packageRoot: URL
        if let path = arguments.value(of: packagePath) {
            packageRoot = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
            guard FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Package.swift").path)
            else {
                print(
                    "boundary-check: no Package.swift in \(packageRoot.path): --package-path names a package's folder")
                return couldNotRun
            }
        } else {
            guard let found = PackageLocation.enclosingPackage(of: currentDirectory) else {
                print(
                    "boundary-check: no Package.swift in \(currentDirectory.path) or any folder above it: run it in a "
                        + "package, or name one with --package-path")
                return couldNotRun
            }
            packageRoot = found
        }
        do {
            let modules: URL
            if let path = arguments.value(of: modulesPath) {
                modules = URL(fileURLWithPath: path, isDirectory: true)
            } else if let builtFrom,
                builtFrom.resolvingSymlinksInPath().path == packageRoot.resolvingSymlinksInPath().path
            {
                // A release build is not testable, so its modules cannot show their internals to the probes:
                // read the debug build beside it, which the staleness check below holds to the sources.
                let running = try BoundaryChecker.runningBuildModules()
                let build = running.deletingLastPathComponent()
                modules =
                    build.lastPathComponent == "release"
                    ? build.deletingLastPathComponent().appendingPathComponent("debug/Modules", isDirectory: true)
                    : running
            } else {
                modules = packageRoot.appendingPathComponent(".build/debug/Modules", isDirectory: true)
            }
            var checker = try BoundaryChecker(
                packageRoot: packageRoot, modulesDirectory: modules,
                symbolGraphsDirectory: arguments.value(of: symbolGraphsPath).map { URL(fileURLWithPath: $0) })
            let unbuilt = checker.rules.checkedModules.filter {
                !FileManager.default.fileExists(atPath: modules.appendingPathComponent("\($0).swiftmodule").path)
            }
            if !unbuilt.isEmpty {
                let manifest = try PackageManifest(packageRoot: packageRoot, toolchain: checker.toolchain)
                let notTargets = unbuilt.filter { manifest.target($0) == nil }
                if !notTargets.isEmpty {
                    print(
                        "boundary-check: \(checker.rulesPath) names \(notTargets.joined(separator: ", ")), which "
                            + (notTargets.count == 1 ? "is not a target" : "are not targets")
                            + " of \(packageRoot.path)/Package.swift; name the package's targets in the rules")
                    return couldNotRun
                }
                let advice: String
                if plugin {
                    advice =
                        "the plugin builds the package's library targets alone; check the others with "
                        + "`swift build && swift run boundary-check`"
                } else if arguments.contains(modulesPath) {
                    advice = "the folder --modules names holds no module of that name"
                } else {
                    advice =
                        "build \(packageRoot.path) first: swift build --package-path \(packageRoot.path) (a build "
                        + "elsewhere, as with --scratch-path X, is named with --modules X/debug/Modules)"
                }
                print("boundary-check: \(unbuilt.joined(separator: ", ")) not built in \(modules.path); \(advice)")
                return couldNotRun
            }
            let changed = try checker.modulesChangedSinceBuilt()
            if !changed.isEmpty {
                let built = modules.deletingLastPathComponent().path
                print(
                    "boundary-check: \(changed.joined(separator: ", ")) changed since "
                        + (changed.count == 1 ? "it was" : "they were")
                        + " built in \(built); build first: swift build --package-path \(packageRoot.path)")
                return couldNotRun
            }
            checker.updateCommand = updateCommand ?? "\(invocation) --update-baselines"
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
                    let declarations = outcome.probedCount == 1 ? "declaration" : "declarations"
                    print(
                        "\(module): \(outcome.probedCount) internal \(declarations) probed, "
                            + "\(outcome.skipped.count) skipped")
                    for skipped in outcome.skipped { print("  skipped \(skipped)") }
                    print(outcome.source.split(separator: "\n").map { "  | " + $0 }.joined(separator: "\n"))
                }
            }
            let violations = try checker.checkAll()
            if violations.isEmpty {
                let count = checker.rules.checkedModules.count
                guard count > 0 else {
                    print(
                        "boundary-check: the import graph holds, but no module's surface was checked: the rules name "
                            + "none (`feature M: Prefix` or `library M` in Tools/BoundaryRules.txt; without that "
                            + "file, every target named XFeature is a feature)")
                    return 0
                }
                print("boundary-check: \(count) module\(count == 1 ? "" : "s"), every boundary holds")
                return 0
            }
            print("boundary-check: \(violations.count) violation(s)\n")
            for violation in violations { print("\(violation)\n") }
            return 1
        } catch {
            print("boundary-check: \(error)")
            return couldNotRun
        }
    }
}
