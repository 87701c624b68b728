import Foundation
import PackagePlugin

/// `swift package check-boundaries [--update-baselines] [--verbose]`: the boundary check of `boundary-check`, on
/// the package the command runs in, whichever package that is.
///
/// The plugin asks SwiftPM for the symbol graphs of the package's library modules (public and internal, through
/// `packageManager.getSymbolGraph`, which builds them first), then runs `boundary-check` on the package with
/// them and the modules SwiftPM built. The package's rules are `Tools/BoundaryRules.txt` (default rules where it
/// has none), its baselines `Tools/Baselines` (none until `--update-baselines` records them), its probes
/// `Tools/Probes`. The plugin ends with the check's exit code (0 every boundary holds, 1 a violation, 2 the check
/// could not run, 64 usage error), which SwiftPM names (`Plugin ended with exit code 2`) before it exits with 1.
@main
struct CheckBoundariesPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let graphs = context.pluginWorkDirectoryURL.appendingPathComponent("symbol-graphs")
        try? FileManager.default.removeItem(at: graphs)
        var modules: URL?
        if !arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            let libraries = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
                .filter { $0.kind == .generic }
            for target in libraries {
                for level in [PackageManager.SymbolGraphOptions.AccessLevel.public, .internal] {
                    let result = try packageManager.getSymbolGraph(
                        for: target, options: .init(minimumAccessLevel: level, includeSynthesized: false))
                    let destination = graphs.appendingPathComponent(level.rawValue)
                        .appendingPathComponent(target.name)
                    try FileManager.default.createDirectory(
                        at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try FileManager.default.copyItem(at: result.directoryURL, to: destination)
                    modules = modules ?? Self.modulesDirectory(of: target.name, near: result.directoryURL)
                }
            }
        }
        var command = ["--package-path", context.package.directoryURL.path, "--symbol-graphs", graphs.path]
        if let modules { command += ["--modules", modules.path] }
        let status = try Self.run(try context.tool(named: "PluginTool").url, ["check-boundaries"] + command + arguments)
        if status != 0 { exit(status) }
    }

    /// The `Modules` directory that SwiftPM just built `module` into for its symbol graph at `graphs`: of the
    /// `Modules` directories beside the folders above `graphs` that hold `module.swiftmodule`, the one written
    /// last (the build of this configuration, not an older one of another).
    static func modulesDirectory(of module: String, near graphs: URL) -> URL? {
        let fileManager = FileManager.default
        var level = graphs.deletingLastPathComponent()
        while level.pathComponents.count > 1 {
            let candidates = ((try? fileManager.contentsOfDirectory(atPath: level.path)) ?? []).compactMap {
                child -> (URL, Date)? in
                let modules = level.appendingPathComponent(child).appendingPathComponent("Modules")
                let built = modules.appendingPathComponent("\(module).swiftmodule")
                guard let date = try? fileManager.attributesOfItem(atPath: built.path)[.modificationDate] as? Date
                else { return nil }
                return (modules, date)
            }
            if let newest = candidates.max(by: { $0.1 < $1.1 }) { return newest.0 }
            level = level.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `tool` with `arguments`, its output going to this command's, and returns its exit status.
    static func run(_ tool: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
