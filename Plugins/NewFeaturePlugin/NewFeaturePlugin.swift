import Foundation
import PackagePlugin

/// `swift package new-feature <Name>`: the scaffolder of `new-feature`, in the package the command runs in.
///
/// It needs permission to write to the package (SwiftPM asks, or pass `--allow-writing-to-package-directory`).
/// In a package that depends on this one, the feature depends on `Core` (and its tests on `CoreTesting`) of
/// that dependency, named by its identity. The plugin ends with the scaffolder's exit code (0 created, 1 refused
/// and nothing changed, 64 usage error), which SwiftPM names before it exits with 1.
@main
struct NewFeaturePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var command = ["new-feature"] + arguments + ["--package-path", context.package.directoryURL.path]
        let ownsCore = context.package.targets.contains { $0.name == "Core" }
        let provider = context.package.dependencies.first { dependency in
            Set(["Core", "CoreTesting"]).isSubset(of: dependency.package.products.map(\.name))
        }
        if !ownsCore, let provider { command += ["--core-package", provider.package.id] }
        let process = Process()
        process.executableURL = try context.tool(named: "PluginTool").url
        process.arguments = command
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }
}
