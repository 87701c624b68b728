import BoundaryCheck
import Foundation
import Glibc
import PackageReading

/// A fixture directory copied to a temporary package, its `Package.swift.fixture` renamed to `Package.swift`
/// (the name would make it a package inside this one), so SwiftPM can evaluate its manifest.
///
/// SwiftPM keeps each manifest it evaluates, by the package's path and the manifest's text, in a cache shared by
/// every run (`~/.cache/org.swift.swiftpm/manifests`). A copy at a new path each time would compile and link its
/// manifest each time, and add an entry that is never read again; so a fixture is copied to one of a few folders
/// of its own, `boundary-package-<fixture>-<slot>`, the same from one test run to the next. A test holds its folder
/// with an advisory lock for as long as it uses it, so tests running side by side, in this process or another,
/// never share one.
struct FixturePackage {
    /// The temporary package's root.
    let root: URL
    /// The open lock file that holds the folder for this package; closing it lets another package have the folder.
    private let lock: Int32

    /// Copies `Fixtures/<fixture>` to a temporary directory.
    init(fixture: String) throws {
        var refusal: any Error = FixtureError.noFolder("every boundary-package-\(fixture)-N folder is held by a test")
        let temporary = FileManager.default.temporaryDirectory
        for slot in 0..<Self.maximumSlots {
            let folder = temporary.appendingPathComponent("boundary-package-\(fixture)-\(slot)")
            let lock = open(folder.path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
            guard lock >= 0 else { continue }
            guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
                close(lock)
                continue
            }
            do {
                try? FileManager.default.removeItem(at: folder)
                try FileManager.default.copyItem(at: Fixture.directory.appendingPathComponent(fixture), to: folder)
                try FileManager.default.moveItem(
                    at: folder.appendingPathComponent("Package.swift.fixture"),
                    to: folder.appendingPathComponent("Package.swift"))
            } catch {
                // A folder this process cannot empty, such as another user's: the next one may do.
                refusal = error
                close(lock)
                continue
            }
            (root, self.lock) = (folder, lock)
            return
        }
        throw refusal
    }

    /// More folders for one fixture than tests could ever hold at once, in this process and others.
    private static let maximumSlots = 64

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
        try? FileManager.default.removeItem(at: root)
        close(lock)
    }
}
