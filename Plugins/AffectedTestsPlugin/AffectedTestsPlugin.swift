import Foundation
import PackagePlugin

/// `swift package affected-tests --base REF --list` or `--history N [--json]`: the selection of `affected-tests`,
/// in the package the command is invoked in, whichever package that is.
///
/// The plugin selects and lists; it does not run tests. SwiftPM's plugin API runs tests (`packageManager.test`)
/// through XCTest alone: it never runs a Swift Testing test, so its result says the tests passed whatever they
/// do. And `swift test` itself cannot run inside a command plugin, which holds the build directory. So with
/// `--list` the plugin prints the affected test targets, one a line; with `--base` alone it prints them and the
/// exact `swift test --filter` command that runs them, and ends with 64 rather than claim a result it did not
/// see (0 when nothing is affected, for then there is nothing to run). `swift run affected-tests --base REF` runs
/// them itself. `--history` goes to the tool as it is; `--record-durations` needs `swift test` of its own, so it
/// is refused: `swift run affected-tests --record-durations` records them. It ends with the tool's exit code
/// otherwise (0 listed, nothing affected or replayed; 1 the command could not run; 64 usage error), which SwiftPM
/// names before it exits with 1.
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
        print("affected-tests: the affected test targets are \(testTargets.joined(separator: ", "))")
        print(
            "affected-tests: not run: a plugin runs tests through SwiftPM's packageManager.test, which runs XCTest "
                + "tests alone and never a Swift Testing test, so it cannot tell whether they pass. Run them with:")
        print("    " + Self.testCommand(for: testTargets, in: context.package.directoryURL))
        print("affected-tests: (or list them alone with --list; `swift run affected-tests --base REF` runs them too)")
        exit(64)
    }

    /// The `swift test` command, as a person types it where the plugin was invoked, that runs `testTargets` of the
    /// package at `package` (with `--package-path` unless the person is in that package).
    static func testCommand(for testTargets: [String], in package: URL) -> String {
        var here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        while !FileManager.default.fileExists(atPath: here.appendingPathComponent("Package.swift").path),
            here.pathComponents.count > 1
        {
            here.deleteLastPathComponent()
        }
        let location =
            here.path == package.standardizedFileURL.path ? "" : "--package-path '\(package.standardizedFileURL.path)' "
        return "swift test \(location)--filter '^(\(testTargets.joined(separator: "|")))\\.'"
    }
}
