import Foundation
import PackagePlugin

/// `swift package affected-tests --base REF [--list]`: the selection of `affected-tests`, in the package the
/// command runs in, whichever package that is.
///
/// The plugin asks the tool for the affected test targets of the package (`--list`). With `--list` it prints
/// them, one a line; otherwise it runs them through SwiftPM (`swift test` itself cannot run inside a command
/// plugin, which holds the build directory) and prints each failed test. It ends with the tool's exit code (0
/// passed, listed or nothing affected; 1 a test failed or the command could not run; 64 usage error), which
/// SwiftPM names before it exits with 1.
@main
struct AffectedTestsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let listOnly = arguments.contains("--list") || arguments.contains { $0 == "--help" || $0 == "-h" }
        let process = Process()
        process.executableURL = try context.tool(named: "PluginTool").url
        process.arguments =
            ["affected-tests"] + arguments.filter { $0 != "--list" }
            + ["--list", "--package-path", context.package.directoryURL.path]
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
