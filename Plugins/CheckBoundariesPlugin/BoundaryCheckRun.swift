import Foundation
import PackagePlugin

/// What `swift package check-boundaries` and `swift package update-boundary-baselines` share (this file is in both
/// plugins' folders, the second a link to the first, since a plugin can depend on no library): building the
/// package's modules and their symbol graphs through SwiftPM, then running `boundary-check` on them.
enum BoundaryCheckRun {
    /// The options of `boundary-check` that the plugins set themselves: the package is the one the command is
    /// invoked in, its modules and symbol graphs the ones SwiftPM just built for it.
    static let setByThePlugin = ["--package-path", "--modules", "--symbol-graphs"]

    /// The option of `arguments` that the plugins set themselves, if there is one (`--modules DIR` or
    /// `--modules=DIR`).
    static func refusedOption(in arguments: [String]) -> String? {
        setByThePlugin.first { option in arguments.contains { $0 == option || $0.hasPrefix(option + "=") } }
    }

    /// Why `option` is refused by the plugin run as `verb`.
    static func refusal(of option: String, verb: String) -> String {
        if option == "--package-path" {
            return "\(verb): a command plugin works on the package it is invoked in, so it takes no --package-path; "
                + "to check another package, name it to SwiftPM: swift package --package-path DIR \(verb)"
        }
        return "\(verb): the plugin builds the package and hands the check its modules and symbol graphs itself, "
            + "so it takes no \(option); `swift run boundary-check \(option) DIR` reads those of your choice"
    }

    /// Builds the symbol graphs of the package's library modules (public and internal, through
    /// `packageManager.getSymbolGraph`, which builds the modules first), then runs `boundary-check` on the package
    /// with them, the modules SwiftPM built and `arguments`; returns its exit status (2, saying so, when a module
    /// does not build).
    static func run(
        context: PluginContext, packageManager: PackageManager, arguments: [String]
    ) throws -> Int32 {
        let graphs = context.pluginWorkDirectoryURL.appendingPathComponent("symbol-graphs")
        try? FileManager.default.removeItem(at: graphs)
        var modules: URL?
        if !arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            let libraries = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
                .filter { $0.kind == .generic }
            for target in libraries {
                for level in [PackageManager.SymbolGraphOptions.AccessLevel.public, .internal] {
                    let result: PackageManager.SymbolGraphResult
                    do {
                        result = try packageManager.getSymbolGraph(
                            for: target, options: .init(minimumAccessLevel: level, includeSynthesized: false))
                    } catch {
                        // SwiftPM printed the compiler's messages; its error says little more than that it failed.
                        print(
                            "building \(target.name) (or a module it depends on) and its symbol graph failed ("
                                + "\(error); the compiler's messages, if any, are above), so no boundary was checked: "
                                + "fix the build, then run the command again")
                        return 2
                    }
                    let destination = graphs.appendingPathComponent(level.rawValue)
                        .appendingPathComponent(target.name)
                    try FileManager.default.createDirectory(
                        at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try FileManager.default.copyItem(at: result.directoryURL, to: destination)
                    modules = modules ?? modulesDirectory(of: target.name, near: result.directoryURL)
                }
            }
        }
        var command = ["--package-path", context.package.directoryURL.path, "--symbol-graphs", graphs.path]
        if let modules { command += ["--modules", modules.path] }
        let process = Process()
        process.executableURL = try context.tool(named: "PluginTool").url
        process.arguments = ["check-boundaries"] + command + arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
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
}
