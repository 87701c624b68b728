import DataTesting
import Foundation
import InputRules
import Testing

@testable import AppData

/// Posts and likes belong to the email that wrote or liked them: every such email has an account, so a sign-up
/// can never take over someone else's posts and likes, in a new database, in one migrated from before, and in the
/// in-memory twin.
@Suite("Whoever wrote or liked a post has an account: a sign-up never inherits posts or likes")
@MainActor
struct PostOwnerAccountTests {
    static let seededPeople = ["ada@example.com", "grace@example.com", "linus@example.com"]

    @Test(
        "The seeded people's emails are taken, however they are typed, and nobody can log in to them",
        arguments: DataStoreKind.allCases)
    func seededEmailsAreTaken(kind: DataStoreKind) async throws {
        let subject = DataStoreSubject(kind)
        let data = try subject.at()
        for email in Self.seededPeople {
            for typed in [email, email.uppercased(), "  \(email) "] {
                #expect(try data.isEmailRegistered(typed), "\(typed)")
                #expect(throws: AccountFailure.emailTaken, "\(typed)") {
                    try data.register(email: typed, password: "secret-pass", displayName: "Ada Lovelace")
                }
            }
            #expect(try data.logIn(email: email, password: "") == nil)
            #expect(try data.logIn(email: email, password: "secret-pass") == nil)
        }
        #expect(try data.savedSessionAccount() == nil, "nobody was logged in")
        for (email, name) in zip(Self.seededPeople, ["Ada", "Grace", "Linus"]) {
            #expect(
                try data.summary(email: email) == AccountSummary(displayName: name, postCount: 1), "named as on posts")
        }
        let ada = try data.page(.latest, after: nil, limit: 20, reader: "ada@example.com")
        #expect(ada.map(\.isLikedByReader) == [false, true, true, false], "Ada's likes stay hers")
    }

    @Test("A new account starts with no posts and no likes", arguments: DataStoreKind.allCases)
    func newAccountStartsEmpty(kind: DataStoreKind) async throws {
        let subject = DataStoreSubject(kind)
        let data = try subject.at()
        let account = try data.register(email: "Zed@Example.com ", password: "secret-pass", displayName: "Zed")
        #expect(try data.summary(email: account.email) == AccountSummary(displayName: "Zed", postCount: 0))
        #expect(try data.page(by: account.email, after: nil, limit: 20, reader: account.email).isEmpty)
        let feed = try data.page(.latest, after: nil, limit: 20, reader: account.email)
        #expect(feed.count == 4 && feed.allSatisfy { !$0.isLikedByReader })
        #expect(try data.post(id: "3", reader: account.email)?.isLikedByReader == false)
    }

    @Test(
        "An email that wrote or liked a post without an account gets one nobody can log in to, so it stays taken",
        arguments: DataStoreKind.allCases)
    func writingOrLikingKeepsTheEmail(kind: DataStoreKind) async throws {
        let subject = DataStoreSubject(kind)
        let data = try subject.at()
        _ = try data.publish(text: "hello", authorEmail: "Writer@Example.com", authorName: "Writer")
        _ = try data.setLike(true, postID: "1", email: " Fan@Example.com")
        #expect(try data.summary(email: "writer@example.com") == AccountSummary(displayName: "Writer", postCount: 1))
        #expect(try data.summary(email: "fan@example.com") == AccountSummary(displayName: "fan", postCount: 0))
        for email in ["writer@example.com", "fan@example.com"] {
            #expect(throws: AccountFailure.emailTaken) {
                try data.register(email: email, password: "secret-pass", displayName: "Taker")
            }
            #expect(try data.logIn(email: email, password: "secret-pass") == nil)
        }
    }

    @Test("Migration 5 gives every author and liker of a version-4 database an account, and keeps all the data")
    func migrationFive() async throws {
        let data = try TemporaryDataDirectory()
        let now = TestTime.now
        do {
            let connection = try SQLiteConnection(path: data.databasePath)
            try connection.transaction { () throws(SQLiteError) in
                try Schema.migrate(connection, from: 0, to: 4)
                try connection.run(
                    "INSERT INTO accounts (email, display_name, password_hash, created_at) VALUES (?1, 'Demo', ?2, 1)",
                    [.text(Demo.email), .text(DemoContent.passwordHash)])
                try PostStore.insert(DemoContent.posts(now: now), into: connection)
                // A liker with no post, and an author renamed since an older post.
                try connection.execute(
                    """
                    INSERT INTO likes (post_id, email) VALUES (4, 'fan@example.com');
                    INSERT INTO posts (author_email, author_name, created_at, text)
                    VALUES ('linus@example.com', 'Linus T', \(now.timeIntervalSince1970 - 60), 'renamed');
                    """)
            }
        }
        #expect(try data.count("SELECT count(*) FROM accounts") == 1, "version 4 kept the seeded people accountless")
        let likesBefore = try data.sql("SELECT post_id || ' ' || email FROM likes ORDER BY post_id, email")
        let postsBefore = try data.sql("SELECT id || ' ' || author_email || ' ' || like_count FROM posts ORDER BY id")

        let store = try data.store()
        #expect(try data.count("PRAGMA user_version") == 5)
        #expect(
            try data.sql(
                "SELECT email || ' ' || display_name || ' ' || password_hash || ' ' || created_at FROM accounts "
                    + "WHERE email != 'demo@example.com' ORDER BY email")
                == [
                    "ada@example.com Ada  \(now.timeIntervalSince1970 - 3 * 24 * 3600)",
                    "fan@example.com fan  \(now.timeIntervalSince1970 - 120)",
                    "grace@example.com Grace  \(now.timeIntervalSince1970 - 5 * 3600)",
                    "linus@example.com Linus T  \(now.timeIntervalSince1970 - 40 * 60)",
                ])
        #expect(try data.sql("SELECT sum(onboarding_finished) FROM accounts") == ["5"])
        #expect(try data.sql("SELECT post_id || ' ' || email FROM likes ORDER BY post_id, email") == likesBefore)
        #expect(
            try data.sql("SELECT id || ' ' || author_email || ' ' || like_count FROM posts ORDER BY id") == postsBefore)
        for email in Self.seededPeople + ["FAN@example.com"] {
            #expect(throws: AccountFailure.emailTaken) {
                try store.register(email: email, password: "secret-pass", displayName: "Taker")
            }
        }
        #expect(try store.logIn(email: "ada@example.com", password: "") == nil)
        #expect(try store.logIn(email: Demo.email, password: Demo.password)?.displayName == "Demo")
        #expect(try store.post(id: "2", reader: Demo.email)?.isLikedByReader == true, "the demo account's like")
    }

    @Test("A database made before migration 5 where an email's posts were already signed up for keeps that account")
    func migrationKeepsExistingAccounts() async throws {
        let data = try TemporaryDataDirectory()
        do {
            let connection = try SQLiteConnection(path: data.databasePath)
            try connection.transaction { () throws(SQLiteError) in
                try Schema.migrate(connection, from: 0, to: 4)
                try connection.execute(
                    """
                    INSERT INTO accounts (email, display_name, password_hash, created_at)
                    VALUES ('ada@example.com', 'Ada Lovelace', '$y$j9T$kept', 7);
                    INSERT INTO posts (author_email, author_name, created_at, text) VALUES ('ada@example.com', 'Ada', 1, 'a');
                    """)
            }
        }
        _ = try data.store()
        #expect(
            try data.sql("SELECT email || ' ' || display_name || ' ' || password_hash FROM accounts")
                == ["ada@example.com Ada Lovelace $y$j9T$kept"], "an account that exists is never replaced")
    }

    @Test("Imported posts by mixed-case emails are kept normalized, with their authors' accounts")
    func importedEmailsNormalized() async throws {
        let data = try TemporaryDataDirectory()
        let database = try data.database()
        try database.write { connection throws(SQLiteError) in
            try PostStore.insert(
                [
                    NewPost(
                        id: nil, authorEmail: " Old@Example.COM", authorName: "Old", createdAt: TestTime.now,
                        text: "old", likedBy: ["Other@Example.com"])
                ], into: connection)
        }
        #expect(try data.sql("SELECT author_email FROM posts WHERE text = 'old'") == ["old@example.com"])
        #expect(
            try data.sql("SELECT email FROM accounts WHERE password_hash = '' ORDER BY email")
                == [
                    "ada@example.com", "grace@example.com", "linus@example.com", "old@example.com", "other@example.com",
                ])
    }
}
