import ExecutableTesting
import Foundation

@testable import AffectedTests

/// A git repository in a temporary folder, holding a copy of this package's `Package.swift` and whatever files a
/// test writes: where `affected-tests` runs as it would in a clone.
///
/// The folder is a ``ScratchFolder``: at a path that stays the same from run to run, so SwiftPM's manifest cache
/// answers `affected-tests`' evaluation of a manifest it evaluated there before, instead of compiling it again.
struct ScratchRepository {
    private let folder: ScratchFolder
    var root: URL { folder.url }

    /// A repository with this package's manifest and one source file in each of `Modules/Core`,
    /// `Modules/FeedFeature` and `Modules/LoginFeature`, committed.
    init() throws {
        try self.init(named: "affected-tests-package")
        try FileManager.default.copyItem(
            at: thisPackage.appendingPathComponent("Package.swift"), to: root.appendingPathComponent("Package.swift"))
        try write("Modules/Core/Window.swift", "public final class Window {}\n")
        try write("Modules/FeedFeature/Internal/Feed/FeedViewController.swift", "final class FeedViewController {}\n")
        try write("Modules/LoginFeature/LoginBuilder.swift", "public struct LoginBuilder {}\n")
        try write("README.md", "# Scratch\n")
        try commit("start")
    }

    /// A repository holding a small package of its own, ``SmallPackage``: three targets, `Beta` built on
    /// `Alpha`, each with a test target, and one source file in each, committed as `start`.
    static func small() throws -> ScratchRepository {
        let repository = try ScratchRepository(named: "affected-tests-small")
        try repository.write("Package.swift", SmallPackage.manifest)
        for name in ["Alpha", "Beta", "Gamma"] {
            try repository.write("Sources/\(name)/\(name).swift", "public struct \(name) {}\n")
            try repository.write("Tests/\(name)Tests/\(name)Tests.swift", "import Testing\n")
        }
        try repository.write("README.md", "# Small\n")
        try repository.commit("start")
        return repository
    }

    /// An empty repository in a scratch folder `name`.
    private init(named name: String) throws {
        folder = try ScratchFolder(name) { root in
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
        try git("init", "--quiet", "--initial-branch=main")
    }

    /// The repository already in `folder`.
    private init(in folder: ScratchFolder) {
        self.folder = folder
    }

    /// A clone of this repository in a new folder that holds only the last `depth` commits of its branch, as a
    /// CI's shallow checkout does.
    func shallowClone(depth: Int) throws -> ScratchRepository {
        try ScratchRepository(
            in: ScratchFolder("affected-tests-clone") { folder in
                // A local path would be hard-linked whole; through file:// git honours --depth.
                try git("clone", "--quiet", "--depth", "\(depth)", "file://\(root.path)", folder.path)
            })
    }

    /// Writes `text` to `path`, creating its folders.
    func write(_ path: String, _ text: String) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Appends a line to `path`.
    func appendLine(to path: String) throws {
        let file = root.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data((text + "// changed\n").utf8).write(to: file)
    }

    /// Stages everything and commits it.
    func commit(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "--quiet", "-m", message)
    }

    /// Runs git in the repository, with an author of its own and no housekeeping after a commit (a scratch
    /// repository lives for one test); throws when git fails.
    @discardableResult
    func git(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "-c", "maintenance.auto=false", "-c", "gc.auto=0"] + arguments
        var environment = ProcessInfo.processInfo.environment
        for key in ["GIT_AUTHOR", "GIT_COMMITTER"] {
            environment[key + "_NAME"] = "Scratch"
            environment[key + "_EMAIL"] = "scratch@example.com"
        }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        let data = try process.runToExit { output.fileHandleForReading.readDataToEndOfFile() }
        guard process.terminationStatus == 0 else {
            throw ScratchError(description: "git \(arguments.joined(separator: " ")) failed")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Deletes `path` from the working tree.
    func delete(_ path: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(path))
    }

    /// Removes the repository and lets another test have its folder.
    func remove() {
        folder.remove()
    }
}

/// A package that is not this one, so that a selection made in it can only come from it.
enum SmallPackage {
    /// Its manifest.
    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Small",
            targets: [
                .target(name: "Alpha"),
                .target(name: "Beta", dependencies: ["Alpha"]),
                .target(name: "Gamma"),
                .testTarget(name: "AlphaTests", dependencies: ["Alpha"]),
                .testTarget(name: "BetaTests", dependencies: ["Beta"]),
                .testTarget(name: "GammaTests", dependencies: ["Gamma"]),
            ]
        )

        """

    /// Its targets, as the evaluated manifest gives them.
    static let targets = [
        PackageTarget(name: "Alpha", isTest: false, path: "Sources/Alpha", dependencies: []),
        PackageTarget(name: "Beta", isTest: false, path: "Sources/Beta", dependencies: ["Alpha"]),
        PackageTarget(name: "Gamma", isTest: false, path: "Sources/Gamma", dependencies: []),
        PackageTarget(name: "AlphaTests", isTest: true, path: "Tests/AlphaTests", dependencies: ["Alpha"]),
        PackageTarget(name: "BetaTests", isTest: true, path: "Tests/BetaTests", dependencies: ["Beta"]),
        PackageTarget(name: "GammaTests", isTest: true, path: "Tests/GammaTests", dependencies: ["Gamma"]),
    ]
}

struct ScratchError: Error, CustomStringConvertible {
    let description: String
}

/// This package's root.
let thisPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
