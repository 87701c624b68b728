import Core
import DataTesting
import Foundation
import Testing

@testable import AppData

/// A data folder as a damaged disk, a careless person or another program leaves it: zeroed pages, an emptied or
/// removed database, something else where the database belongs, a schema with parts missing. Opening the data
/// finds the damage before anything is written, throws a fatal error naming the file (the app stops with exit
/// code 2 on it), leaves the file byte for byte as it was, and every remedy its advice recommends works.
@Suite("Damaged data is found before anything is written, and every remedy the data recommends works")
@MainActor
struct DamagedDataTests {
    /// A folder holding the demo log-in and 300 posts of about 340 characters (some 40 pages of 4 KiB), with the
    /// place saved on post 3, and its log checkpointed into the database file.
    static func folderWithPosts() throws -> TemporaryDataDirectory {
        let data = try TemporaryDataDirectory()
        try data.logInDemo()
        do {
            let store = try data.store()
            let text = String(repeating: "a post long enough to fill pages ", count: 10)
            try data.database().write { connection throws(SQLiteError) in
                try PostStore.insert(
                    (0..<300).map { index in
                        NewPost(
                            id: nil, authorEmail: Demo.email, authorName: "Demo", createdAt: TestTime.now,
                            text: "\(index) \(text)", likedBy: [])
                    }, into: connection)
            }
            try store.restorationStore.save(
                RestorationState(
                    kind: "app", version: 1, values: ["tab": "feed"],
                    children: [RestorationState(kind: "feed", version: 1, values: ["post": "3"])]))
        }
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

    /// Makes the database of `data` larger than the check at open reads page by page, with a table the app does not
    /// know (extra tables are allowed).
    static func growPastEveryPageLimit(_ data: TemporaryDataDirectory) throws {
        try data.sql(
            "CREATE TABLE padding (bytes BLOB); INSERT INTO padding VALUES (zeroblob(\(4096 * (DataCheck.everyPageLimit + 100))))"
        )
        try data.sql("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(try data.count("PRAGMA page_count") > DataCheck.everyPageLimit)
    }

    /// Checks that `error` says the database of `data` is corrupt, and recommends moving it aside.
    static func expectCorrupt(
        _ error: DataError, in data: TemporaryDataDirectory, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            error.description.hasPrefix("the data file \(data.databasePath) is corrupt"), "\(error)",
            sourceLocation: sourceLocation)
        #expect(error.advice?.contains("--move-aside-corrupt-data") == true, sourceLocation: sourceLocation)
        expectFatalAndPlain(error, sourceLocation: sourceLocation)
    }

    // MARK: - Damage inside the database

    @Test(
        "A zeroed page anywhere is found at open, before anything is posted, liked or saved",
        arguments: [5, 12, 20, 29, 36])
    func zeroedPageStopsBeforeWriting(page: Int) async throws {
        let data = try Self.folderWithPosts()
        try Self.zeroPage(page, of: data)
        let before = try #require(Self.bytes(data.databasePath))
        let error = try #require(try data.openingError())
        Self.expectCorrupt(error, in: data)
        #expect(Self.bytes(data.databasePath) == before, "the damaged file is byte for byte as it was")
    }

    @Test("After any damage that recommends it, moving aside starts fresh and keeps every file aside")
    func moveAsideAfterZeroedPage() async throws {
        for page in [5, 12, 29] {
            let data = try Self.folderWithPosts()
            try Self.zeroPage(page, of: data)
            let damaged = try #require(Self.bytes(data.databasePath))
            #expect(try data.openingError() != nil)
            do {
                let moved = try data.store(movesDamagedFilesAside: true)
                #expect(moved.movedAsidePaths.contains(data.databasePath + TestTime.movedSuffix), "page \(page)")
                #expect(moved.movedAsidePaths.contains(data.file(Database.markerName) + TestTime.movedSuffix))
                #expect(moved.seededDemoAccount == Demo.email, "a new start, said to be one")
                #expect(try moved.logIn(email: Demo.email, password: Demo.password)?.displayName == "Demo")
            }
            #expect(Self.bytes(data.databasePath + TestTime.movedSuffix) == damaged)
            #expect(FileManager.default.fileExists(atPath: data.file(Database.markerName) + TestTime.movedSuffix))
            #expect(try data.openingError() == nil, "the fresh database opens again")
        }
    }

    @Test("Moving aside keeps the damaged database and its marker, not the empty log and shared memory a start left")
    func moveAsideLeavesNothingAStartMade() async throws {
        let data = try Self.folderWithPosts()
        #expect(!FileManager.default.fileExists(atPath: data.databasePath + "-wal"), "no log before the start")
        try Self.zeroPage(12, of: data)
        #expect(try data.openingError() != nil)
        let moved = try data.store(movesDamagedFilesAside: true).movedAsidePaths
        #expect(
            moved == [data.databasePath + TestTime.movedSuffix, data.file(Database.markerName) + TestTime.movedSuffix],
            "\(moved)")
        for name in ["app.sqlite-wal", "app.sqlite-shm"] {
            #expect(!FileManager.default.fileExists(atPath: data.file(name + TestTime.movedSuffix)), "\(name)")
        }
    }

    @Test("A damaged database's unsaved log stays as it was, and is moved aside with it under a name that says when")
    func moveAsideKeepsTheLog() async throws {
        let data = try Self.folderWithPosts()
        // A log holding a commit not yet copied into the database, as a killed process leaves it.
        let writer = try SQLiteConnection(path: data.databasePath)
        writer.keepLogOnClose()
        try writer.execute("UPDATE accounts SET display_name = 'Logged'")
        try Self.zeroPage(12, of: data)
        let database = try #require(Self.bytes(data.databasePath))
        let log = try #require(Self.bytes(data.databasePath + "-wal"))
        #expect(!log.isEmpty)
        #expect(try data.openingError() != nil)
        #expect(Self.bytes(data.databasePath) == database && Self.bytes(data.databasePath + "-wal") == log)
        let moved = try data.store(movesDamagedFilesAside: true).movedAsidePaths
        #expect(Self.bytes(data.databasePath + TestTime.movedSuffix) == database)
        #expect(Self.bytes(data.databasePath + "-wal" + TestTime.movedSuffix) == log)
        #expect(moved.contains("\(data.databasePath)-wal\(TestTime.movedSuffix)"), "\(moved)")
        _ = writer
    }

    @Test("Damage SQLite meets while the data is open stops every later write, the saved place included")
    func damageMetWhileRunningStopsWrites() async throws {
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
    func largeDatabaseIsCheckedBeforeTheFirstWrite() async throws {
        let data = try Self.folderWithPosts()
        try Self.growPastEveryPageLimit(data)
        try Self.zeroPage(20, of: data)
        let before = try #require(Self.bytes(data.databasePath))
        do {
            let store = try data.store()
            #expect(
                try store.savedSessionAccount()?.displayName == "Demo", "the check at open reads the small tables only")
            #expect(store.fatalDataError == nil)
            do {
                _ = try store.publish(text: "one more", authorEmail: Demo.email, authorName: "Demo")
                Issue.record("a post was written into a damaged database")
            } catch {
                guard case .data(let failure) = error else { throw error }
                Self.expectCorrupt(failure, in: data)
            }
            // What makes the app stop with exit code 2 after the command that met it.
            #expect(store.fatalDataError.map { $0.isFatal && $0.path == data.databasePath } == true)
        }
        #expect(Self.bytes(data.databasePath) == before)
    }

    @Test(
        "A post missing from an index, at any size, is found before the first write, and nothing is written",
        arguments: [false, true])
    func missingIndexEntryStopsTheFirstWrite(aboveEveryPageLimit: Bool) async throws {
        let data = try Self.folderWithPosts()
        if aboveEveryPageLimit { try Self.growPastEveryPageLimit(data) }
        try data.removeIndexEntry(ofPost: 1)
        #expect(try data.sql("PRAGMA quick_check") == ["ok"], "no page is damaged")
        #expect(try data.sql("PRAGMA integrity_check").first == "row 1 missing from index posts_by_author")
        let before = try #require(Self.bytes(data.databasePath))
        do {
            let store = try data.store()
            #expect(
                try store.savedSessionAccount()?.displayName == "Demo",
                "the check at open compares no index entry with its row")
            #expect(store.fatalDataError == nil)
            do {
                _ = try store.publish(text: "into a damaged index", authorEmail: Demo.email, authorName: "Demo")
                Issue.record("a post was written into a database with a damaged index")
            } catch {
                guard case .data(let failure) = error else { throw error }
                Self.expectCorrupt(failure, in: data)
                #expect(failure.description.contains("row 1 missing from index posts_by_author"), "\(failure)")
            }
            // What makes the app stop with exit code 2 after the command that met it.
            #expect(store.fatalDataError.map { $0.isFatal && $0.path == data.databasePath } == true)
            #expect(throws: RestorationStoreError.self, "the saved place is not written either") {
                try store.restorationStore.save(RestorationState(kind: "app", version: 1))
            }
        }
        #expect(Self.bytes(data.databasePath) == before, "the damaged file is byte for byte as it was")
        #expect(Self.bytes(data.databasePath + "-wal")?.isEmpty ?? true, "and its log holds nothing")
        let checked = try #require(try data.openingError(checksEveryPage: true))
        Self.expectCorrupt(checked, in: data)
    }

    @Test("A check of every page on demand: a sound database opens with its page count, a damaged one is named")
    func checkDataOnDemand() async throws {
        let empty = try TemporaryDataDirectory()
        #expect(LiveDataStore.isAbsent(inFolder: empty.path), "nothing to check")
        #expect(try empty.allFiles().isEmpty, "looking creates no database")
        #expect(LiveDataStore.isAbsent(inFolder: empty.file("not-made-yet")), "a folder not made yet: a first run")
        let file = empty.file("a-file")
        #expect(FileManager.default.createFile(atPath: file, contents: Data("text".utf8)))
        #expect(!LiveDataStore.isAbsent(inFolder: file), "a file where the folder goes is no first run")
        #expect(!LiveDataStore.isAbsent(inFolder: file + "/data"), "nor a path through a file")
        try FileManager.default.removeItem(atPath: file)
        let other = try TemporaryDataDirectory()
        let link = empty.file("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: other.path)
        #expect(LiveDataStore.isAbsent(inFolder: link), "a link to an empty folder: a first run, as the folder is")
        try FileManager.default.removeItem(atPath: other.path)
        #expect(!LiveDataStore.isAbsent(inFolder: link), "a link that leads nowhere is no first run")
        try FileManager.default.removeItem(atPath: link)
        let data = try Self.folderWithPosts()
        #expect(!LiveDataStore.isAbsent(inFolder: data.path))
        let pages = try data.count("PRAGMA page_count")
        do {
            let sound = try data.store(checksEveryPage: true)
            #expect(sound.databasePath == data.databasePath && sound.pageCount == pages)
        }
        try Self.zeroPage(25, of: data)
        let before = try #require(Self.bytes(data.databasePath))
        let damaged = try #require(try data.openingError(checksEveryPage: true))
        Self.expectCorrupt(damaged, in: data)
        #expect(Self.bytes(data.databasePath) == before)
    }

    // MARK: - A lost database

    @Test("An emptied or removed database where data was is reported, not replaced by the demo account")
    func lostDatabaseIsNotReseeded() async throws {
        for removes in [false, true] {
            let data = try Self.folderWithPosts()
            if removes {
                try FileManager.default.removeItem(atPath: data.databasePath)
            } else {
                try Data().write(to: URL(fileURLWithPath: data.databasePath))
            }
            let error = try #require(try data.openingError())
            let found = removes ? "is missing" : "is empty"
            #expect(
                error.description.hasPrefix(
                    "the data file \(data.databasePath) \(found), but this folder held the app's data"),
                "\(error)")
            #expect(error.advice?.contains("--move-aside-corrupt-data") == true)
            expectFatalAndPlain(error)
            #expect(Self.bytes(data.databasePath) == (removes ? nil : Data()), "nothing created or written")
            do {
                let fresh = try data.store(movesDamagedFilesAside: true)
                #expect(!fresh.movedAsidePaths.isEmpty, "the unusable files are moved aside")
                #expect(fresh.seededDemoAccount == Demo.email, "a new database with the demo account")
            }
            #expect(try data.count("SELECT count(*) FROM accounts WHERE password_hash != ''") == 1, "the demo account")
        }
    }

    @Test("A first run in a new folder seeds the demo content, has nothing to tell, and keeps the marker beside it")
    func firstRunIsUnchanged() async throws {
        let data = try TemporaryDataDirectory()
        let store = try data.store()
        #expect(store.movedAsidePaths.isEmpty && store.importedPaths.isEmpty)
        #expect(store.seededDemoAccount == Demo.email)
        #expect(try store.logIn(email: Demo.email, password: Demo.password)?.displayName == "Demo")
        #expect(FileManager.default.fileExists(atPath: data.file(Database.markerName)))
    }

    // MARK: - Not a database file

    @Test(
        "A link to nothing, a FIFO or a folder where the database belongs gets advice that fits, and is left alone",
        arguments: ["link", "fifo", "folder"])
    func notAFile(kind: String) async throws {
        let data = try TemporaryDataDirectory()
        switch kind {
        case "link": try FileManager.default.createSymbolicLink(atPath: data.databasePath, withDestinationPath: "gone")
        case "fifo": #expect(mkfifo(data.databasePath, 0o600) == 0)
        default: try FileManager.default.createDirectory(atPath: data.databasePath, withIntermediateDirectories: false)
        }
        // A link is not the app's own file: refused first, unless the person says they mean it.
        if kind == "link" {
            let refused = try #require(try data.openingError())
            #expect(refused.description.hasPrefix("refusing \(data.databasePath): it is a symbolic link to gone"))
            expectFatalAndPlain(refused)
        }
        for movesAside in [false, true] {
            let error = try #require(
                try data.openingError(movesDamagedFilesAside: movesAside, allowsUnsafeFolder: kind == "link"))
            #expect(
                error.description.hasPrefix("the data file \(data.databasePath) is not a file the app can use"),
                "\(error)")
            #expect(error.advice?.contains("--move-aside-corrupt-data") == false, "renaming it aside would not fix it")
            #expect(error.advice?.contains("move it away or fix it yourself") == true)
            expectFatalAndPlain(error)
        }
        var status = stat()
        #expect(lstat(data.databasePath, &status) == 0, "it is still there")
        #expect(!FileManager.default.fileExists(atPath: data.databasePath + TestTime.movedSuffix))
    }

    // MARK: - Damaged schemas

    @Test(
        "A schema missing any table, column, index or trigger is found at open, with nothing written",
        arguments: [
            "DROP TABLE accounts", "DROP TABLE likes; DROP TABLE posts", "DROP TABLE session",
            "DROP TABLE restoration",
            "DROP TRIGGER likes_counted_on_insert; DROP TRIGGER likes_counted_on_delete; DROP INDEX posts_by_popularity; ALTER TABLE posts DROP COLUMN like_count",
            "DROP TRIGGER likes_counted_on_insert", "DROP INDEX posts_by_recency",
        ])
    func damagedSchemaStops(damage: String) throws {
        let data = try TemporaryDataDirectory()
        try data.logInDemo()
        try data.sql(damage)
        try data.sql("PRAGMA wal_checkpoint(TRUNCATE)")
        let before = try #require(Self.bytes(data.databasePath))
        let error = try #require(try data.openingError())
        #expect(error.description.hasPrefix("the data file \(data.databasePath) is corrupt: its "), "\(error)")
        expectFatalAndPlain(error)
        #expect(Self.bytes(data.databasePath) == before)
        #expect(try !data.store(movesDamagedFilesAside: true).movedAsidePaths.isEmpty)
    }

    @Test("A version-2 database missing a table is not migrated, and nothing is written")
    func damagedOlderSchemaIsNotMigrated() async throws {
        let data = try TemporaryDataDirectory()
        let connection = try SQLiteConnection(path: data.databasePath)
        try connection.transaction { () throws(SQLiteError) in try Schema.migrate(connection, from: 0, to: 2) }
        try connection.execute("DROP TABLE session")
        let error = try #require(try data.openingError())
        expectFatalAndPlain(error)
        #expect(try data.count("PRAGMA user_version") == 2)
        #expect(try data.count("SELECT count(*) FROM sqlite_master WHERE name = 'restoration'") == 0)
    }
}
