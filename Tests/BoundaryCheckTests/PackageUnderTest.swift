import BoundaryCheck
import Foundation
import PackageReading

/// This package, as the suite checks it: its root, its built modules, and its rules.
enum PackageUnderTest {
    /// The package root, three levels above this file.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fixtures of the checker's own tests.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A checker of this package against the modules `swift test` just built.
    static func checker() throws -> BoundaryChecker {
        try BoundaryChecker(packageRoot: root, modulesDirectory: try BoundaryChecker.runningBuildModules())
    }

    /// The rules file's checked modules, read when the suite is discovered.
    static let rules: BoundaryRules? = {
        let file = root.appendingPathComponent("Tools/BoundaryRules.txt")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return try? BoundaryRules.parse(text, file: "Tools/BoundaryRules.txt")
    }()

    /// Every checked module.
    static let checkedModules = rules?.checkedModules ?? []

    /// Every feature module.
    static let featureModules = rules?.features.map(\.module) ?? []

    /// A target of `kind` named `name` with no dependencies, read from JSON shaped like `dump-package`'s.
    static func target(_ name: String, kind: String) throws -> PackageManifest.Target {
        let json = #"{"targets": [{"name": "\#(name)", "type": "\#(kind)", "exclude": [], "dependencies": []}]}"#
        return try PackageManifest(json: Data(json.utf8), manifestText: "").targets[0]
    }

    /// The violations as one readable message.
    static func report(_ violations: [Violation]) -> String {
        violations.map(\.description).joined(separator: "\n\n")
    }
}
