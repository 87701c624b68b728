import AppTesting
import Foundation
import InputRules
import Testing

@testable import AppData

@Suite("The database: versions, damaged files and the import of earlier JSON files")
@MainActor
struct StorageTests {
    // MARK: - Versions

    @Test("Migration 1 creates accounts, the session, posts and likes on an empty database")
    func migrationOne() throws {
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
    func migrationTwo() throws {
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

    @Test("The app opens a database of an older version, migrates it and keeps its data")
    func appMigratesOlderDatabase() throws {
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
        let run = data.run("set email old@x.co\nset password old-password\nlogin\npost.9\nscreen\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("kept") && run.output.contains("1 like") && run.output.contains("Unlike (unlike)"))
        #expect(try data.count("PRAGMA user_version") == Schema.version)
        #expect(try data.count("SELECT count(*) FROM posts") == 1, "no demo posts added to an existing database")
    }

    @Test("A database from a newer version stops the app with exit code 2, named, untouched, even when moving aside")
    func newerDatabaseStops() throws {
        let data = try TemporaryDataDirectory()
        #expect(data.run(AppHarness.demoLogin).status == 0)
        try data.sql("PRAGMA user_version = 99")
        let before = try Data(contentsOf: URL(fileURLWithPath: data.databasePath))
        for arguments in [[], ["--move-aside-corrupt-data"]] {
            let run = data.run("compose\nset text new\npost\nlogout\n", arguments: arguments)
            #expect(run.status == 2)
            #expect(
                run.error == "app: the data file \(data.databasePath) was written by a newer version of the app "
                    + "(format 99; this version reads up to \(Schema.version)); use that version, or a newer one\n"
                    + "app: stopped so nothing is overwritten\n")
            #expect(run.output.isEmpty)
            #expect(try Data(contentsOf: URL(fileURLWithPath: data.databasePath)) == before)
        }
    }

    @Test("A database a newer version migrates while the app runs stops it with exit code 2 at the next change")
    func newerDatabaseWhileRunning() throws {
        let data = try TemporaryDataDirectory()
        let input = LineByLineInput(
            AppHarness.demoLogin.split(separator: "\n").map(String.init) + [
                "compose", "set text new", "post", "state",
            ],
            beforeLine: [6: { _ = try? data.sql("PRAGMA user_version = 99") }])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 2)
        #expect(
            run.error == """
                line 6: the data file \(data.databasePath) was written by a newer version of the app (format 99; \
                this version reads up to \(Schema.version)); use that version, or a newer one
                app: stopped so nothing is overwritten

                """)
        #expect(run.states.isEmpty)
        #expect(try data.count("SELECT count(*) FROM posts WHERE text = 'new'") == 0)
    }

    // MARK: - Damaged files

    @Test(
        "A file that is not a database stops the app with exit code 2, naming it, and is left untouched",
        arguments: ["not a database", String(repeating: "garbage ", count: 1000)])
    func notADatabaseStops(content: String) throws {
        let data = try TemporaryDataDirectory()
        try content.write(toFile: data.databasePath, atomically: false, encoding: .utf8)
        let run = data.run("state\n")
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("app: the data file \(data.databasePath) is corrupt: "))
        #expect(
            run.error.hasSuffix(
                "app: stopped so nothing is overwritten; restore the file from a backup, or run with "
                    + "--move-aside-corrupt-data to keep the damaged files aside and start fresh\n"))
        #expect(run.output.isEmpty)
        #expect(try String(contentsOfFile: data.databasePath, encoding: .utf8) == content)
    }

    @Test("Another program's database, with tables but no schema version, is refused and left untouched")
    func foreignDatabaseStops() throws {
        let data = try TemporaryDataDirectory()
        try data.sql("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')")
        let run = data.run("state\n")
        #expect(run.status == 2)
        #expect(
            run.error.hasPrefix(
                "app: the data file \(data.databasePath) is corrupt: it is a database, but not one this app wrote\n"))
        #expect(try data.sql("SELECT body FROM notes") == ["mine"])
        #expect(try data.count("SELECT count(*) FROM sqlite_master WHERE name = 'posts'") == 0)
    }

    @Test("--move-aside-corrupt-data renames a damaged database to app.sqlite.corrupt-<timestamp> and starts fresh")
    func moveAsideRecovers() throws {
        let data = try TemporaryDataDirectory()
        try "garbage".write(toFile: data.databasePath, atomically: false, encoding: .utf8)
        let run = data.run(AppHarness.demoLogin + "state\n", arguments: ["--move-aside-corrupt-data"])
        #expect(run.status == 0, "\(run.error)")
        let movedPath = data.databasePath + ".corrupt-20260101T120000Z"
        #expect(
            run.error == "app: moved the unusable data file aside to \(movedPath)\n"
                + "app: started a new database with the demo account demo@example.com and its posts\n")
        #expect(try String(contentsOfFile: movedPath, encoding: .utf8) == "garbage")
        #expect(run.lastState?.user == "Demo")
        #expect(try data.sql("SELECT id FROM posts ORDER BY id") == ["1", "2", "3", "4"])
    }

    // MARK: - Importing the JSON files of an earlier release

    @Test("JSON files of an earlier release are imported once, completely, and kept aside")
    func jsonImport() throws {
        let data = try TemporaryDataDirectory()
        let hash = try PasswordHasher.hash("old-password")
        try Self.writeJSON(data, hash: hash)
        let first = data.run("state\nopen app://feed/post/7\nscreen\nback\n" + AppHarness.logOut)
        #expect(first.status == 0, "\(first.error)")
        let timestamp = "20260101T120000Z"
        for name in ["accounts.json", "session.json", "posts.json"] {
            #expect(!FileManager.default.fileExists(atPath: data.file(name)))
            #expect(FileManager.default.fileExists(atPath: data.file("\(name).imported-\(timestamp)")))
            #expect(first.error.contains("kept it as \(data.file("\(name).imported-\(timestamp)"))"))
        }
        #expect(first.lastState?.user == "Old", "the session was imported")
        #expect(first.lastState?.tabs != nil, "imported accounts have used the app: no tour")
        #expect(first.output.contains("from the old days") && first.output.contains("2 likes"))
        #expect(first.output.contains("Unlike (unlike)"), "Old's like was imported")
        #expect(try data.sql("SELECT password_hash FROM accounts WHERE email = 'old@example.com'") == [hash])
        #expect(try data.count("SELECT count(*) FROM accounts") == 2, "no demo account beside imported ones")
        #expect(try data.sql("SELECT id FROM posts ORDER BY id") == ["3", "7"], "ids kept, no demo posts")

        let second = data.run(
            "set email new@example.com\nset password old-password\nlogin\nscreen\n" + AppHarness.logOut)
        #expect(second.status == 0, "\(second.error)")
        #expect(second.error.isEmpty, "imported only once")
        #expect(second.output.contains("older post"))
        let published = data.run(
            "set email new@example.com\nset password old-password\nlogin\ncompose\nset text next\npost\n")
        #expect(published.status == 0, "\(published.error)")
        #expect(try data.sql("SELECT id FROM posts WHERE text = 'next'") == ["8"], "a new id follows the imported ones")
    }

    @Test("A damaged JSON file stops the import with exit code 2, naming it; the database is not created")
    func damagedJSONStops() throws {
        let data = try TemporaryDataDirectory()
        try Self.writeJSON(data, hash: try PasswordHasher.hash("old-password"))
        try "{ not json".write(toFile: data.file("posts.json"), atomically: false, encoding: .utf8)
        let run = data.run("state\n")
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("app: the data file \(data.file("posts.json")) is corrupt: it is not valid JSON\n"))
        #expect(try data.count("PRAGMA user_version") == 0)
        #expect(FileManager.default.fileExists(atPath: data.file("accounts.json")))

        let moved = data.run("state\n", arguments: ["--move-aside-corrupt-data"])
        #expect(moved.status == 0, "\(moved.error)")
        #expect(moved.error.contains("moved the unusable data file aside to \(data.file("posts.json.corrupt-"))"))
        #expect(moved.lastState?.user == "Old", "the rest was imported")
    }

    @Test("A JSON file from a newer release stops the app with exit code 2 and is left where it is")
    func newerJSONStops() throws {
        let data = try TemporaryDataDirectory()
        try #"{"version": 2, "email": "old@example.com", "createdAt": "2025-01-01T00:00:00Z"}"#
            .write(toFile: data.file("session.json"), atomically: false, encoding: .utf8)
        let run = data.run("state\n", arguments: ["--move-aside-corrupt-data"])
        #expect(run.status == 2)
        #expect(run.error.contains("was written by a newer version of the app (format 2; this version reads up to 1)"))
        #expect(FileManager.default.fileExists(atPath: data.file("session.json")))
    }

    // MARK: - Input rules in the stores

    @Test("The stores apply the same input rules as the screens")
    func storesApplyInputRules() throws {
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

    /// Writes the three JSON files as the release before the database wrote them.
    @Test(
        "An impossible schema version (negative, or older than the tables) is damage: exit 2, moved aside on request",
        arguments: [-1, 1])
    func impossibleVersionIsDamage(version: Int) throws {
        let data = try TemporaryDataDirectory()
        #expect(data.run(AppHarness.demoLogin).status == 0)
        try data.sql("PRAGMA user_version = \(version)")
        let run = data.run("state\n")
        #expect(run.status == 2)
        #expect(run.error.contains(data.databasePath) && run.error.contains("corrupt"), "\(run.error)")
        let moved = data.run("state\n", arguments: ["--move-aside-corrupt-data"])
        #expect(moved.status == 0, "\(moved.error)")
        #expect(moved.error.contains("moved the unusable data file aside"))
    }

    @Test("An imported post id too large to leave room after it is not kept, so posting still works")
    func hugeImportedIDIsReplaced() throws {
        let data = try TemporaryDataDirectory()
        try """
        {"version": 1, "nextID": 1, "posts": [
          {"id": "9223372036854775807", "authorEmail": "demo@example.com", "authorName": "Demo",
           "createdAt": "2025-05-01T00:00:00Z", "text": "from a damaged counter", "likedBy": []}]}
        """.write(toFile: data.file("posts.json"), atomically: false, encoding: .utf8)
        let run = data.run(AppHarness.demoLogin + "compose\nset text still posting\npost\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(try data.count("SELECT count(*) FROM posts") == 2)
        #expect(try data.count("SELECT max(id) FROM posts") < 10)
    }

    @Test("The database, which holds password hashes, is readable by its owner only")
    func databaseIsPrivate() throws {
        let data = try TemporaryDataDirectory()
        #expect(data.run(AppHarness.demoLogin).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: data.databasePath)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

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
