import BoundaryCheck
import Foundation
import PackageReading

/// A fixture directory copied to a temporary package, its `Package.swift.fixture` renamed to `Package.swift`
/// (the name would make it a package inside this one), so SwiftPM can evaluate its manifest.
struct FixturePackage {
    /// The temporary package's root.
    let root: URL

    /// Copies `Fixtures/<fixture>` to a temporary directory.
    init(fixture: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("boundary-package-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Fixture.directory.appendingPathComponent(fixture), to: root)
        try FileManager.default.moveItem(
            at: root.appendingPathComponent("Package.swift.fixture"), to: root.appendingPathComponent("Package.swift"))
    }

    /// The violations of the import graph, with the fixture's rules and its evaluated manifest.
    func importViolations() throws -> [Violation] {
        let rulesText = try String(contentsOf: root.appendingPathComponent("BoundaryRules.txt"), encoding: .utf8)
        let toolchain = try Toolchain.locate()
        return try ImportGraphCheck.violations(
            packageRoot: root, manifest: try PackageManifest(packageRoot: root, toolchain: toolchain),
            rules: try BoundaryRules.parse(rulesText, file: "BoundaryRules.txt"), rulesPath: "BoundaryRules.txt",
            toolchain: toolchain)
    }

    /// Removes the temporary package.
    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
