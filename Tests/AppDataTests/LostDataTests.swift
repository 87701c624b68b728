import DataTesting
import Foundation
import Testing

@testable import AppData

/// A database emptied, cut short or removed beside files that only exist once it held data: its write-ahead log
/// (which may hold committed changes), its shared memory, its marker or the command history. Each is lost data,
/// a fatal error; the log is never deleted, and moving the damaged files aside keeps it with them.
@Suite("A lost database is reported and its write-ahead log kept, in folders from before the marker too")
@MainActor
struct LostDataTests {
    /// A folder whose database holds the demo account, with a committed change (a new display name) that is only
    /// in the write-ahead log, as a process killed after a commit leaves it.
    static func folderWithCommittedLog() throws -> TemporaryDataDirectory {
        let data = try TemporaryDataDirectory()
        try data.logInDemo()
        try data.sql("PRAGMA wal_checkpoint(TRUNCATE)")
        do {
            let connection = try SQLiteConnection(path: data.databasePath)
            try connection.execute("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
            try connection.execute("UPDATE accounts SET display_name = 'Kept in the log'")
            connection.keepLogOnClose()
        }
        #expect((DataFolderCheck.fileSize(data.file("app.sqlite-wal")) ?? 0) > 0, "the log holds the change")
        return data
    }

    static func truncate(_ path: String, to size: Int) {
        #expect(Glibc.truncate(path, off_t(size)) == 0)
    }

    @Test(
        "An emptied or cut-short database beside a write-ahead log is lost data naming both, the log kept as it was",
        arguments: [0, 100, 4096 + 10, 4096])
    func emptiedDatabaseKeepsItsLog(size: Int) async throws {
        let data = try Self.folderWithCommittedLog()
        let logPath = data.file("app.sqlite-wal")
        Self.truncate(data.databasePath, to: size)
        let log = try #require(FileManager.default.contents(atPath: logPath))
        for checksEveryPage in [false, true] {
            let error = try #require(try data.openingError(checksEveryPage: checksEveryPage))
            #expect(error.description.contains("the data file \(data.databasePath) is "), "\(size) bytes: \(error)")
            #expect(error.description.contains("write-ahead log \(logPath)"), "\(error)")
            expectFatalAndPlain(error)
            #expect(FileManager.default.contents(atPath: logPath) == log, "the log is kept as it was")
        }
        let moved = try data.store(movesDamagedFilesAside: true)
        #expect(try moved.logIn(email: Demo.email, password: Demo.password) != nil, "a fresh start")
        let suffix = TestTime.movedSuffix
        #expect(FileManager.default.contents(atPath: logPath + suffix) == log, "the log is kept beside the rest")
        #expect(moved.movedAsidePaths.contains(logPath + suffix), "\(moved.movedAsidePaths)")
        #expect(FileManager.default.fileExists(atPath: data.databasePath + suffix))
    }

    @Test("A sound database beside a log holding committed changes opens, and reads them")
    func soundFolderStarts() async throws {
        let data = try Self.folderWithCommittedLog()
        #expect(
            try data.store().savedSessionAccount()?.displayName == "Kept in the log",
            "the committed change in the log is read")
    }

    @Test(
        "A folder from before the marker, its database emptied or removed beside the app's other files, is lost data",
        arguments: ["command-history", "app.sqlite-wal", "app.sqlite-shm"])
    func folderBeforeTheMarkerIsNotReseeded(evidence: String) async throws {
        for removesDatabase in [false, true] {
            let data = try TemporaryDataDirectory()
            try data.logInDemo()
            try FileManager.default.removeItem(atPath: data.file(Database.markerName))
            #expect(FileManager.default.createFile(atPath: data.file(evidence), contents: Data()))
            if removesDatabase {
                try FileManager.default.removeItem(atPath: data.databasePath)
            } else {
                Self.truncate(data.databasePath, to: 0)
            }
            let error = try #require(try data.openingError(), "\(evidence)")
            let state = removesDatabase ? "is missing" : "is empty"
            #expect(error.description.contains("the data file \(data.databasePath) \(state)"), "\(error)")
            expectFatalAndPlain(error)
            #expect(!FileManager.default.fileExists(atPath: data.file(Database.markerName)), "nothing written")
            #expect(!LiveDataStore.isAbsent(inFolder: data.path), "there is something to check")
            #expect(try data.openingError(checksEveryPage: true) != nil, "\(evidence): a check of every page")
            let fresh = try data.store(movesDamagedFilesAside: true)
            #expect(try fresh.savedSessionAccount() == nil, "a new start")
            #expect(fresh.seededDemoAccount == Demo.email)
            // Beside a removed database, only the evidence was there to show data was lost: the command history is
            // not the database's, so stays; an empty log and the shared memory hold no data, so are removed.
            #expect(fresh.movedAsidePaths.isEmpty == removesDatabase, "\(evidence): \(fresh.movedAsidePaths)")
            if evidence != "command-history" {
                #expect(!FileManager.default.fileExists(atPath: data.file(evidence + TestTime.movedSuffix)))
            }
        }
    }

    @Test("An empty folder, or one holding only an empty database, is still a first run")
    func firstRunsAreUnchanged() async throws {
        let data = try TemporaryDataDirectory()
        #expect(FileManager.default.createFile(atPath: data.databasePath, contents: Data()))
        let store = try data.store()
        #expect(store.movedAsidePaths.isEmpty && store.seededDemoAccount == Demo.email)
        #expect(try store.logIn(email: Demo.email, password: Demo.password)?.displayName == "Demo")
    }

    @Test(
        "A database removed or replaced while the app has it open takes no more changes: the first is refused as fatal",
        arguments: ["removed", "replaced"])
    func replacedWhileOpen(how: String) async throws {
        let data = try TemporaryDataDirectory()
        let store = try data.store()
        #expect(try store.logIn(email: Demo.email, password: Demo.password) != nil)
        _ = try store.publish(text: "written while the file is in place", authorEmail: Demo.email, authorName: "Demo")
        for name in ["app.sqlite", "app.sqlite-wal", "app.sqlite-shm"] {
            if how == "removed" {
                try? FileManager.default.removeItem(atPath: data.file(name))
            } else {
                try? FileManager.default.moveItem(atPath: data.file(name), toPath: data.file(name + ".elsewhere"))
            }
        }
        if how == "replaced" { try Data("another file".utf8).write(to: URL(fileURLWithPath: data.databasePath)) }
        for attempt in ["a post into a file nobody reads again", "and another"] {
            do {
                _ = try store.publish(text: attempt, authorEmail: Demo.email, authorName: "Demo")
                Issue.record("a post was written into a file no longer at its path")
            } catch {
                guard case .data(let failure) = error else { throw error }
                #expect(failure == .replacedWhileOpen(path: data.databasePath))
            }
        }
        // What makes the app stop with exit code 2 after the command that met it, saying so.
        #expect(store.fatalDataError == .replacedWhileOpen(path: data.databasePath))
        #expect(
            store.fatalDataError?.description
                == "the data file \(data.databasePath) was removed or replaced while the app ran: nothing more is "
                + "written to it")
        if how == "replaced" {
            #expect(FileManager.default.contents(atPath: data.databasePath) == Data("another file".utf8))
        }
    }
}
