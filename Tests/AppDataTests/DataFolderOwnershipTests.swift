import DataTesting
import Foundation
import Testing

@testable import AppData

/// The data folder is the app's own: a folder another user owns or may write to, reached through a link or not,
/// and any of the app's files in it that is a symbolic link, is refused at open with a fatal error naming the
/// path, and nothing written, unless the person says they mean it (`--allow-unsafe-data-dir`).
@Suite("A data folder that is not the app's own, or a link among its files, is refused before anything is written")
@MainActor
struct DataFolderOwnershipTests {
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
        _ error: DataError?, path: String, because reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error else {
            Issue.record("\(path) was opened", sourceLocation: sourceLocation)
            return
        }
        #expect(error.description.hasPrefix("refusing \(path): "), "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.contains(reason), "\(error)", sourceLocation: sourceLocation)
        #expect(
            error.advice?.contains("--allow-unsafe-data-dir") == true, "the way on is named",
            sourceLocation: sourceLocation)
        expectFatalAndPlain(error, sourceLocation: sourceLocation)
    }

    @Test(
        "A folder group or others may write to is refused, new or holding data, with nothing written",
        arguments: [0o777, 0o1777, 0o770, 0o722])
    func writableFolderIsRefused(mode: Int) async throws {
        for holdsData in [false, true] {
            let data = try TemporaryDataDirectory()
            if holdsData { try data.logInDemo() }
            #expect(chmod(data.path, mode_t(mode)) == 0)
            let before = try Self.contents(of: data.path)
            let shown = String(format: "%04o", mode)
            Self.expectRefused(
                try data.openingError(), path: data.path, because: "may write to the data folder (mode \(shown))")
            #expect(try Self.contents(of: data.path) == before, "nothing written")
            let allowed = try data.store(allowsUnsafeFolder: true)
            #expect(try allowed.savedSessionAccount()?.email == (holdsData ? Demo.email : nil))
        }
    }

    @Test("A folder another user owns is refused, and so is one reached through a link")
    func foreignFolderIsRefused() async throws {
        let data = try TemporaryDataDirectory()
        try data.logInDemo()
        #expect(chown(data.path, 65_534, 65_534) == 0)
        let before = try Self.contents(of: data.path)
        Self.expectRefused(try data.openingError(), path: data.path, because: "belongs to another user (uid 65534)")
        let link = try TemporaryDataDirectory()
        let linked = link.file("data")
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: data.path)
        Self.expectRefused(try openingError(at: linked), path: linked, because: "belongs to another user")
        #expect(try Self.contents(of: data.path) == before, "nothing written")
        #expect(try data.openingError(allowsUnsafeFolder: true) == nil)
    }

    @Test(
        "Any of the app's files that is a symbolic link is refused, and the file it points to is not written",
        arguments: ["app.sqlite", "app.sqlite-wal", "app.sqlite-shm", "app.sqlite.marker", "command-history"])
    func linkedFileIsRefused(name: String) async throws {
        let data = try TemporaryDataDirectory()
        let elsewhere = try TemporaryDataDirectory()
        try data.logInDemo()
        let target = elsewhere.file("target")
        let original = name == "app.sqlite" ? try Data(contentsOf: URL(fileURLWithPath: data.databasePath)) : Data()
        #expect(FileManager.default.createFile(atPath: target, contents: original))
        try? FileManager.default.removeItem(atPath: data.file(name))
        try FileManager.default.createSymbolicLink(atPath: data.file(name), withDestinationPath: target)
        let before = try Self.contents(of: data.path)
        Self.expectRefused(
            try data.openingError(), path: data.file(name), because: "it is a symbolic link to \(target)")
        #expect(try Self.contents(of: data.path) == before, "nothing written in the folder")
        #expect(FileManager.default.contents(atPath: target) == original, "nothing written through the link")
    }

    @Test("A fresh folder, made with its parents for its owner alone, and the tests' own folders, are the app's own")
    func ownFoldersStart() async throws {
        let parent = try TemporaryDataDirectory()
        let fresh = parent.file("new/data")
        #expect(try openStore(at: fresh).logIn(email: Demo.email, password: Demo.password) != nil)
        var status = stat()
        #expect(stat(fresh, &status) == 0 && status.st_mode & 0o777 == 0o700)
        let temporary = try TemporaryDataDirectory()
        #expect(try temporary.openingError() == nil)
    }
}
