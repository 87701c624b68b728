import ArgumentParsing
public import Foundation

/// The `affected-tests` command line, which `swift run affected-tests` and `swift package affected-tests` run:
/// `--base REF [--list] [--package-path DIR]`, in the package of the current directory unless `--package-path`
/// names another.
///
/// Lists, or runs, the test targets that the package's changes since `REF` can affect (see ``TestSelection``
/// and ``ChangedFiles``). With `--list` it prints their names on standard output, one a line and nothing else,
/// and says why on standard error; without it, it says why and runs `swift test --filter` with them. Exit codes:
/// 0 the selected tests passed, or were listed, or nothing is affected; 1 a selected test failed, or the command
/// could not run (no package, not a git repository, a reference that names no commit, a manifest that does not
/// evaluate); 64 usage error.
public enum AffectedTestsCommand {
    /// The selected tests passed, were listed, or nothing is affected.
    public static let success: Int32 = 0
    /// A selected test failed, or the command could not run.
    public static let failure: Int32 = 1

    /// The usage of the command as `invocation` runs it.
    static func usage(_ invocation: String) -> String {
        """
        usage: \(invocation) --base REF [--list] [--package-path DIR]
          --base REF          the git reference the changes are counted from (from its merge base with HEAD);
                              committed, staged, modified and untracked files all count
          --list              print the affected test targets, one a line, instead of running them
          --package-path DIR  the package (default: the current directory)
        exit codes: 0 passed, listed or nothing affected; 1 a test failed or the command could not run;
            64 usage error

        """
    }

    static let baseOption = ArgumentParser.Option.value("--base")
    static let listFlag = ArgumentParser.Option.flag("--list")
    static let packagePathOption = ArgumentParser.Option.value("--package-path")

    /// The process's current directory: the package the command works on when `--package-path` names none.
    public static func currentDirectory() -> URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    /// Runs the command with `arguments` (without the program's name) and returns its exit code.
    ///
    /// The package is `--package-path`, or else `defaultPackagePath` (the current directory). `targets` reads a
    /// package's targets from its manifest (by default with `swift package dump-package`), `runTests` runs
    /// `swift test` in a package with the given filter and returns its status. Notes go to `errors` with
    /// `--list` (so standard output holds names alone) and to `output` otherwise.
    public static func run(
        _ arguments: some Sequence<String>, defaultPackagePath: URL = currentDirectory(),
        invocation: String = "swift run affected-tests",
        targets: (URL) throws -> [PackageTarget] = PackageTarget.evaluated(in:),
        runTests: (URL, String) -> Int32 = runSwiftTest,
        output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        let parser = ArgumentParser(
            command: "affected-tests", usage: usage(invocation), options: [baseOption, listFlag, packagePathOption])
        return parser.run(arguments, output: output, errors: errors) { parsed in
            guard let base = parsed.value(of: baseOption), !base.isEmpty else {
                errors(parser.message(for: UsageError("--base is missing: name the git reference to compare with")))
                return ArgumentParser.usageErrorStatus
            }
            let listing = parsed.contains(listFlag)
            let packagePath = parsed.value(of: packagePathOption).map { URL(fileURLWithPath: $0) } ?? defaultPackagePath
            let manifest = packagePath.appendingPathComponent("Package.swift")
            guard FileManager.default.fileExists(atPath: manifest.path) else {
                errors(
                    "affected-tests: no Package.swift in \(packagePath.path): run it in a package's folder, or name "
                        + "the package with --package-path")
                return failure
            }
            let selection: TestSelection
            do {
                let changed = try ChangedFiles.since(base, in: packagePath)
                selection = TestSelection(changedFiles: changed, targets: try targets(packagePath))
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
            return runTests(packagePath, filter(for: selection.testTargets)) == 0 ? success : failure
        }
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
            let scope =
                selection.changedTargets.isEmpty
                ? "only documentation changed"
                : "no test target depends on \(selection.changedTargets.joined(separator: ", "))"
            return prefix + "\(files) since \(base): \(scope); no test target is affected"
        }
        return prefix + "\(files) since \(base) in \(selection.changedTargets.joined(separator: ", ")): "
            + "\(selection.testTargets.count) test target(s) affected"
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
