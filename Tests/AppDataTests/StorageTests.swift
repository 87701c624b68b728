import DataTesting
import Foundation
import InputRules
import Testing

@testable import AppData

@Suite("The database: versions, damaged files and the import of earlier JSON files")
@MainActor
struct StorageTests {
    // MARK: - Versions

    @Test("Migration 1 creates accounts, the session, posts and likes on an empty database")
    func migrationOne() async throws {
        let data = try TemporaryDataDirectory()
        let connection = try SQLiteConnection(path: data.databasePath)
        try connection.transaction { () throws(SQLiteError) in try Schema.migrate(connection, from: 0, to: 1) }
        #expect(try connection.pragmaInteger("user_version") == 1)
        let tables = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
            $0.text(0)
        }
        #expect(Set(tables).isSuperset(of: ["accounts", "likes", "posts", "session"]))
        try connection.execute(
            "INSERT INTO posts (author_email, author_name, created_at, text) VALUES ('a', 'A', 0, 't')")
        #expect(try connection.query("SELECT id FROM posts") { $0.integer(0) } == [1])
    }

    @Test("Migration 2 counts the likes a version-1 database already holds and keeps counting them")
    func migrationTwo() async throws {
        let data = try TemporaryDataDirectory()
        let connection = try SQLiteConnection(path: data.databasePath)
        try connection.transaction { () throws(SQLiteError) in try Schema.migrate(connection, from: 0, to: 1) }
        try connection.execute(
            """
            INSERT INTO posts (id, author_email, author_name, created_at, text) VALUES
                (1, 'a@x.co', 'A', 100, 'one'), (2, 'b@x.co', 'B', 200, 'two');
            INSERT INTO likes (post_id, email) VALUES (1, 'a@x.co'), (1, 'b@x.co'), (2, 'a@x.co');
            """)
        try connection.transaction { () throws(SQLiteError) in try Schema.migrate(connection, from: 1, to: 2) }
        #expect(try connection.pragmaInteger("user_version") == 2)
        #expect(try connection.query("SELECT like_count FROM posts ORDER BY id") { $0.integer(0) } == [2, 1])
        try connection.execute("DELETE FROM likes WHERE post_id = 1 AND email = 'a@x.co'")
        try connection.execute("INSERT INTO likes (post_id, email) VALUES (2, 'c@x.co')")
        #expect(try connection.query("SELECT like_count FROM posts ORDER BY id") { $0.integer(0) } == [1, 2])
        let plan = try connection.query(
            "EXPLAIN QUERY PLAN SELECT id FROM posts ORDER BY like_count DESC, created_at DESC, id DESC LIMIT 20"
        ) { $0.text(3) }
        #expect(plan.contains { $0.contains("posts_by_popularity") }, "\(plan)")
    }

    @Test("Opening a database of an older version migrates it and keeps its data, and adds no demo posts")
    func appMigratesOlderDatabase() async throws {
        let data = try TemporaryDataDirectory()
        let connection = try SQLiteConnection(path: data.databasePath)
        let hash = try PasswordHasher.hash("old-password")
        try connection.transaction { () throws(SQLiteError) in
            try Schema.migrate(connection, from: 0, to: 1)
            try connection.run(
                "INSERT INTO accounts (email, display_name, password_hash, created_at) VALUES ('old@x.co', 'Old', ?1, 0)",
                [.text(hash)])
            try connection.execute(
                """
                INSERT INTO posts (id, author_email, author_name, created_at, text) VALUES (9, 'old@x.co', 'Old', 0, 'kept');
                INSERT INTO likes (post_id, email) VALUES (9, 'old@x.co');
                """)
        }
        let store = try data.store()
        #expect(try store.logIn(email: "old@x.co", password: "old-password")?.displayName == "Old")
        let post = try #require(try store.post(id: "9", reader: "old@x.co"))
        #expect(post.text == "kept" && post.likeCount == 1 && post.isLikedByReader)
        #expect(try data.count("PRAGMA user_version") == Schema.version)
        #expect(try data.count("SELECT count(*) FROM posts") == 1, "no demo posts added to an existing database")
    }

    @Test("A database from a newer version is refused, named and untouched, even when moving aside")
    func newerDatabaseStops() async throws {
        let data = try TemporaryDataDirectory()
        try data.logInDemo()
        try data.sql("PRAGMA user_version = 99")
        let before = try Data(contentsOf: URL(fileURLWithPath: data.databasePath))
        for movesAside in [false, true] {
            let error = try #require(try data.openingError(movesDamagedFilesAside: movesAside))
            #expect(error == .newerVersion(path: data.databasePath, version: 99, supported: Schema.version))
            #expect(
                error.description == "the data file \(data.databasePath) was written by a newer version of the app "
                    + "(format 99; this version reads up to \(Schema.version)); use that version, or a newer one")
            #expect(error.advice == nil, "the description says what to do")
            expectFatalAndPlain(error)
            #expect(try Data(contentsOf: URL(fileURLWithPath: data.databasePath)) == before)
        }
    }

    @Test("A database a newer version migrates while it is open refuses the next change, which is not stored")
    func newerDatabaseWhileRunning() async throws {
        let data = try TemporaryDataDirectory()
        let store = try data.store()
        #expect(try store.logIn(email: Demo.email, password: Demo.password) != nil)
        try data.sql("PRAGMA user_version = 99")
        #expect(
            throws: PostFailure.data(.newerVersion(path: data.databasePath, version: 99, supported: Schema.version))
        ) {
            try store.publish(text: "new", authorEmail: Demo.email, authorName: "Demo")
        }
        // What makes the app stop with exit code 2 after the command that met it.
        #expect(store.fatalDataError == .newerVersion(path: data.databasePath, version: 99, supported: Schema.version))
        #expect(try data.count("SELECT count(*) FROM posts WHERE text = 'new'") == 0)
    }

    // MARK: - Damaged files

    @Test(
        "A file that is not a database is refused as corrupt, named, and left untouched",
        arguments: ["not a database", String(repeating: "garbage ", count: 1000)])
    func notADatabaseStops(content: String) async throws {
        let data = try TemporaryDataDirectory()
        try content.write(toFile: data.databasePath, atomically: false, encoding: .utf8)
        let error = try #require(try data.openingError())
        #expect(error.description.hasPrefix("the data file \(data.databasePath) is corrupt: "), "\(error)")
        #expect(
            error.advice
                == "restore the file from a backup, or run with --move-aside-corrupt-data to keep the damaged files "
                + "aside and start fresh")
        expectFatalAndPlain(error)
        #expect(try String(contentsOfFile: data.databasePath, encoding: .utf8) == content)
    }

    @Test("Another program's database, with tables but no schema version, is refused and left untouched")
    func foreignDatabaseStops() async throws {
        let data = try TemporaryDataDirectory()
        try data.sql("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')")
        let error = try #require(try data.openingError())
        #expect(
            error.description
                == "the data file \(data.databasePath) is corrupt: it is a database, but not one this app wrote")
        expectFatalAndPlain(error)
        #expect(try data.sql("SELECT body FROM notes") == ["mine"])
        #expect(try data.count("SELECT count(*) FROM sqlite_master WHERE name = 'posts'") == 0)
    }

    @Test("Moving aside renames a damaged database to app.sqlite.corrupt-<timestamp> and starts fresh with the demo")
    func moveAsideRecovers() async throws {
        let data = try TemporaryDataDirectory()
        try "garbage".write(toFile: data.databasePath, atomically: false, encoding: .utf8)
        let store = try data.store(movesDamagedFilesAside: true)
        let movedPath = data.databasePath + ".corrupt-20260101T120000Z"
        #expect(store.movedAsidePaths == [movedPath])
        #expect(store.seededDemoAccount == Demo.email && store.importedPaths.isEmpty)
        #expect(try String(contentsOfFile: movedPath, encoding: .utf8) == "garbage")
        #expect(try store.logIn(email: Demo.email, password: Demo.password)?.displayName == "Demo")
        #expect(try data.sql("SELECT id FROM posts ORDER BY id") == ["1", "2", "3", "4"])
    }

    // MARK: - Importing the JSON files of an earlier release

    @Test("JSON files of an earlier release are imported once, completely, and kept aside")
    func jsonImport() async throws {
        let data = try TemporaryDataDirectory()
        let hash = try PasswordHasher.hash("old-password")
        try Self.writeJSON(data, hash: hash)
        do {
            let first = try data.store()
            let timestamp = "20260101T120000Z"
            let kept = ["accounts.json", "session.json", "posts.json"].map { data.file("\($0).imported-\(timestamp)") }
            #expect(Set(first.importedPaths) == Set(kept), "\(first.importedPaths)")
            for name in ["accounts.json", "session.json", "posts.json"] {
                #expect(!FileManager.default.fileExists(atPath: data.file(name)))
                #expect(FileManager.default.fileExists(atPath: data.file("\(name).imported-\(timestamp)")))
            }
            #expect(first.seededDemoAccount == nil && first.movedAsidePaths.isEmpty)
            #expect(try first.savedSessionAccount()?.displayName == "Old", "the session was imported")
            #expect(try first.isOnboardingFinished(email: "old@example.com"), "imported accounts have used the app")
            let post = try #require(try first.post(id: "7", reader: "old@example.com"))
            #expect(post.text == "from the old days" && post.likeCount == 2)
            #expect(post.isLikedByReader, "Old's like was imported")
            try first.logOut()
        }
        #expect(try data.sql("SELECT password_hash FROM accounts WHERE email = 'old@example.com'") == [hash])
        #expect(
            try data.sql("SELECT email || ' ' || (password_hash != '') FROM accounts ORDER BY email")
                == ["new@example.com 1", "old@example.com 1", "x@example.com 0"],
            "no demo account beside imported ones; the liker without an account keeps its email, with no password")
        #expect(try data.sql("SELECT id FROM posts ORDER BY id") == ["3", "7"], "ids kept, no demo posts")

        let second = try data.store()
        #expect(second.importedPaths.isEmpty, "imported only once")
        #expect(try second.logIn(email: "new@example.com", password: "old-password")?.displayName == "New")
        let page = try second.page(.latest, after: nil, limit: 20, reader: "new@example.com")
        #expect(page.contains { $0.text == "an older post" })
        let published = try second.publish(text: "next", authorEmail: "new@example.com", authorName: "New")
        #expect(published.id == 8, "a new id follows the imported ones")
    }

    @Test("A damaged JSON file stops the import, named as corrupt; the database is not created")
    func damagedJSONStops() async throws {
        let data = try TemporaryDataDirectory()
        try Self.writeJSON(data, hash: try PasswordHasher.hash("old-password"))
        try "{ not json".write(toFile: data.file("posts.json"), atomically: false, encoding: .utf8)
        let error = try #require(try data.openingError())
        #expect(error == .corrupt(path: data.file("posts.json"), problem: "it is not valid JSON"))
        #expect(error.description == "the data file \(data.file("posts.json")) is corrupt: it is not valid JSON")
        expectFatalAndPlain(error)
        #expect(try data.count("PRAGMA user_version") == 0)
        #expect(FileManager.default.fileExists(atPath: data.file("accounts.json")))

        let moved = try data.store(movesDamagedFilesAside: true)
        #expect(moved.movedAsidePaths == [data.file("posts.json") + TestTime.movedSuffix])
        #expect(try moved.savedSessionAccount()?.displayName == "Old", "the rest was imported")
    }

    @Test("A JSON file from a newer release is refused, even when moving aside, and left where it is")
    func newerJSONStops() async throws {
        let data = try TemporaryDataDirectory()
        try #"{"version": 2, "email": "old@example.com", "createdAt": "2025-01-01T00:00:00Z"}"#
            .write(toFile: data.file("session.json"), atomically: false, encoding: .utf8)
        let error = try #require(try data.openingError(movesDamagedFilesAside: true))
        #expect(
            error.description.contains(
                "was written by a newer version of the app (format 2; this version reads up to 1)"))
        expectFatalAndPlain(error)
        #expect(FileManager.default.fileExists(atPath: data.file("session.json")))
    }

    // MARK: - Input rules in the stores

    @Test("The stores apply the same input rules as the screens")
    func storesApplyInputRules() async throws {
        let data = try TemporaryDataDirectory()
        let database = try data.database()
        let accounts = AccountStore(database: database)
        #expect(throws: AccountFailure.invalid(DisplayName.invisibleCharacterMessage)) {
            try accounts.register(email: "z@example.com", password: "password1", displayName: "\u{200B}", now: Date())
        }
        #expect(throws: AccountFailure.invalid(EmailAddress.invalidMessage)) {
            try accounts.register(email: "z@example", password: "password1", displayName: "Z", now: Date())
        }
        let posts = PostStore(database: database)
        #expect(throws: PostFailure.invalid(PostText.tooLongMessage(length: 501))) {
            try posts.publish(
                text: String(repeating: "x", count: 501), authorEmail: "z@x.co", authorName: "Z", now: Date())
        }
        #expect(try data.count("SELECT count(*) FROM accounts WHERE email LIKE 'z@%'") == 0)
        #expect(try data.count("SELECT count(*) FROM posts") == 4)
    }

    @Test("An account stored with full-width letters before such addresses were refused still logs in, as stored")
    func storedLookalikeAccountLogsIn() async throws {
        let data = try TemporaryDataDirectory()
        do {
            let store = try data.store()
            _ = try store.register(email: "wide@example.com", password: "wide-password", displayName: "Wide")
            try store.logOut()
        }
        // ｗｉｄｅ@example.com, as the sign-up stored it before it refused variants of other characters.
        let stored = "\u{FF57}\u{FF49}\u{FF44}\u{FF45}@example.com"
        try data.sql("UPDATE accounts SET email = '\(stored)' WHERE email = 'wide@example.com'")

        let store = try data.store()
        #expect(try store.logIn(email: " " + stored + " ", password: "wide-password")?.displayName == "Wide")
        #expect(try store.logIn(email: "wide@example.com", password: "wide-password") == nil, "another address")
    }

    @Test(
        "An impossible schema version (negative, or older than the tables) is damage, moved aside on request",
        arguments: [-1, 1])
    func impossibleVersionIsDamage(version: Int) async throws {
        let data = try TemporaryDataDirectory()
        try data.logInDemo()
        try data.sql("PRAGMA user_version = \(version)")
        let error = try #require(try data.openingError())
        #expect(error.description.contains(data.databasePath) && error.description.contains("corrupt"), "\(error)")
        expectFatalAndPlain(error)
        let moved = try data.store(movesDamagedFilesAside: true)
        #expect(moved.movedAsidePaths.contains(data.databasePath + TestTime.movedSuffix))
    }

    @Test("An imported post id too large to leave room after it is not kept, so posting still works")
    func hugeImportedIDIsReplaced() async throws {
        let data = try TemporaryDataDirectory()
        try """
        {"version": 1, "nextID": 1, "posts": [
          {"id": "9223372036854775807", "authorEmail": "demo@example.com", "authorName": "Demo",
           "createdAt": "2025-05-01T00:00:00Z", "text": "from a damaged counter", "likedBy": []}]}
        """.write(toFile: data.file("posts.json"), atomically: false, encoding: .utf8)
        let store = try data.store()
        #expect(try store.logIn(email: Demo.email, password: Demo.password) != nil)
        _ = try store.publish(text: "still posting", authorEmail: Demo.email, authorName: "Demo")
        #expect(try data.count("SELECT count(*) FROM posts") == 2)
        #expect(try data.count("SELECT max(id) FROM posts") < 10)
    }

    @Test("The database, which holds password hashes, is readable by its owner only")
    func databaseIsPrivate() async throws {
        let data = try TemporaryDataDirectory()
        try data.logInDemo()
        let attributes = try FileManager.default.attributesOfItem(atPath: data.databasePath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    /// Writes the three JSON files as the release before the database wrote them.
    private static func writeJSON(_ data: TemporaryDataDirectory, hash: String) throws {
        let files = [
            "accounts.json": """
            {"version": 1, "accounts": [
              {"email": "old@example.com", "displayName": "Old", "passwordHash": "\(hash)",
               "createdAt": "2025-01-01T00:00:00Z"},
              {"email": "new@example.com", "displayName": "New", "passwordHash": "\(hash)",
               "createdAt": "2025-02-01T00:00:00Z"}]}
            """,
            "session.json": #"{"version": 1, "email": "old@example.com", "createdAt": "2025-03-01T00:00:00Z"}"#,
            "posts.json": """
            {"version": 1, "nextID": 8, "posts": [
              {"id": "3", "authorEmail": "new@example.com", "authorName": "New", "createdAt": "2025-05-01T00:00:00Z",
               "text": "an older post", "likedBy": []},
              {"id": "7", "authorEmail": "old@example.com", "authorName": "Old", "createdAt": "2025-06-01T00:00:00Z",
               "text": "from the old days", "likedBy": ["old@example.com", "x@example.com"]}]}
            """,
        ]
        for (name, content) in files {
            try content.write(toFile: data.file(name), atomically: false, encoding: .utf8)
        }
    }
}
