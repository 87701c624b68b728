public import Foundation
import Synchronization

/// The targets of a package as SwiftPM evaluates its `Package.swift` (`swift package dump-package`, never the
/// manifest as text, which code in it can change): names, kinds, paths and declared dependencies. The evaluation
/// has a scratch path of its own (`scratchPath(for:)`), so it never waits on the lock of a running build; if it
/// fails, reading fails.
public struct PackageManifest: Sendable {
    /// One target declaration.
    public struct Target: Sendable, Equatable {
        /// SwiftPM's kind: `regular`, `executable`, `test`, `system`, `binary`, `plugin` or `macro`.
        public let kind: String
        /// The target's name.
        public let name: String
        /// The names of the targets and products it depends on.
        public let dependencies: [String]
        /// Its source directory, relative to the package root.
        public let path: String
        /// The paths in its `exclude`, relative to its source directory.
        public let exclude: [String]
        /// The line of `Package.swift` that names it, when the name appears there literally.
        public let line: Int?
        /// Its dependencies on products of other packages, with the module aliases it declares for each.
        public var productDependencies: [ProductDependency] = []

        /// Whether it is a test target.
        public var isTest: Bool { kind == "test" }

        /// Its dependencies on targets of its own package: ``dependencies`` without its products of other packages,
        /// one occurrence for each (a product may share its name with a target of this package, as another
        /// package's `Core` beside one's own under a module alias, and is not that target).
        public var packageDependencies: [String] {
            var products = productDependencies.map(\.name)
            return dependencies.filter { name in
                guard let product = products.firstIndex(of: name) else { return true }
                products.remove(at: product)
                return false
            }
        }

        /// Where a violation of its declaration points: `Package.swift:12 (target LoginFeature)`.
        public var location: String {
            "Package.swift" + (line.map { ":\($0)" } ?? "") + " (target \(name))"
        }
    }

    /// A target's dependency on a product of another package:
    /// `.product(name: "Core", package: "coordinators", moduleAliases: ["Core": "CoordinatorCore"])`.
    public struct ProductDependency: Sendable, Equatable {
        /// The product's name, such as `Core`.
        public let name: String
        /// The package that provides it, as the manifest names it: its identity or its name.
        public let package: String
        /// The new names of the product's modules in this package, by their own names: `["Core": "CoordinatorCore"]`.
        public let moduleAliases: [String: String]
    }

    /// The targets in declaration order.
    public let targets: [Target]
    /// Whether the package depends on other packages.
    public let hasDependencies: Bool

    /// What the package's targets call the module `module` of the package `package`: its alias, where a target's
    /// dependency on a product of that package renames it with `moduleAliases`, else `module`.
    ///
    /// `package` is compared without regard to case, as SwiftPM compares package identities: a manifest that
    /// writes `package: "ModularCoordinators"` names the package whose identity is `modularcoordinators`.
    public func moduleName(of module: String, inPackage package: String) -> String {
        let dependencies = productDependencies(onPackage: package)
        return dependencies.lazy.compactMap { $0.moduleAliases[module] }.first ?? module
    }

    /// How the manifest spells the package `package` in its first dependency on one of that package's products
    /// (`ModularCoordinators` for the identity `modularcoordinators`), or `nil` when no target depends on one.
    public func spelling(ofPackage package: String) -> String? {
        productDependencies(onPackage: package).first?.package
    }

    /// The targets' dependencies on products of the package `package`, compared without regard to case.
    private func productDependencies(onPackage package: String) -> [ProductDependency] {
        let identity = package.lowercased()
        return targets.flatMap(\.productDependencies).filter { $0.package.lowercased() == identity }
    }

    /// What the boundary check says follows from a manifest that does not evaluate.
    public static let uncheckedDependencies =
        "so the declared dependencies cannot be checked (the check never falls back to reading the manifest as text)"

    /// Evaluates the manifest of the package at `packageRoot` with `swift package dump-package`.
    ///
    /// The result is kept for the rest of the process, keyed by the manifest's text, so several readers in one
    /// run evaluate it once. When the manifest does not evaluate, the error says so, then `consequence` (what the
    /// reading tool cannot do without it, a clause starting with "so"), then SwiftPM's diagnostics without the
    /// compiler's command line.
    public init(
        packageRoot: URL, toolchain: Toolchain, consequence: String = uncheckedDependencies
    ) throws(ToolError) {
        let file = packageRoot.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { throw .unreadable(file.path) }
        let key = packageRoot.standardizedFileURL.path + "\n" + text
        if let known = Self.evaluated.withLock({ $0[key] }) {
            self = known
            return
        }
        let scratch = Self.scratchPath(for: packageRoot)
        let result = try Toolchain.run(
            toolchain.packageManager,
            ["package", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "dump-package"])
        guard result.status == 0 else {
            throw .toolFailed(
                "`swift package dump-package` could not evaluate \(file.path), \(consequence):\n"
                    + Self.withoutCompilerCommand(result.standardError))
        }
        self = try Self(json: Data(result.standardOutput.utf8), manifestText: text)
        Self.evaluated.withLock { $0[key] = self }
    }

    /// The scratch path `dump-package`, and `show-dependencies` for ``PackageGraph``, get for the package at
    /// `packageRoot`: one per package, in the temporary directory, named by a hash of the package's path.
    ///
    /// Outside the package's `.build`, so reading a package never waits on the lock of a running build.
    /// `dump-package` writes nothing there and `show-dependencies` its resolution, but SwiftPM leaves lock files for
    /// each scratch path it is given (`/tmp/_tmp_package-manifest-….lock`): one path per package leaves one set per
    /// package, where a new path for each evaluation left one for every run of a tool. Two readings of one package
    /// at once take turns on those locks.
    package static func scratchPath(for packageRoot: URL) -> URL {
        // FNV-1a, 64 bits: the same name in every process, unlike `Hasher`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in packageRoot.standardizedFileURL.path.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return FileManager.default.temporaryDirectory
            .appendingPathComponent("package-manifest-\(String(hash, radix: 16))", isDirectory: true)
    }

    /// SwiftPM's diagnostics for a manifest, without the command line it compiled the manifest with
    /// (` (compiled with: ["/usr/bin/swiftc", ...])`), which says nothing about what is wrong in it.
    static func withoutCompilerCommand(_ diagnostics: String) -> String {
        diagnostics.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let start = line.range(of: " (compiled with: ["), line.hasSuffix("])") else { return String(line) }
            return String(line[..<start.lowerBound])
        }.joined(separator: "\n")
    }

    /// The index of the line of `lines` (a manifest's) that declares the target `name`: the first `name: "<name>"`
    /// opened by a target's declaration (`.target(`, `.testTarget(`, ... before it on its line, or on the line
    /// before that holds code), not by a product's (`.library(`, `.executable(`, or any with `targets:`) or the
    /// package's own, and never in a comment; else the first `name: "<name>"`; else the first line naming it at all.
    /// A `.target(name:)` written as a dependency, before the target's own declaration, is taken for it.
    static func declarationLine(ofTarget name: String, in lines: [Substring]) -> Int? {
        // What a line says once its comment is cut off: a declaration commented out declares nothing.
        func code(_ index: Int) -> Substring {
            let line = lines[index]
            return line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
        }
        let naming = lines.indices.filter { index in
            guard let label = code(index).range(of: "name:") else { return false }
            return code(index)[label.upperBound...].drop { $0 == " " }.hasPrefix("\"\(name)\"")
        }
        let declarations = [
            ".target(", ".testTarget(", ".executableTarget(", ".systemLibrary(", ".plugin(", ".binaryTarget(",
            ".macro(",
        ]
        let declared = naming.first { index in
            let line = code(index)
            guard let label = line.range(of: "name:"), !line.contains("targets:") else { return false }
            if line[..<label.lowerBound].contains("(") {
                return declarations.contains { line[..<label.lowerBound].contains($0) }
            }
            // The declaration opened on the nearest line above that holds code.
            let above = lines.indices[..<index].reversed().first {
                !code($0).trimmingCharacters(in: .whitespaces).isEmpty
            }
            return above.map { opening in declarations.contains { code(opening).contains($0) } } ?? false
        }
        return declared ?? naming.first ?? lines.firstIndex { $0.contains("\"\(name)\"") && $0.contains("name:") }
    }

    /// Reads the JSON that `swift package dump-package` prints. `manifestText` only locates each target's line.
    public init(json: Data, manifestText: String) throws(ToolError) {
        let dump: Dump
        do {
            dump = try JSONDecoder().decode(Dump.self, from: json)
        } catch {
            throw .unreadable("the output of `swift package dump-package`: \(error)")
        }
        hasDependencies = !(dump.dependencies ?? []).isEmpty
        let lines = manifestText.split(separator: "\n", omittingEmptySubsequences: false)
        targets = dump.targets.map { target in
            let line = Self.declarationLine(ofTarget: target.name, in: lines)
            var read = Target(
                kind: target.type, name: target.name,
                dependencies: target.dependencies.compactMap { $0.values.first?.first?.text },
                path: target.path ?? Self.defaultFolder(ofKind: target.type) + "/\(target.name)",
                exclude: target.exclude, line: line.map { $0 + 1 })
            read.productDependencies = target.dependencies.compactMap { dependency in
                guard let elements = dependency["product"], let name = elements.first?.text,
                    elements.count > 1, let package = elements[1].text
                else { return nil }
                let aliases = elements.count > 2 ? elements[2].aliases : nil
                return ProductDependency(name: name, package: package, moduleAliases: aliases ?? [:])
            }
            return read
        }
    }

    /// Where SwiftPM looks for a target of `kind` that names no path: `Tests`, `Plugins` or `Sources`.
    static func defaultFolder(ofKind kind: String) -> String {
        switch kind {
        case "test": "Tests"
        case "plugin": "Plugins"
        default: "Sources"
        }
    }

    /// The target named `name`.
    public func target(_ name: String) -> Target? { targets.first { $0.name == name } }

    private static let evaluated = Mutex<[String: PackageManifest]>([:])

    /// The part of `dump-package`'s JSON that is read.
    private struct Dump: Decodable {
        struct Target: Decodable {
            let name: String
            let type: String
            let path: String?
            let exclude: [String]
            let dependencies: [[String: [Element]]]
        }

        /// An element of a dependency, `{"byName": [name, condition]}`, `{"target": [name, condition]}` or
        /// `{"product": [name, package, aliases, condition]}`: the name is the first, a string; a product's
        /// aliases are an object of strings.
        struct Element: Decodable {
            let text: String?
            let aliases: [String: String]?

            init(from decoder: any Decoder) throws {
                text = try? decoder.singleValueContainer().decode(String.self)
                aliases = try? decoder.singleValueContainer().decode([String: String].self)
            }
        }

        /// A package dependency, only counted.
        struct Dependency: Decodable {
            init(from decoder: any Decoder) throws {}
        }

        let targets: [Target]
        let dependencies: [Dependency]?
    }
}
