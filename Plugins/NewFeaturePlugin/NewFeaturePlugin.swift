import Foundation
import PackagePlugin

/// `swift package new-feature <Name>`: the scaffolder of `new-feature`, in the package the command runs in.
///
/// It needs permission to write to the package (SwiftPM asks, or pass `--allow-writing-to-package-directory`).
/// In a package that depends on this one, the feature depends on `Core` (and its tests on `CoreTesting`) of
/// that dependency, named by its identity, even where the package has a `Core` of its own (and renames the
/// dependency's with `moduleAliases`). It hands the scaffolder the targets of every package in the graph, which
/// the feature's targets must not share a name with (but for test targets, which SwiftPM leaves out of a
/// dependency's graph). The plugin ends with the scaffolder's exit code (0 created, 1 refused
/// and nothing changed, 64 usage error), which SwiftPM names before it exits with 1.
@main
struct NewFeaturePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var command = ["new-feature"] + arguments + ["--package-path", context.package.directoryURL.path]
        let provider = context.package.dependencies.first { dependency in
            Set(["Core", "CoreTesting"]).isSubset(of: dependency.package.products.map(\.name))
        }
        if let provider { command += ["--core-package", provider.package.id] }
        let graph = Self.dependencies(of: context.package)
        command += [
            "--graph-targets",
            graph.flatMap { package in
                package.targets.filter { ($0 as? any SourceModuleTarget)?.kind != .test }.map {
                    "\(package.id):\($0.name)"
                }
            }.joined(separator: ","),
        ]
        let process = Process()
        process.executableURL = try context.tool(named: "PluginTool").url
        process.arguments = command
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }

    /// Every package `package` depends on, directly or not, each once.
    static func dependencies(of package: Package) -> [Package] {
        var found: [Package] = []
        var pending = package.dependencies.map(\.package)
        while let next = pending.first {
            pending.removeFirst()
            guard !found.contains(where: { $0.id == next.id }) else { continue }
            found.append(next)
            pending += next.dependencies.map(\.package)
        }
        return found
    }
}
