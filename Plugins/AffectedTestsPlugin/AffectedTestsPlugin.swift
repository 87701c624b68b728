import Foundation
import PackagePlugin

/// `swift package affected-tests --base REF [--list]` or `--history N [--json]`: the selection of
/// `affected-tests`, in the package the command runs in, whichever package that is.
///
/// The plugin asks the tool for the affected test targets of the package (`--list`). With `--list` it prints
/// them, one a line; otherwise it runs them through SwiftPM (`swift test` itself cannot run inside a command
/// plugin, which holds the build directory) and prints each failed test. `--history` goes to the tool as it is.
/// `--record-durations` needs `swift test` of its own, so it is refused here: `swift run affected-tests
/// --record-durations` records them. It ends with the tool's exit code (0 passed, listed, nothing affected or
/// replayed; 1 a test failed or the command could not run; 64 usage error), which SwiftPM names before it exits
/// with 1.
@main
struct AffectedTestsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if arguments.contains("--record-durations") {
            print(
                "affected-tests: --record-durations runs swift test, which cannot run inside a command plugin; "
                    + "run `swift run affected-tests --record-durations`")
            exit(64)
        }
        let listOnly = arguments.contains { ["--list", "--help", "-h"].contains($0) || $0.hasPrefix("--history") }
        let process = Process()
        process.executableURL = try context.tool(named: "PluginTool").url
        let selecting = arguments.contains { $0.hasPrefix("--base") }
        process.arguments =
            ["affected-tests"] + (selecting ? arguments.filter { $0 != "--list" } + ["--list"] : arguments)
            + ["--package-path", context.package.directoryURL.path]
        let names = Pipe()
        if !listOnly { process.standardOutput = names }
        try process.run()
        let listed = listOnly ? Data() : names.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
        let testTargets = String(decoding: listed, as: UTF8.self).split(separator: "\n").map(String.init)
        if listOnly || testTargets.isEmpty { return }
        print("affected-tests: running \(testTargets.joined(separator: ", "))")
        let filter = "^(" + testTargets.joined(separator: "|") + ")\\."
        let result = try packageManager.test(.filtered([filter]), parameters: .init())
        let failed = result.testTargets.flatMap { target in
            target.testCases.flatMap { testCase in
                testCase.tests.filter { $0.result == .failed }.map { "\(target.name).\(testCase.name)/\($0.name)" }
            }
        }
        for test in failed { print("failed: \(test)") }
        print("affected-tests: " + (result.succeeded ? "the affected tests passed" : "an affected test failed"))
        if !result.succeeded { exit(1) }
    }
}
