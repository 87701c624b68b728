import AppTesting
import Foundation
import Testing

@testable import AppData

/// The data folder is the app's own: a folder another user owns or may write to, reached through a link or not,
/// and any of the app's files in it that is a symbolic link, is refused at start with exit code 2, the path named
/// and nothing written, unless the person says they mean it with `--allow-unsafe-data-dir`.
@Suite("A data folder that is not the app's own, or a link among its files, is refused before anything is written")
@MainActor
struct DataFolderOwnershipTests {
    static let allowFlag = "--allow-unsafe-data-dir"

    /// Every name in the folder with its bytes, links read as their target's path.
    static func contents(of path: String) throws -> [String: String] {
        var contents: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            let file = path + "/" + name
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: file) {
                contents[name] = "link to " + target
            } else {
                contents[name] = FileManager.default.contents(atPath: file).map { "\($0.hashValue) \($0.count)" }
            }
        }
        return contents
    }

    static func expectRefused(
        _ run: AppRun, path: String, because reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(run.status == 2, "\(run.error)", sourceLocation: sourceLocation)
        #expect(run.error.hasPrefix("app: refusing \(path): "), "\(run.error)", sourceLocation: sourceLocation)
        #expect(run.error.contains(reason), "\(run.error)", sourceLocation: sourceLocation)
        #expect(run.error.contains(allowFlag), "the way on is named", sourceLocation: sourceLocation)
        #expect(!MessageScan.containsDebugText(run.error), "\(run.error)", sourceLocation: sourceLocation)
    }

    @Test(
        "A folder group or others may write to is refused, new or holding data, with nothing written",
        arguments: [0o777, 0o1777, 0o770, 0o722])
    func writableFolderIsRefused(mode: Int) throws {
        for holdsData in [false, true] {
            let data = try TemporaryDataDirectory()
            if holdsData { #expect(data.run(AppHarness.demoLogin).status == 0) }
            #expect(chmod(data.path, mode_t(mode)) == 0)
            let before = try Self.contents(of: data.path)
            let run = data.run(AppHarness.demoLogin + "state\n")
            let shown = String(format: "%04o", mode)
            Self.expectRefused(run, path: data.path, because: "may write to the data folder (mode \(shown))")
            #expect(try Self.contents(of: data.path) == before, "nothing written")
            let allowed = data.run("state\n", arguments: [Self.allowFlag])
            #expect(allowed.status == 0, "\(allowed.error)")
            #expect(allowed.lastState != nil)
        }
    }

    @Test("A folder another user owns is refused, and so is one reached through a link")
    func foreignFolderIsRefused() throws {
        let data = try TemporaryDataDirectory()
        #expect(data.run(AppHarness.demoLogin).status == 0)
        #expect(chown(data.path, 65_534, 65_534) == 0)
        let before = try Self.contents(of: data.path)
        Self.expectRefused(data.run("state\n"), path: data.path, because: "belongs to another user (uid 65534)")
        let link = try TemporaryDataDirectory()
        let linked = link.file("data")
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: data.path)
        let run = AppHarness.run(input: ScriptedInput("state\n"), arguments: ["--data-dir", linked])
        Self.expectRefused(run, path: linked, because: "belongs to another user")
        #expect(try Self.contents(of: data.path) == before, "nothing written")
        #expect(data.run("state\n", arguments: [Self.allowFlag]).status == 0)
    }

    @Test(
        "Any of the app's files that is a symbolic link is refused, and the file it points to is not written",
        arguments: ["app.sqlite", "app.sqlite-wal", "app.sqlite-shm", "app.sqlite.marker", "command-history"])
    func linkedFileIsRefused(name: String) throws {
        let data = try TemporaryDataDirectory()
        let elsewhere = try TemporaryDataDirectory()
        #expect(data.run(AppHarness.demoLogin).status == 0)
        let target = elsewhere.file("target")
        let original = name == "app.sqlite" ? try Data(contentsOf: URL(fileURLWithPath: data.databasePath)) : Data()
        #expect(FileManager.default.createFile(atPath: target, contents: original))
        try? FileManager.default.removeItem(atPath: data.file(name))
        try FileManager.default.createSymbolicLink(atPath: data.file(name), withDestinationPath: target)
        let before = try Self.contents(of: data.path)
        let run = data.run(AppHarness.logOut + "set email new@example.com\n")
        Self.expectRefused(run, path: data.file(name), because: "it is a symbolic link to \(target)")
        #expect(try Self.contents(of: data.path) == before, "nothing written in the folder")
        #expect(FileManager.default.contents(atPath: target) == original, "nothing written through the link")
    }

    @Test("A fresh folder, and the tests' own folders, are the app's own")
    func ownFoldersStart() throws {
        let parent = try TemporaryDataDirectory()
        let fresh = parent.file("new/data")
        let run = AppHarness.run(
            input: ScriptedInput(AppHarness.demoLogin + "state\n"), arguments: ["--data-dir", fresh])
        #expect(run.status == 0, "\(run.error)")
        var status = stat()
        #expect(stat(fresh, &status) == 0 && status.st_mode & 0o777 == 0o700)
        let temporary = try TemporaryDataDirectory()
        #expect(temporary.run("state\n").status == 0)
    }
}
