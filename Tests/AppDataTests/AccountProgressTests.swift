import DataTesting
import Foundation
import InputRules
import Testing

@testable import AppData

@Suite("Per account: the tour finished, the last look at Latest, the profile and the rename")
@MainActor
struct AccountProgressTests {
    /// The tests' fixed time, as the app runs it (`APP_NOW`).
    static let now = TestTime.now

    /// The live data over `data`, at the tests' fixed time.
    static func services(_ data: TemporaryDataDirectory) throws -> LiveDataStore {
        try data.store()
    }

    @Test("Migration 4 keeps the accounts of version 3 as having finished the tour, and adds the author index")
    func migrationFour() async throws {
        let data = try TemporaryDataDirectory()
        let connection = try SQLiteConnection(path: data.databasePath)
        try connection.transaction { () throws(SQLiteError) in try Schema.migrate(connection, from: 0, to: 3) }
        try connection.execute(
            """
            INSERT INTO accounts (email, display_name, password_hash, created_at) VALUES ('old@x.co', 'Old', 'h', 0);
            INSERT INTO posts (author_email, author_name, created_at, text) VALUES ('old@x.co', 'Old', 5, 'mine');
            """)
        try connection.transaction { () throws(SQLiteError) in try Schema.migrate(connection, from: 3, to: 4) }
        #expect(try connection.pragmaInteger("user_version") == 4)
        #expect(
            try connection.query("SELECT onboarding_finished, latest_seen_at IS NULL FROM accounts") {
                [$0.integer(0), $0.integer(1)]
            } == [[1, 1]], "an account from before has used the app: no tour")
        let plan = try connection.query(
            """
            EXPLAIN QUERY PLAN SELECT id FROM posts WHERE author_email = 'old@x.co'
            ORDER BY created_at DESC, id DESC LIMIT 20
            """
        ) { $0.text(3) }
        #expect(plan.contains { $0.contains("posts_by_author") }, "\(plan)")
    }

    @Test("A new account has not finished the tour until it says so; the demo account has")
    func tourPerAccount() async throws {
        let data = try TemporaryDataDirectory()
        let services = try Self.services(data)
        #expect(try services.isOnboardingFinished(email: "demo@example.com"))
        _ = try AccountStore(database: data.database()).register(
            email: "New@Example.com", password: "long-enough", displayName: "New", now: Self.now)
        #expect(try !services.isOnboardingFinished(email: "new@example.com"))
        try services.finishOnboarding(email: "NEW@example.com")
        #expect(try services.isOnboardingFinished(email: "new@example.com"))
        #expect(try Self.services(data).isOnboardingFinished(email: "new@example.com"), "kept across processes")
    }

    @Test("The badge counts others' posts since the last look at Latest (since the account was made, if never)")
    func unseenLatest() async throws {
        let data = try TemporaryDataDirectory()
        let services = try Self.services(data)
        let database = try data.database()
        // The demo account was made at `now`; the seeded posts are older.
        #expect(try services.unseenLatestCount(email: "demo@example.com", limit: 99) == 0)
        let posts = PostStore(database: database)
        for (index, author) in ["ada@example.com", "demo@example.com", "linus@example.com"].enumerated() {
            _ = try posts.publish(
                text: "later \(index)", authorEmail: author, authorName: "A", now: Self.now + Double(index + 1))
        }
        #expect(
            try services.unseenLatestCount(email: "demo@example.com", limit: 99) == 2,
            "the person's own post is not news")
        try data.sql("UPDATE accounts SET latest_seen_at = \(Self.now.timeIntervalSince1970 + 3)")
        #expect(try services.unseenLatestCount(email: "demo@example.com", limit: 99) == 0)
        try data.sql("UPDATE accounts SET latest_seen_at = 0")
        #expect(try services.unseenLatestCount(email: "demo@example.com", limit: 99) == 5)
        try services.markLatestSeen(email: "demo@example.com")
        #expect(
            try data.sql("SELECT latest_seen_at FROM accounts WHERE email = 'demo@example.com'")
                == ["\(Self.now.timeIntervalSince1970)"])
        #expect(try services.unseenLatestCount(email: "demo@example.com", limit: 99) == 2)
    }

    @Test("The badge stops counting at 99, however many posts there are")
    func unseenLatestIsBounded() async throws {
        let data = try TemporaryDataDirectory()
        let database = try data.database()
        try database.write { connection throws(SQLiteError) in
            try PostStore.insert(
                (0..<250).map { index in
                    NewPost(
                        id: nil, authorEmail: "many@example.com", authorName: "M", createdAt: Self.now + Double(index),
                        text: "p\(index)", likedBy: [])
                }, into: connection)
        }
        #expect(try Self.services(data).unseenLatestCount(email: "demo@example.com", limit: 99) == 99)
        let connection = try SQLiteConnection(path: data.databasePath)
        let plan = try connection.query(
            "EXPLAIN QUERY PLAN SELECT 1 FROM posts WHERE created_at > 5 AND author_email != 'a' LIMIT 99"
        ) { $0.text(3) }
        #expect(plan.contains { $0.contains("posts_by_recency") }, "a range of the index, never every post: \(plan)")
    }

    @Test("Profile's summary counts the person's posts; their posts come a page at a time after the last one shown")
    func profileSummaryAndPages() async throws {
        let data = try TemporaryDataDirectory()
        let database = try data.database()
        try database.write { connection throws(SQLiteError) in
            try PostStore.insert(
                (0..<45).map { index in
                    NewPost(
                        id: nil, authorEmail: index % 3 == 0 ? "ada@example.com" : "demo@example.com",
                        authorName: "X", createdAt: Self.now - 10_000 + Double(index / 2), text: "p\(index)",
                        likedBy: [])
                }, into: connection)
        }
        let services = try Self.services(data)
        let summary = try services.summary(email: "demo@example.com")
        #expect(summary == AccountSummary(displayName: "Demo", postCount: 31))
        var shown: [PostRecord] = []
        var page = try services.page(by: "demo@example.com", after: nil, limit: 20, reader: "demo@example.com")
        while !page.isEmpty {
            shown += page
            page = try services.page(
                by: "demo@example.com", after: shown.last.map { String($0.id) }, limit: 20, reader: "demo@example.com")
        }
        let stored = try data.sql(
            "SELECT id FROM posts WHERE author_email = 'demo@example.com' ORDER BY created_at DESC, id DESC")
        #expect(
            shown.map { String($0.id) } == stored, "every post once, newest first, ties by id, even across equal times")
        #expect(try services.page(by: "demo@example.com", after: "999", limit: 20, reader: "demo@example.com").isEmpty)
        #expect(
            try services.page(by: "demo@example.com", after: "1", limit: 20, reader: "demo@example.com").isEmpty,
            "post 1 is Ada's")
    }

    @Test("A rename is checked, stored once, shows on every post the person wrote and on the next one")
    func renameShowsOnPosts() async throws {
        let data = try TemporaryDataDirectory()
        let services = try Self.services(data)
        let renamed = try services.rename(email: "demo@example.com", to: "  Dee  ")
        #expect(renamed == "Dee")
        #expect(try services.summary(email: "demo@example.com") == AccountSummary(displayName: "Dee", postCount: 1))
        #expect(
            try data.sql("SELECT DISTINCT author_name FROM posts WHERE author_email = 'demo@example.com'") == ["Dee"])
        #expect(try data.sql("SELECT author_name FROM posts WHERE id = 2") == ["Grace"])
        let post = try PostStore(database: data.database()).publish(
            text: "after", authorEmail: "demo@example.com", authorName: "Demo (an old name)", now: Self.now)
        #expect(post.authorName == "Dee", "the name as stored now, not as the caller last read it")
        #expect(throws: AccountFailure.invalid(DisplayName.invisibleCharacterMessage)) {
            try services.rename(email: "demo@example.com", to: "bad\u{202E}name")
        }
        #expect(try services.rename(email: "gone@example.com", to: "Gone") == nil, "no such account")
        #expect(try data.sql("SELECT display_name FROM accounts WHERE email = 'demo@example.com'") == ["Dee"])
    }
}
