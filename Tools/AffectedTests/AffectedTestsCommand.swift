import ArgumentParsing
public import Foundation
import PackageReading

/// The `affected-tests` command line, which `swift run affected-tests` and `swift package affected-tests` run, in
/// the package of the current directory unless `--package-path` names another:
///
/// - `--base REF [--list]` lists, or runs, the test targets that the package's changes since `REF` can affect (see
///   ``TestSelection`` and ``ChangedFiles``). With `--list` it prints their names on standard output, one a line
///   and nothing else, and says why on standard error; without it, it says why and runs `swift test --filter`
///   with them, or, for the plugin (`printsInsteadOfRunning`), prints that command and returns ``notRun``.
/// - `--record-durations` builds the tests once, runs each test target alone and writes how long each took to
///   the durations file (``TestDurations``).
/// - `--history N [--json]` replays the last `N` non-merge commits against today's targets and the recorded
///   durations (``HistoryReplay``).
///
/// Exit codes: 0 the selected tests passed, or were listed, or nothing is affected, or the durations or the
/// replay were written; 1 a selected or measured test failed, or the command could not run (no package, not a
/// git repository, a reference that names no commit, a manifest that does not evaluate, durations missing or
/// unreadable); 64 usage error, or (for the plugin) affected tests printed but not run.
public enum AffectedTestsCommand {
    /// The selected tests passed, were listed, or nothing is affected.
    public static let success: Int32 = 0
    /// A selected test failed, or the command could not run.
    public static let failure: Int32 = 1

    /// The usage of the command as `invocation` runs it.
    static func usage(_ invocation: String) -> String {
        """
        usage: \(invocation) --base REF [--list] [--package-path DIR]
               \(invocation) --record-durations [--durations FILE] [--package-path DIR]
               \(invocation) --history N [--json] [--durations FILE] [--package-path DIR]
          --base REF          the git reference the changes are counted from (from its merge base with HEAD);
                              committed, staged, modified and untracked files all count
          --list              print the affected test targets, one a line, instead of running them
          --record-durations  build the tests, run each test target alone (swift test --skip-build --filter
                              '^Target\\.') and write its wall time to the durations file
          --history N         replay the last N non-merge commits of HEAD against today's targets: what each
                              selects, the share of the recorded suite time it takes, the median and 90th percentile
          --json              with --history, print the replay as JSON
          --durations FILE    the durations file, relative to the package (default: \(TestDurations.defaultPath))
          --package-path DIR  the package (default: the package of the current directory, the nearest folder at or
                              above it with a Package.swift)
        exit codes: 0 passed, listed, nothing affected, recorded or replayed; 1 a test failed or the command
            could not run; 64 usage error

        """
    }

    /// The usage of `swift package affected-tests`, which selects and lists but never runs tests: a command plugin
    /// cannot run `swift test`, and SwiftPM's own test running skips Swift Testing.
    static let pluginUsage = """
        usage: swift package affected-tests --base REF [--list]
               swift package affected-tests --history N [--json] [--durations FILE]
          --base REF          the git reference the changes are counted from (from its merge base with HEAD);
                              committed, staged, modified and untracked files all count. Prints the affected test
                              targets and the swift test command that runs them; the plugin never runs tests
          --list              print the affected test targets alone, one a line
          --history N         replay the last N non-merge commits of HEAD against today's targets: what each
                              selects, the share of the recorded suite time it takes, the median and 90th percentile
          --json              with --history, print the replay as JSON
          --durations FILE    with --history, the durations file, relative to the package (default:
                              \(TestDurations.defaultPath))
        The package is the one the command is invoked in (swift package --package-path DIR affected-tests for
        another); swift run affected-tests runs the selected tests and records durations.
        exit codes: 0 listed, nothing affected or replayed; 1 the command could not run; 64 usage error, or
            affected test targets printed but not run (run the swift test command it printed)

        """

    /// `swift package affected-tests` printed the affected test targets and the command that runs them, and ran
    /// nothing: the same status as a usage error, so no script takes it for a pass.
    public static let notRun: Int32 = 64

    static let baseOption = ArgumentParser.Option.value("--base")
    static let listFlag = ArgumentParser.Option.flag("--list")
    static let packagePathOption = ArgumentParser.Option.value("--package-path")
    static let recordFlag = ArgumentParser.Option.flag("--record-durations")
    static let historyOption = ArgumentParser.Option.value("--history")
    static let jsonFlag = ArgumentParser.Option.flag("--json")
    static let durationsOption = ArgumentParser.Option.value("--durations")

    /// How `option` is spelled in messages: its first name.
    static func spelled(_ option: ArgumentParser.Option) -> String { option.names.first ?? "" }

    /// The process's current directory: the package the command works on when `--package-path` names none.
    public static func currentDirectory() -> URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// Runs the command with `arguments` (without the program's name) and returns its exit code.
    ///
    /// The package is `--package-path`, or else `defaultPackagePath` (the current directory). `targets` reads a
    /// package's targets from its manifest (by default with `swift package dump-package`), `runTests` runs
    /// `swift test` in a package with the given filter and returns its status, and `swift` runs and times a
    /// `swift` command in a package (for `--record-durations`). Notes go to `errors` with `--list` (so standard
    /// output holds names alone) and to `output` otherwise.
    public static func run(
        _ arguments: some Sequence<String>, defaultPackagePath: URL = currentDirectory(),
        invocation: String = "swift run affected-tests", printsInsteadOfRunning: Bool = false,
        targets: (URL) throws -> [PackageTarget] = PackageTarget.evaluated(in:),
        runTests: (URL, String) -> Int32 = runSwiftTest,
        swift: (URL, [String]) -> DurationRecording.TimedRun = DurationRecording.runSwift,
        output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        let options = [
            baseOption, listFlag, packagePathOption, recordFlag, historyOption, jsonFlag, durationsOption,
        ]
        let parser = ArgumentParser(
            command: "affected-tests", usage: printsInsteadOfRunning ? pluginUsage : usage(invocation),
            options: options)
        return parser.run(arguments, output: output, errors: errors) { parsed in
            func usageError(_ problem: String) -> Int32 {
                errors(parser.message(for: UsageError(problem)))
                return ArgumentParser.usageErrorStatus
            }
            if printsInsteadOfRunning, parsed.contains(recordFlag) {
                return usageError(
                    "--record-durations runs swift test, which cannot run inside a command plugin; run "
                        + "`swift run affected-tests --record-durations`")
            }
            let modes = [baseOption, historyOption, recordFlag].filter(parsed.contains).map(spelled)
            guard modes.count <= 1 else { return usageError("\(modes.joined(separator: " and ")) go apart") }
            guard !modes.isEmpty else {
                return usageError(
                    "--base is missing: name the git reference to compare with (or replay the history with "
                        + "--history N, or measure the tests with --record-durations)")
            }
            for (flag, mode) in [(listFlag, baseOption), (jsonFlag, historyOption)]
            where parsed.contains(flag) && !parsed.contains(mode) {
                return usageError("\(spelled(flag)) goes with \(spelled(mode))")
            }
            if parsed.contains(durationsOption), !parsed.contains(recordFlag), !parsed.contains(historyOption) {
                return usageError("--durations goes with --record-durations or --history")
            }
            var historyCount: Int?
            if let value = parsed.value(of: historyOption) {
                guard let count = Int(value), count > 0 else {
                    return usageError("--history takes a number of commits, 1 or more, not '\(value)'")
                }
                historyCount = count
            }
            if parsed.contains(baseOption), parsed.value(of: baseOption)?.isEmpty ?? true {
                return usageError("--base is missing: name the git reference to compare with")
            }
            let packagePath = parsed.value(of: packagePathOption).map { URL(fileURLWithPath: $0) } ?? defaultPackagePath
            let manifest = packagePath.appendingPathComponent("Package.swift")
            guard FileManager.default.fileExists(atPath: manifest.path) else {
                errors(
                    "affected-tests: no Package.swift in \(packagePath.path): run it in a package's folder, or name "
                        + "the package with --package-path")
                return failure
            }
            let durationsPath = parsed.value(of: durationsOption) ?? TestDurations.defaultPath
            let durationsFile =
                durationsPath.hasPrefix("/")
                ? URL(fileURLWithPath: durationsPath) : packagePath.appendingPathComponent(durationsPath)
            let root = packagePath.standardizedFileURL.path + "/"
            let inPackage = durationsFile.standardizedFileURL.path
            let notRead: Set<String> = inPackage.hasPrefix(root) ? [String(inPackage.dropFirst(root.count))] : []
            do {
                if parsed.contains(recordFlag) {
                    return try recordDurations(
                        in: packagePath, to: durationsFile, targets: targets(packagePath), swift: swift, output: output)
                }
                if let historyCount {
                    let history = try HistoryReplay.history(count: historyCount, in: packagePath)
                    let replay = try HistoryReplay(
                        history: history.changes, targets: try targets(packagePath),
                        durations: try TestDurations(contentsOf: durationsFile), notRead: notRead,
                        imports: TestSelection.probeImports(in: packagePath))
                    let read = history.changes.count + history.withoutParent.count
                    if read < historyCount {
                        let clone = history.withoutParent.isEmpty ? "" : " in this clone"
                        errors("affected-tests: HEAD has \(read) non-merge commit(s)\(clone), not \(historyCount)")
                    }
                    if !history.withoutParent.isEmpty {
                        errors(
                            "affected-tests: "
                                + HistoryReplay.shallowNote(withoutParent: history.withoutParent.count))
                    }
                    output(parsed.contains(jsonFlag) ? replay.json() : replay.table())
                    return success
                }
            } catch {
                errors("affected-tests: \(error)")
                return failure
            }
            let base = parsed.value(of: baseOption) ?? ""
            return select(
                since: base, in: packagePath, listing: parsed.contains(listFlag), notRead: notRead,
                printsInsteadOfRunning: printsInsteadOfRunning, targets: targets, runTests: runTests, output: output,
                errors: errors)
        }
    }

    /// Selects the test targets the changes since `base` can affect, then lists them, runs them, or (with
    /// `printsInsteadOfRunning`) prints them with the command that runs them and returns ``notRun``.
    static func select(
        since base: String, in packagePath: URL, listing: Bool, notRead: Set<String>,
        printsInsteadOfRunning: Bool = false,
        targets: (URL) throws -> [PackageTarget], runTests: (URL, String) -> Int32,
        output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        let selection: TestSelection
        do {
            let changed = try ChangedFiles.since(base, in: packagePath)
            selection = TestSelection(
                changedFiles: changed, targets: try targets(packagePath), notRead: notRead,
                imports: TestSelection.probeImports(in: packagePath))
            (listing ? errors : output)(explanation(of: selection, changedCount: changed.count, base: base))
        } catch {
            errors("affected-tests: \(error)")
            return failure
        }
        if listing {
            for name in selection.testTargets { output(name) }
            return success
        }
        if selection.isEmpty { return success }
        if printsInsteadOfRunning {
            output("affected-tests: the affected test targets are \(selection.testTargets.joined(separator: ", "))")
            output(
                "affected-tests: not run: a plugin runs tests through SwiftPM's packageManager.test, which runs "
                    + "XCTest tests alone and never a Swift Testing test, so it cannot tell whether they pass. Run "
                    + "them with:")
            output("    " + testCommand(for: selection.testTargets, in: packagePath))
            output(
                "affected-tests: (or list them alone with --list; `swift run affected-tests --base REF` runs them too)")
            return notRun
        }
        let status = runTests(packagePath, filter(for: selection.testTargets))
        let targets = selection.testTargets.joined(separator: ", ")
        guard status == 0 else {
            // `swift test` tells which tests failed, above; its status alone cannot tell in which target.
            errors(
                "affected-tests: the run failed: swift test exited with \(status) running \(targets) (a test failed, "
                    + "or the tests did not build; swift test's output above names each failure)")
            return failure
        }
        output("affected-tests: the affected tests passed (\(targets))")
        return success
    }

    /// Measures every test target of `targets` alone in the package at `packagePath` and writes the durations to
    /// `file`; nothing is written when a build or a test fails.
    static func recordDurations(
        in packagePath: URL, to file: URL, targets: [PackageTarget],
        swift: (URL, [String]) -> DurationRecording.TimedRun, output: (String) -> Void
    ) throws -> Int32 {
        let testTargets = targets.filter(\.isTest).map(\.name)
        let durations = try DurationRecording.record(
            testTargets: testTargets, packagePath: packagePath, swift: swift, progress: output
        ).get()
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(durations.text(order: testTargets).utf8).write(to: file)
        let total = testTargets.reduce(0) { $0 + (durations.seconds[$1] ?? 0) }
        output(
            "affected-tests: \(testTargets.count) test targets, \(String(format: "%.2f", total)) s in all, "
                + "written to \(file.path)")
        return success
    }

    /// What the selection is and why, for a person: the reasons everything runs, or the changed targets and how
    /// many test targets follow from them.
    static func explanation(of selection: TestSelection, changedCount: Int, base: String) -> String {
        let prefix = "affected-tests: "
        if changedCount == 0 { return prefix + "nothing changed since \(base); no test target is affected" }
        if !selection.reasonsForEverything.isEmpty {
            return selection.reasonsForEverything.map { prefix + $0 + "; every test target is selected" }
                .joined(separator: "\n")
        }
        let files = changedCount == 1 ? "1 changed file" : "\(changedCount) changed files"
        if selection.isEmpty {
            let onlyDocumentation = selection.ignoredFiles.allSatisfy(TestSelection.isDocumentation)
            let scope =
                !selection.changedTargets.isEmpty
                ? "no test target depends on \(selection.changedTargets.joined(separator: ", "))"
                : onlyDocumentation ? "only documentation changed" : "only documentation or files no test reads changed"
            return prefix + "\(files) since \(base): \(scope); no test target is affected"
        }
        // Where the files are: in targets, or baselines that a test target reads (a baseline is in no target).
        var place = selection.changedTargets.isEmpty ? "" : " in \(selection.changedTargets.joined(separator: ", "))"
        let inputs = selection.changedBoundaryInputs
        if !inputs.isEmpty {
            let readers = inputs.map(\.reader)
            let kinds = Set(inputs.map(\.kind)).sorted()
            let what =
                inputs.count == 1
                ? "a \(inputs[0].kind)"
                : kinds.count == 1 ? kinds[0] + "s" : kinds.map { $0 + "s" }.joined(separator: " and ")
            place +=
                (place.isEmpty ? ", " : " and ") + what + " that "
                + (readers.count == 1 ? readers[0] + " reads" : readers.joined(separator: ", ") + " read")
                + " (" + inputs.map(\.file).joined(separator: ", ") + ")"
        }
        return prefix + "\(files) since \(base)\(place): \(selection.testTargets.count) test target(s) affected"
    }

    /// The `swift test` command, as a person types it in `directory`, that runs `testTargets` of the package at
    /// `package` (with `--package-path` unless `directory` is in that package).
    static func testCommand(
        for testTargets: [String], in package: URL, from directory: URL = PackageLocation.currentDirectory()
    ) -> String {
        let here = PackageLocation.enclosingPackage(of: directory)?.path
        let location =
            here == package.standardizedFileURL.path ? "" : "--package-path '\(package.standardizedFileURL.path)' "
        return "swift test \(location)--filter '\(filter(for: testTargets))'"
    }

    /// The `swift test --filter` pattern that runs exactly the tests of `testTargets`.
    static func filter(for testTargets: [String]) -> String {
        "^(" + testTargets.joined(separator: "|") + ")\\."
    }

    /// Runs `swift test --filter filter` in the package at `packagePath`, its output going to this command's,
    /// and returns its exit status (1 when it cannot start).
    public static func runSwiftTest(packagePath: URL, filter: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "test", "--package-path", packagePath.path, "--filter", filter]
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("affected-tests: swift test could not start: \(error)\n".utf8))
            return failure
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
