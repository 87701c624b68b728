import BoundaryCheck
import ExecutableTesting
import Foundation
import PackageReading

/// A fixture directory copied to a temporary package, its `Package.swift.fixture` renamed to `Package.swift`
/// (the name would make it a package inside this one), so SwiftPM can evaluate its manifest.
///
/// The copy goes to a ``ScratchFolder`` named after the fixture, at the same path from one test run to the next,
/// so SwiftPM's manifest cache answers its evaluation instead of compiling the manifest again.
struct FixturePackage {
    /// The folder holding the temporary package.
    private let folder: ScratchFolder
    /// The temporary package's root.
    var root: URL { folder.url }

    /// Copies `Fixtures/<fixture>` to a scratch folder of its own.
    init(fixture: String) throws {
        folder = try ScratchFolder("boundary-package-\(fixture)") { root in
            try FileManager.default.copyItem(at: Fixture.directory.appendingPathComponent(fixture), to: root)
            try FileManager.default.moveItem(
                at: root.appendingPathComponent("Package.swift.fixture"),
                to: root.appendingPathComponent("Package.swift"))
        }
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

    /// Removes the temporary package and lets another package have its folder.
    func remove() {
        folder.remove()
    }
}
