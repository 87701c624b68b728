import Foundation
import PackagePlugin

/// `swift package affected-tests --base REF [--list]` or `--history N [--json]`: the selection of `affected-tests`,
/// in the package the command is invoked in, whichever package that is (`swift package --package-path DIR
/// affected-tests` for another).
///
/// The plugin selects and lists; it does not run tests. SwiftPM's plugin API runs tests (`packageManager.test`)
/// through XCTest alone: it never runs a Swift Testing test, so its result says the tests passed whatever they
/// do. And `swift test` itself cannot run inside a command plugin, which holds the build directory. So with
/// `--list` the tool prints the affected test targets, one a line; with `--base` alone it prints them and the
/// exact `swift test --filter` command that runs them, and ends with 64 rather than claim a result it did not
/// see (0 when nothing is affected, for then there is nothing to run). `swift run affected-tests --base REF` runs
/// them itself. `--record-durations` needs `swift test` of its own, and `--package-path` would name a package
/// other than the one the plugin works on, so both are refused with 64 and what to run instead. It ends with the
/// tool's exit code otherwise (0 listed, nothing affected or replayed; 1 the command could not run; 64 usage
/// error or not run), which SwiftPM names before it exits with 1.
@main
struct AffectedTestsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if arguments.contains(where: { $0 == "--package-path" || $0.hasPrefix("--package-path=") }) {
            print(
                "affected-tests: a command plugin works on the package it is invoked in, so it takes no "
                    + "--package-path; for another package, name it to SwiftPM: "
                    + "swift package --package-path DIR affected-tests")
            exit(64)
        }
        let process = Process()
        process.executableURL = try context.tool(named: "PluginTool").url
        process.arguments = ["affected-tests"] + arguments + ["--package-path", context.package.directoryURL.path]
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }
}
