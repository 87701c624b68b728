import AppTesting
import Foundation
import Testing

@testable import AppData

/// A database emptied, cut short or removed beside files that only exist once it held data: its write-ahead log
/// (which may hold committed changes), its shared memory, its marker or the command history. Each is lost data,
/// reported with exit code 2; the log is never deleted, and moving the damaged files aside keeps it with them.
@Suite("A lost database is reported and its write-ahead log kept, in folders from before the marker too")
@MainActor
struct LostDataTests {
    /// A folder whose database holds the demo account, with a committed change (a new display name) that is only
    /// in the write-ahead log, as a process killed after a commit leaves it.
    static func folderWithCommittedLog() throws -> TemporaryDataDirectory {
        let data = try TemporaryDataDirectory()
        #expect(data.run(AppHarness.demoLogin).status == 0)
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
        "An emptied or cut-short database beside a write-ahead log: exit 2 naming both, the log kept byte for byte",
        arguments: [0, 100, 4096 + 10, 4096])
    func emptiedDatabaseKeepsItsLog(size: Int) throws {
        let data = try Self.folderWithCommittedLog()
        let logPath = data.file("app.sqlite-wal")
        Self.truncate(data.databasePath, to: size)
        let log = try #require(FileManager.default.contents(atPath: logPath))
        for arguments in [[], ["--check-data"]] {
            let run = data.run("state\n", arguments: arguments)
            #expect(run.status == 2, "\(size) bytes, \(arguments): \(run.error)")
            #expect(run.error.contains("the data file \(data.databasePath) is "), "\(run.error)")
            #expect(run.error.contains("write-ahead log \(logPath)"), "\(run.error)")
            #expect(FileManager.default.contents(atPath: logPath) == log, "the log is kept as it was")
        }
        let moved = data.run(AppHarness.demoLogin + "state\n", arguments: ["--move-aside-corrupt-data"])
        #expect(moved.status == 0, "\(moved.error)")
        let suffix = DamagedDataTests.movedSuffix
        #expect(FileManager.default.contents(atPath: logPath + suffix) == log, "the log is kept beside the rest")
        #expect(moved.error.contains("moved the unusable data file aside to \(logPath)\(suffix)"), "\(moved.error)")
        #expect(FileManager.default.fileExists(atPath: data.databasePath + suffix))
    }

    @Test("A sound database beside a log holding committed changes starts, and reads them")
    func soundFolderStarts() throws {
        let data = try Self.folderWithCommittedLog()
        let run = data.run("state\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.user == "Kept in the log", "the committed change in the log is read")
    }

    @Test(
        "A folder from before the marker, its database emptied or removed beside the app's other files, is lost data",
        arguments: ["command-history", "app.sqlite-wal", "app.sqlite-shm"])
    func folderBeforeTheMarkerIsNotReseeded(evidence: String) throws {
        for removesDatabase in [false, true] {
            let data = try TemporaryDataDirectory()
            #expect(data.run(AppHarness.demoLogin).status == 0)
            try FileManager.default.removeItem(atPath: data.file(Database.markerName))
            #expect(FileManager.default.createFile(atPath: data.file(evidence), contents: Data()))
            if removesDatabase {
                try FileManager.default.removeItem(atPath: data.databasePath)
            } else {
                Self.truncate(data.databasePath, to: 0)
            }
            let run = data.run("state\n")
            #expect(run.status == 2, "\(evidence): \(run.error)")
            let state = removesDatabase ? "is missing" : "is empty"
            #expect(run.error.contains("the data file \(data.databasePath) \(state)"), "\(run.error)")
            #expect(!FileManager.default.fileExists(atPath: data.file(Database.markerName)), "nothing written")
            let checked = data.run("", arguments: ["--check-data"])
            #expect(checked.status == 2, "\(evidence): --check-data: \(checked.output)")
            let fresh = data.run("state\n", arguments: ["--move-aside-corrupt-data"])
            #expect(fresh.status == 0, "\(evidence): \(fresh.error)")
            #expect(fresh.lastState?.loggedIn == false, "a new start: \(fresh.output)")
            if !(removesDatabase && evidence == "command-history") {
                #expect(fresh.error.contains("started a new database with the demo account"), "\(fresh.error)")
            }
        }
    }

    @Test("An empty folder, or one holding only an empty database, is still a first run")
    func firstRunsAreUnchanged() throws {
        let data = try TemporaryDataDirectory()
        #expect(FileManager.default.createFile(atPath: data.databasePath, contents: Data()))
        let run = data.run(AppHarness.demoLogin + "state\n")
        #expect(run.status == 0 && run.error.isEmpty, "\(run.error)")
        #expect(run.lastState?.user == "Demo")
    }
}
