import AppTesting
import Core
import Foundation
import Testing

@testable import AppData

/// A data folder as a damaged disk, a careless person or another program leaves it: zeroed pages, an emptied or
/// removed database, something else where the database belongs, a schema with parts missing. The app finds the
/// damage before it writes, stops with exit code 2 naming the file, leaves it byte for byte as it was, and every
/// remedy it recommends works.
@Suite("Damaged data is found before anything is written, and every remedy the app recommends works")
@MainActor
struct DamagedDataTests {
    /// The timestamp the tests' fixed clock gives what is moved aside.
    static let movedSuffix = ".corrupt-20260101T120000Z"

    /// A folder holding the demo log-in and 300 posts of about 320 characters (some 40 pages of 4 KiB), saved
    /// on post 3, with its log checkpointed into the database file.
    static func folderWithPosts() throws -> TemporaryDataDirectory {
        let data = try TemporaryDataDirectory()
        let text = String(repeating: "a post long enough to fill pages ", count: 10)
        let posts = (0..<300).map { "compose\nset text \($0) \(text)\npost\n" }.joined()
        let run = data.run(AppHarness.demoLogin + posts + "open app://feed/post/3\n")
        #expect(run.status == 0, "\(run.error)")
        try data.sql("PRAGMA wal_checkpoint(TRUNCATE)")
        return data
    }

    /// Overwrites page `number` (counted from 1) of the database with zeros, as a failing disk might.
    static func zeroPage(_ number: Int, of data: TemporaryDataDirectory) throws {
        let handle = try #require(FileHandle(forWritingAtPath: data.databasePath))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64((number - 1) * 4096))
        handle.write(Data(count: 4096))
    }

    static func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    /// Every line the run printed is for people: no Swift debug text such as `unavailable("…")`,
    /// `corrupt(path: …)` or `Optional(…)`.
    static func expectPlainText(_ run: AppRun, sourceLocation: SourceLocation = #_sourceLocation) {
        for text in [run.output, run.error] {
            #expect(!MessageScan.containsDebugText(text), "\(text)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Damage inside the database

    @Test(
        "A zeroed page anywhere stops the app with exit code 2 before it posts, likes or saves the place",
        arguments: [5, 12, 20, 29, 36])
    func zeroedPageStopsBeforeWriting(page: Int) throws {
        let data = try Self.folderWithPosts()
        try Self.zeroPage(page, of: data)
        let before = try #require(Self.bytes(data.databasePath))
        let run = data.run("state\nback\ncompose\nset text one more\npost\npost.1\nlike\n")
        #expect(run.status == 2, "\(run.error)")
        #expect(run.error.contains("the data file \(data.databasePath) is corrupt"), "\(run.error)")
        #expect(run.error.contains("--move-aside-corrupt-data"))
        #expect(Self.bytes(data.databasePath) == before, "the damaged file is byte for byte as it was")
        Self.expectPlainText(run)
    }

    @Test("After any exit 2 that recommends it, --move-aside-corrupt-data starts fresh and keeps every file aside")
    func moveAsideAfterZeroedPage() throws {
        for page in [5, 12, 29] {
            let data = try Self.folderWithPosts()
            try Self.zeroPage(page, of: data)
            let damaged = try #require(Self.bytes(data.databasePath))
            #expect(data.run("state\n").status == 2)
            let moved = data.run(AppHarness.demoLogin + "state\n", arguments: ["--move-aside-corrupt-data"])
            #expect(moved.status == 0, "page \(page): \(moved.error)")
            #expect(Self.bytes(data.databasePath + Self.movedSuffix) == damaged)
            #expect(
                moved.error.contains("moved the unusable data file aside to \(data.databasePath)\(Self.movedSuffix)"))
            #expect(FileManager.default.fileExists(atPath: data.file(Database.markerName) + Self.movedSuffix))
            #expect(moved.lastState?.user == "Demo")
            #expect(data.run("state\n").status == 0, "the fresh database opens again")
            Self.expectPlainText(moved)
        }
    }

    @Test("A damaged database's unsaved log stays as it was, and is moved aside with it under a name that says when")
    func moveAsideKeepsTheLog() throws {
        let data = try Self.folderWithPosts()
        // A log holding a commit not yet copied into the database, as a killed process leaves it.
        let writer = try SQLiteConnection(path: data.databasePath)
        writer.keepLogOnClose()
        try writer.execute("UPDATE accounts SET display_name = 'Logged'")
        try Self.zeroPage(12, of: data)
        let database = try #require(Self.bytes(data.databasePath))
        let log = try #require(Self.bytes(data.databasePath + "-wal"))
        #expect(!log.isEmpty)
        #expect(data.run("state\n").status == 2)
        #expect(Self.bytes(data.databasePath) == database && Self.bytes(data.databasePath + "-wal") == log)
        let moved = data.run("state\n", arguments: ["--move-aside-corrupt-data"])
        #expect(moved.status == 0, "\(moved.error)")
        #expect(Self.bytes(data.databasePath + Self.movedSuffix) == database)
        #expect(Self.bytes(data.databasePath + "-wal" + Self.movedSuffix) == log)
        #expect(moved.error.contains("\(data.databasePath)-wal\(Self.movedSuffix)"))
        _ = writer
    }

    @Test("Damage SQLite meets while the app runs stops every later write, the saved place included")
    func damageMetWhileRunningStopsWrites() throws {
        let data = try Self.folderWithPosts()
        let database = try data.database()
        // The damage comes after the check at open passed: only a read can meet it now.
        try Self.zeroPage(20, of: data)
        let before = try #require(Self.bytes(data.databasePath))
        let posts = PostStore(database: database)
        var metDamage = false
        for id in 1...300 {
            do {
                _ = try posts.post(id: String(id), reader: "demo@example.com")
            } catch {
                metDamage = error.isFatal
                break
            }
        }
        #expect(metDamage, "reading every post meets the zeroed page")
        let store = DatabaseRestorationStore(database: database, health: DataHealth())
        #expect(throws: RestorationStoreError.self) { try store.save(RestorationState(kind: "app", version: 1)) }
        #expect(throws: PostFailure.self) {
            try posts.publish(text: "after damage", authorEmail: "demo@example.com", authorName: "Demo", now: Date())
        }
        #expect(Self.bytes(data.databasePath) == before)
    }

    @Test("Above the size checked page by page at open, the first write checks every page before it writes")
    func largeDatabaseIsCheckedBeforeTheFirstWrite() throws {
        let data = try Self.folderWithPosts()
        // A table the app does not know (extra tables are allowed) makes the file larger than the check at open
        // reads page by page.
        try data.sql(
            "CREATE TABLE padding (bytes BLOB); INSERT INTO padding VALUES (zeroblob(\(4096 * (DataCheck.everyPageLimit + 100))))"
        )
        try data.sql("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(try data.count("PRAGMA page_count") > DataCheck.everyPageLimit)
        try Self.zeroPage(20, of: data)
        let before = try #require(Self.bytes(data.databasePath))
        let reading = data.run("state\n")
        #expect(reading.status == 0, "the check at open reads the small tables only: \(reading.error)")
        let writing = data.run("back\ncompose\nset text one more\npost\n")
        #expect(writing.status == 2, "\(writing.error)")
        #expect(writing.error.contains("the data file \(data.databasePath) is corrupt"), "\(writing.error)")
        #expect(Self.bytes(data.databasePath) == before)
    }

    @Test("--check-data checks every page: exit 0 for a sound database, 2 naming a damaged one, nothing written")
    func checkDataOnDemand() throws {
        let empty = try TemporaryDataDirectory()
        let nothing = empty.run("", arguments: ["--check-data"])
        #expect(nothing.status == 0 && nothing.output.contains("nothing to check"), "\(nothing.output)")
        #expect(try empty.allFiles().isEmpty, "a check creates no database")
        let data = try Self.folderWithPosts()
        let sound = data.run("", arguments: ["--check-data"])
        #expect(sound.status == 0, "\(sound.error)")
        #expect(sound.output.contains("the data file \(data.databasePath) is sound"))
        try Self.zeroPage(25, of: data)
        let before = try #require(Self.bytes(data.databasePath))
        let damaged = data.run("", arguments: ["--check-data"])
        #expect(damaged.status == 2)
        #expect(damaged.error.contains("the data file \(data.databasePath) is corrupt"))
        #expect(Self.bytes(data.databasePath) == before)
        Self.expectPlainText(damaged)
    }

    // MARK: - A lost database

    @Test("An emptied or removed database where data was is reported, not replaced by the demo account")
    func lostDatabaseIsNotReseeded() throws {
        for removes in [false, true] {
            let data = try Self.folderWithPosts()
            if removes {
                try FileManager.default.removeItem(atPath: data.databasePath)
            } else {
                try Data().write(to: URL(fileURLWithPath: data.databasePath))
            }
            let run = data.run("state\n")
            #expect(run.status == 2)
            let found = removes ? "is missing" : "is empty"
            #expect(
                run.error.hasPrefix(
                    "app: the data file \(data.databasePath) \(found), but this folder held the app's data"),
                "\(run.error)")
            #expect(run.error.contains("--move-aside-corrupt-data"))
            #expect(Self.bytes(data.databasePath) == (removes ? nil : Data()), "nothing created or written")
            let fresh = data.run("state\n", arguments: ["--move-aside-corrupt-data"])
            #expect(fresh.status == 0, "\(fresh.error)")
            #expect(fresh.error.contains("moved the unusable data file aside"))
            #expect(fresh.error.contains("started a new database with the demo account demo@example.com"))
            #expect(try data.count("SELECT count(*) FROM accounts") == 1)
            Self.expectPlainText(run)
        }
    }

    @Test("A first run in a new folder seeds the demo content and keeps the marker beside it")
    func firstRunIsUnchanged() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(AppHarness.demoLogin + "state\n")
        #expect(run.status == 0 && run.error.isEmpty, "\(run.error)")
        #expect(run.lastState?.user == "Demo")
        #expect(FileManager.default.fileExists(atPath: data.file(Database.markerName)))
    }

    // MARK: - Not a database file

    @Test(
        "A link to nothing, a FIFO or a folder where the database belongs gets advice that fits, and is left alone",
        arguments: ["link", "fifo", "folder"])
    func notAFile(kind: String) throws {
        let data = try TemporaryDataDirectory()
        switch kind {
        case "link": try FileManager.default.createSymbolicLink(atPath: data.databasePath, withDestinationPath: "gone")
        case "fifo": #expect(mkfifo(data.databasePath, 0o600) == 0)
        default: try FileManager.default.createDirectory(atPath: data.databasePath, withIntermediateDirectories: false)
        }
        // A link is not the app's own file: refused first, unless the person says they mean it.
        let extra = kind == "link" ? ["--allow-unsafe-data-dir"] : []
        if kind == "link" {
            let refused = data.run("state\n")
            #expect(refused.status == 2)
            #expect(refused.error.hasPrefix("app: refusing \(data.databasePath): it is a symbolic link to gone"))
        }
        for arguments in [extra, extra + ["--move-aside-corrupt-data"]] {
            let run = data.run("state\n", arguments: arguments)
            #expect(run.status == 2)
            #expect(run.error.hasPrefix("app: the data file \(data.databasePath) is not a file the app can use"))
            #expect(!run.error.contains("--move-aside-corrupt-data"), "renaming it aside would not fix it")
            #expect(run.error.contains("move it away or fix it yourself"))
            Self.expectPlainText(run)
        }
        var status = stat()
        #expect(lstat(data.databasePath, &status) == 0, "it is still there")
        #expect(!FileManager.default.fileExists(atPath: data.databasePath + Self.movedSuffix))
    }

    // MARK: - Damaged schemas

    @Test(
        "A schema missing any table, column, index or trigger stops the app with exit code 2 and nothing written",
        arguments: [
            "DROP TABLE accounts", "DROP TABLE likes; DROP TABLE posts", "DROP TABLE session",
            "DROP TABLE restoration",
            "DROP TRIGGER likes_counted_on_insert; DROP TRIGGER likes_counted_on_delete; DROP INDEX posts_by_popularity; ALTER TABLE posts DROP COLUMN like_count",
            "DROP TRIGGER likes_counted_on_insert", "DROP INDEX posts_by_recency",
        ])
    func damagedSchemaStops(damage: String) throws {
        let data = try TemporaryDataDirectory()
        #expect(data.run(AppHarness.demoLogin).status == 0)
        try data.sql(damage)
        try data.sql("PRAGMA wal_checkpoint(TRUNCATE)")
        let before = try #require(Self.bytes(data.databasePath))
        let run = data.run(AppHarness.demoLogin + "compose\nset text new\npost\n")
        #expect(run.status == 2, "\(damage): \(run.error)")
        #expect(run.error.hasPrefix("app: the data file \(data.databasePath) is corrupt: its "), "\(run.error)")
        #expect(Self.bytes(data.databasePath) == before)
        let fresh = data.run("state\n", arguments: ["--move-aside-corrupt-data"])
        #expect(fresh.status == 0, "\(fresh.error)")
        Self.expectPlainText(run)
    }

    @Test("A version-2 database missing a table is not migrated: exit 2, nothing written")
    func damagedOlderSchemaIsNotMigrated() throws {
        let data = try TemporaryDataDirectory()
        let connection = try SQLiteConnection(path: data.databasePath)
        try connection.transaction { () throws(SQLiteError) in try Schema.migrate(connection, from: 0, to: 2) }
        try connection.execute("DROP TABLE session")
        let run = data.run("state\n")
        #expect(run.status == 2)
        #expect(try data.count("PRAGMA user_version") == 2)
        #expect(try data.count("SELECT count(*) FROM sqlite_master WHERE name = 'restoration'") == 0)
    }
}
