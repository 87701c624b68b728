public import Foundation
import Synchronization

/// The targets of a package as SwiftPM evaluates its `Package.swift` (`swift package dump-package`, never the
/// manifest as text, which code in it can change): names, kinds, paths and declared dependencies. The evaluation
/// has a scratch path of its own, so it never waits on the lock of a running build; if it fails, reading fails.
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

        /// Whether it is a test target.
        public var isTest: Bool { kind == "test" }

        /// Where a violation of its declaration points: `Package.swift:12 (target LoginFeature)`.
        public var location: String {
            "Package.swift" + (line.map { ":\($0)" } ?? "") + " (target \(name))"
        }
    }

    /// The targets in declaration order.
    public let targets: [Target]

    /// Evaluates the manifest of the package at `packageRoot` with `swift package dump-package`.
    ///
    /// The result is kept for the rest of the process, keyed by the manifest's text, so several readers in one
    /// run evaluate it once.
    public init(packageRoot: URL, toolchain: Toolchain) throws(ToolError) {
        let file = packageRoot.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { throw .unreadable(file.path) }
        let key = packageRoot.standardizedFileURL.path + "\n" + text
        if let known = Self.evaluated.withLock({ $0[key] }) {
            self = known
            return
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("package-manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try Toolchain.run(
            toolchain.packageManager,
            ["package", "--package-path", packageRoot.path, "--scratch-path", scratch.path, "dump-package"])
        guard result.status == 0 else {
            throw .toolFailed(
                "`swift package dump-package` could not evaluate \(file.path), so the declared dependencies "
                    + "cannot be checked (the check never falls back to reading the manifest as text):\n"
                    + result.standardError)
        }
        self = try Self(json: Data(result.standardOutput.utf8), manifestText: text)
        Self.evaluated.withLock { $0[key] = self }
    }

    /// Reads the JSON that `swift package dump-package` prints. `manifestText` only locates each target's line.
    public init(json: Data, manifestText: String) throws(ToolError) {
        let dump: Dump
        do {
            dump = try JSONDecoder().decode(Dump.self, from: json)
        } catch {
            throw .unreadable("the output of `swift package dump-package`: \(error)")
        }
        let lines = manifestText.split(separator: "\n", omittingEmptySubsequences: false)
        targets = dump.targets.map { target in
            let line = lines.firstIndex { $0.contains("\"\(target.name)\"") && $0.contains("name:") }
            return Target(
                kind: target.type, name: target.name,
                dependencies: target.dependencies.compactMap { $0.values.first?.first?.text },
                path: target.path ?? Self.defaultFolder(ofKind: target.type) + "/\(target.name)",
                exclude: target.exclude, line: line.map { $0 + 1 })
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
        /// `{"product": [name, package, aliases, condition]}`: the name is the first, a string.
        struct Element: Decodable {
            let text: String?

            init(from decoder: any Decoder) throws {
                text = try? decoder.singleValueContainer().decode(String.self)
            }
        }

        let targets: [Target]
    }
}
