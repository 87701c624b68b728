import DataTesting
import Foundation
import Synchronization
import Testing

@testable import AppData

@Suite("Data directory: persistence, secrecy, corruption and concurrent writers")
@MainActor
struct PersistenceTests {
    @Test("A restart keeps the new account, its finished tour and the session; a log-out survives a restart too")
    func restartKeepsAccountAndSession() async throws {
        let data = try TemporaryDataDirectory()
        do {
            let first = try data.store()
            _ = try first.register(email: "keep@example.com", password: "keep-me-please", displayName: "Keeper")
            try first.finishOnboarding(email: "keep@example.com")
        }
        do {
            let restarted = try data.store()
            #expect(try restarted.savedSessionAccount()?.displayName == "Keeper")
            #expect(try restarted.isOnboardingFinished(email: "keep@example.com"), "no tour after the restart")
            try restarted.logOut()
        }
        let again = try data.store()
        #expect(try again.savedSessionAccount() == nil, "the log-out was kept")
        #expect(try again.logIn(email: "KEEP@example.com", password: "keep-me-please")?.displayName == "Keeper")
        #expect(try again.savedSessionAccount()?.email == "keep@example.com")
    }

    @Test("The demo account is seeded once, and a new data directory has posts to show")
    func demoSeed() async throws {
        let data = try TemporaryDataDirectory()
        #expect(try data.store(passwordCost: .standard).seededDemoAccount == Demo.email)
        let firstAccounts = try data.sql("SELECT email || ' ' || password_hash FROM accounts ORDER BY email")
        let store = try data.store()
        #expect(store.seededDemoAccount == nil)
        #expect(try data.sql("SELECT email || ' ' || password_hash FROM accounts ORDER BY email") == firstAccounts)
        #expect(
            firstAccounts == [
                "ada@example.com ", "demo@example.com \(DemoContent.passwordHash)", "grace@example.com ",
                "linus@example.com ",
            ], "the seeded people's accounts have no password: nobody logs in to them")
        let ada = try #require(try store.post(id: "1", reader: Demo.email))
        #expect(ada.authorName == "Ada" && ada.likeCount == 2)
        #expect(ada.createdAt == TestTime.now - 3 * 24 * 60 * 60, "three days before the first run")
        #expect(try store.page(.latest, after: nil, limit: 20, reader: Demo.email).map(\.id) == [4, 3, 2, 1])
    }

    @Test("A password never appears in any data file; only salted $y$ hashes are stored, and only they log in")
    func passwordNeverLeaks() async throws {
        let data = try TemporaryDataDirectory()
        let password = "Very-Secret-Pw-9876"
        do {
            let store = try data.store(passwordCost: .standard)
            _ = try store.register(email: "secret@example.com", password: password, displayName: "Secretive")
            try store.finishOnboarding(email: "secret@example.com")
            try store.logOut()
            #expect(try store.logIn(email: "secret@example.com", password: password + "x") == nil)
            #expect(try store.savedSessionAccount() == nil)
            #expect(try store.logIn(email: "secret@example.com", password: password)?.displayName == "Secretive")
        }
        for (name, bytes) in try data.allFiles() {
            #expect(!String(decoding: bytes, as: UTF8.self).contains(password), "\(name) holds the password")
            #expect(!String(decoding: bytes, as: UTF8.self).contains(Demo.password), "\(name) holds a password")
        }
        #expect(
            try data.sql("SELECT email FROM accounts WHERE password_hash = '' ORDER BY email")
                == ["ada@example.com", "grace@example.com", "linus@example.com"], "the seeded people log in to nothing")
        let hashes = try data.sql("SELECT password_hash FROM accounts WHERE password_hash != ''")
        #expect(hashes.count == 2)
        #expect(hashes.allSatisfy { $0.hasPrefix("$y$j9T$") && $0.count > 40 })
        #expect(Set(hashes).count == 2)
    }

    @Test("Hashes are salted: the same password hashes differently and still verifies")
    func hashesAreSalted() async throws {
        let first = try PasswordHasher.hash("same password")
        let second = try PasswordHasher.hash("same password")
        #expect(first != second)
        #expect(PasswordHasher.verify("same password", against: first))
        #expect(PasswordHasher.verify("same password", against: second))
        #expect(!PasswordHasher.verify("same passwore", against: first))
        #expect(!PasswordHasher.verify("same password", against: "not a hash"))
    }

    @Test("A demo password that cannot be hashed is reported as itself, and no database is written")
    func demoHashingFailure() async throws {
        let data = try TemporaryDataDirectory()
        let directory = try DataDirectory.open(path: data.path)
        #expect(throws: PasswordHasher.Failure.noRandomness) {
            try Database.open(in: directory, now: Date(), timestamp: "t", movesDamagedFilesAside: false) {
                _ throws(PasswordHasher.Failure) in throw .noRandomness
            }
        }
        #expect(try data.count("PRAGMA user_version") == 0, "nothing was created")
    }

    @Test("Two writers in one process adding posts, likes and accounts at once lose nothing")
    func concurrentWritersLoseNothing() async throws {
        let data = try TemporaryDataDirectory()
        let database = try data.database()
        let failures = Mutex<[String]>([])
        let postsPerWriter = 40
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            let posts = PostStore(database: database)
            let accounts = AccountStore(database: database)
            for index in 0..<postsPerWriter {
                do {
                    // A liker's email is taken once it likes: the account is registered first.
                    if index % 20 == 0 {
                        _ = try accounts.register(
                            email: "w\(writer)-\(index)@example.com", password: "password-\(index)",
                            displayName: "W", now: Date())
                    }
                    _ = try posts.publish(
                        text: "writer \(writer) post \(index)", authorEmail: "w\(writer)@example.com",
                        authorName: "Writer \(writer)", now: Date())
                    _ = try posts.setLike(true, postID: "2", email: "w\(writer)-\(index)@example.com")
                } catch {
                    failures.withLock { $0.append(String(describing: error)) }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(try data.count("SELECT count(*) FROM posts WHERE text LIKE 'writer %'") == 2 * postsPerWriter)
        #expect(try data.count("SELECT like_count FROM posts WHERE id = 2") == 3 + 2 * postsPerWriter)
        #expect(try data.count("SELECT count(*) FROM accounts WHERE password_hash != ''") == 5, "demo and 4 sign-ups")
        #expect(
            try data.count("SELECT count(*) FROM accounts") == 1 + 3 + 2 + 2 * postsPerWriter,
            "the demo account, the seeded people, both writers and every liker")
    }
}
