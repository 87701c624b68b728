public import Foundation

/// The targets of every package a package depends on, directly or not, as SwiftPM resolves them: what a new
/// target must not be named, since SwiftPM needs target names to be unique across the whole package graph.
///
/// `swift package show-dependencies --format json` lists the dependencies with their folders, and
/// `swift package dump-package` evaluates each one's manifest. Both run with a scratch path of their own, so
/// reading never waits on the lock of a running build.
public struct PackageGraph: Sendable, Equatable {
    /// A target declared by a package of the graph.
    public struct Target: Sendable, Hashable {
        /// The identity of the package that declares it, such as `swift-collections`.
        public let package: String
        /// The target's name.
        public let name: String

        /// A target `name` of the package `package`.
        public init(package: String, name: String) {
            self.package = package
            self.name = name
        }
    }

    /// The targets of the dependencies, by package in the order SwiftPM lists them, without the root's own and
    /// without the dependencies' test targets, which SwiftPM leaves out of the graph (they never clash).
    public let dependencyTargets: [Target]

    /// A graph whose dependencies declare `dependencyTargets`.
    public init(dependencyTargets: [Target]) {
        self.dependencyTargets = dependencyTargets
    }

    /// Resolves the dependencies of the package at `packageRoot` and reads the targets of each.
    public init(packageRoot: URL, toolchain: Toolchain) throws(ToolError) {
        // The package's own scratch path for reading it, as its manifest's evaluation has: a new one each time
        // left SwiftPM's two lock files for it in the temporary directory at every run.
        let scratch = PackageManifest.scratchPath(for: packageRoot)
        let result = try Toolchain.run(
            toolchain.packageManager,
            [
                "package", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "show-dependencies",
                "--format", "json",
            ])
        guard result.status == 0 else {
            throw .toolFailed(
                "`swift package show-dependencies` could not resolve the dependencies of \(packageRoot.path):\n"
                    + result.standardError)
        }
        var targets: [Target] = []
        for dependency in try Self.dependencies(showDependenciesJSON: Data(result.standardOutput.utf8)) {
            let manifest = try PackageManifest(packageRoot: URL(fileURLWithPath: dependency.path), toolchain: toolchain)
            targets += manifest.targets.filter { !$0.isTest }.map {
                Target(package: dependency.identity, name: $0.name)
            }
        }
        self.init(dependencyTargets: targets)
    }

    /// The targets named `name`, in any dependency.
    public func targets(named name: String) -> [Target] { dependencyTargets.filter { $0.name == name } }

    /// Every package below the root in the JSON of `swift package show-dependencies --format json`, each once,
    /// depth first: its identity and its folder.
    public static func dependencies(
        showDependenciesJSON json: Data
    ) throws(ToolError) -> [(identity: String, path: String)] {
        let root: Node
        do {
            root = try JSONDecoder().decode(Node.self, from: json)
        } catch {
            throw .unreadable("the output of `swift package show-dependencies --format json`: \(error)")
        }
        var seen: Set<String> = []
        var found: [(identity: String, path: String)] = []
        func visit(_ node: Node) {
            for child in node.dependencies where seen.insert(child.identity).inserted {
                found.append((child.identity, child.path))
                visit(child)
            }
        }
        visit(root)
        return found
    }

    /// A package in the JSON of `show-dependencies`.
    private struct Node: Decodable {
        let identity: String
        let path: String
        let dependencies: [Node]
    }
}
