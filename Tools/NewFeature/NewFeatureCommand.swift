import ArgumentParsing
public import Foundation
import PackageReading

/// The `new-feature` command line: reads the arguments, scaffolds the feature, and says how it went.
///
/// Exit codes: 0 created; 1 refused (an invalid name, a feature that exists, a name whose targets clash with a
/// target of a package the package depends on, a package graph that cannot be read, a package without the marker
/// lines, a file that cannot be written), and then nothing was changed; 64 usage error (a missing name, an unknown
/// option, an option without its value), the conventional code of `sysexits.h`.
public enum NewFeatureCommand {
    /// The feature was created.
    static let success: Int32 = 0
    /// The scaffolder refused; nothing was changed.
    static let refused: Int32 = 1
    /// The command line was malformed.
    static let usageError = ArgumentParser.usageErrorStatus

    static let usage = """
        usage: new-feature <Name> [--package-path DIR] [--core-package ID] [--graph-targets LIST]
          <Name>                the feature's name in UpperCamelCase without `Feature`, such as Profile
          --package-path DIR    the package to add it to (default: the package of the current directory, the
                                nearest folder at or above it with a Package.swift)
          --core-package ID     the identity of the package dependency that provides Core and CoreTesting, for
                                a package without `// new-feature:` marker lines (the plugin passes it)
          --graph-targets LIST  the targets of every package the package depends on, as comma-separated
                                package:Target pairs (the plugin passes them; without it, new-feature resolves
                                the dependencies itself)
          --help                print this help
        exit codes: 0 created; 1 refused (invalid or existing name, or its targets clash with a target of a
        dependency), nothing changed; 64 usage error
        """

    private static let packagePath = ArgumentParser.Option.value("--package-path")
    private static let corePackage = ArgumentParser.Option.value("--core-package")
    private static let graphTargets = ArgumentParser.Option.value("--graph-targets")
    static let parser = ArgumentParser(
        command: "new-feature", usage: usage, options: [packagePath, corePackage, graphTargets],
        positionals: ["the feature's name"])

    /// Runs the command with `arguments` (without the program's name) on the package at `--package-path`, else
    /// `defaultPackagePath`, printing to standard output and standard error; returns the exit code.
    public static func run(_ arguments: [String], defaultPackagePath: URL) -> Int32 {
        run(
            arguments, defaultPackagePath: defaultPackagePath, output: { print($0) },
            errors: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }

    /// Runs the command with `arguments` (without the program's name); returns the exit code. What it prints
    /// for a person goes to `output`, refusals and usage errors to `errors`.
    static func run(
        _ arguments: [String], defaultPackagePath: URL, output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        parser.run(arguments, output: output, errors: errors) { arguments in
            do {
                let name = try FeatureName(arguments.positionals[0])
                let root = arguments.value(of: packagePath).map { URL(fileURLWithPath: $0) } ?? defaultPackagePath
                guard FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) else {
                    errors(
                        "new-feature: no Package.swift in \(root.path): run it in a package's folder, or name the "
                            + "package with --package-path")
                    return refused
                }
                let (graph, core, coreModule) = try readGraph(
                    of: root, corePackage: arguments.value(of: corePackage),
                    graphTargets: arguments.value(of: graphTargets))
                let scaffold = try FeatureScaffold(
                    name: name, packageRoot: root, corePackage: core, coreModule: coreModule, graph: graph)
                let created = try scaffold.apply()
                output(scaffold.report(created: created))
                return success
            } catch {
                errors("new-feature: \(error)")
                return refused
            }
        }
    }

    /// The targets of the packages the package at `root` depends on, from `graphTargets` (`package:Target`
    /// pairs) when given, else resolved; the package that provides `Core`, `corePackage` (an identity, which the
    /// plugin passes in lowercase), spelled as the manifest spells it where a target already depends on it; and
    /// the name its targets give that package's `Core` (its alias, where the manifest declares one), read from the
    /// evaluated manifest. Identities are compared without regard to case, as SwiftPM compares them.
    static func readGraph(
        of root: URL, corePackage: String?, graphTargets: String?
    ) throws(ToolError) -> (PackageGraph, corePackage: String?, coreModule: String) {
        let given = try graphTargets.map { list throws(ToolError) in try parseGraphTargets(list) }
        guard given == nil || corePackage != nil else {
            return (given ?? PackageGraph(dependencyTargets: []), corePackage, "Core")
        }
        let toolchain = try Toolchain.locate()
        let manifest = try PackageManifest(
            packageRoot: root, toolchain: toolchain,
            consequence: "so new-feature cannot add a feature to it (it reads the package's dependencies and its "
                + "name for Core from the evaluated manifest, never from its text); nothing was changed")
        let coreModule = corePackage.map { manifest.moduleName(of: "Core", inPackage: $0) } ?? "Core"
        let spelled = corePackage.map { manifest.spelling(ofPackage: $0) ?? $0 }
        if let given { return (given, spelled, coreModule) }
        guard manifest.hasDependencies else { return (PackageGraph(dependencyTargets: []), spelled, coreModule) }
        return (try PackageGraph(packageRoot: root, toolchain: toolchain), spelled, coreModule)
    }

    /// The graph that `--graph-targets` lists: `coordinators:Core,coordinators:ProfileFeature`.
    static func parseGraphTargets(_ list: String) throws(ToolError) -> PackageGraph {
        var targets: [PackageGraph.Target] = []
        for pair in list.split(separator: ",") {
            let parts = pair.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else {
                throw .unreadable("--graph-targets expects package:Target pairs, found `\(pair)`")
            }
            targets.append(PackageGraph.Target(package: String(parts[0]), name: String(parts[1])))
        }
        return PackageGraph(dependencyTargets: targets)
    }
}
