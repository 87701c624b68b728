import BoundaryCheck
import ExecutableTesting
import Foundation
import PackageReading

/// What the checker's tests share: the fixtures, a stand-in Core module they compile against, and this package's
/// rules text (for the screen bases and suffixes, and the rooms of the app), never this package's built modules.
enum Fixture {
    /// The fixtures of the checker's tests, beside this file.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// This package's rules file, as text.
    static let packageRulesText: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try? String(contentsOf: root.appendingPathComponent("Tools/BoundaryRules.txt"), encoding: .utf8)
    }()

    /// This package's rules, parsed.
    static let packageRules: BoundaryRules? = packageRulesText.flatMap {
        try? BoundaryRules.parse($0, file: "Tools/BoundaryRules.txt")
    }

    /// Puts the stand-in Core (`Fixtures/Core`) into `directory`: the module the fixtures import as `Core`.
    ///
    /// It is compiled once for the whole test run, into a directory of its own, and copied from there.
    static func compileCore(into directory: URL) throws {
        try copyContents(of: try compiledCore.get(), into: directory)
    }

    /// Copies each file of `source` into `directory`.
    static func copyContents(of source: URL, into directory: URL) throws {
        for file in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(file), to: directory.appendingPathComponent(file))
        }
    }

    /// The folder that holds what the fixtures compile once a run (``compiledDirectory(_:)``): the same folder from
    /// one run to the next, emptied first and held by this process while it runs, so no run leaves a compiled module
    /// behind in the tests' scratch space.
    private static let builds = Result<ScratchFolder, any Error> {
        try ScratchFolder("boundary-fixture-builds") {
            try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: true)
        }
    }

    /// A new, empty directory named after `name` for one module compiled once a run.
    static func compiledDirectory(_ name: String) throws -> URL {
        let directory = try builds.get().url.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The directory holding the stand-in Core compiled once a run, or why it could not be compiled.
    private static let compiledCore = Result<URL, any Error> {
        let toolchain = try Toolchain.locate()
        let directory = try compiledDirectory("core")
        let result = try Toolchain.run(
            toolchain.compiler,
            [
                "-emit-module", "-wmo", "-module-name", "Core", "-parse-as-library", "-swift-version", "6",
                "-emit-module-path", directory.appendingPathComponent("Core.swiftmodule").path,
                Fixture.directory.appendingPathComponent("Core/Core.swift").path,
            ])
        guard result.status == 0 else { throw FixtureError.compileFailed(result.output) }
        return directory
    }

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
