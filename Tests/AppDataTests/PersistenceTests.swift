import AppTesting
import Foundation
import Synchronization
import Testing

@testable import AppData

@Suite("Data directory: persistence, secrecy, corruption and concurrent writers")
@MainActor
struct PersistenceTests {
    @Test("A restart keeps the new account and the session; a log-out survives a restart too")
    func restartKeepsAccountAndSession() throws {
        let data = try TemporaryDataDirectory()
        let signUp = data.run(
            """
            signup
            set email keep@example.com
            next
            set password keep-me-please
            set confirmation keep-me-please
            next
            set displayName Keeper
            create
            skip
            """)
        #expect(signUp.status == 0, "\(signUp.error)")
        let restarted = data.run("state\n" + AppHarness.logOut)
        #expect(restarted.lastState?.loggedIn == true && restarted.lastState?.user == "Keeper")
        #expect(restarted.lastState?.top == "feed.latest")
        let again = data.run("state\nset email KEEP@example.com\nset password keep-me-please\nlogin\nstate\n")
        #expect(again.status == 0, "\(again.error)")
        #expect(again.states.map(\.loggedIn) == [false, true])
        #expect(again.lastState?.user == "Keeper")
    }

    @Test("The demo account is seeded once, and a new data directory has posts to show")
    func demoSeed() throws {
        let data = try TemporaryDataDirectory()
        _ = data.run("")
        let firstAccounts = try data.sql("SELECT email || password_hash FROM accounts")
        let run = data.run(AppHarness.demoLogin + "screen\n")
        #expect(run.status == 0)
        #expect(try data.sql("SELECT email || password_hash FROM accounts") == firstAccounts)
        #expect(firstAccounts.count == 1)
        #expect(run.output.contains("[7] Ada · 3d · 2 likes (post.1)"))
    }

    @Test("A password never appears in any output or data file; only salted $y$ hashes are stored")
    func passwordNeverLeaks() throws {
        let data = try TemporaryDataDirectory()
        let password = "Very-Secret-Pw-9876"
        let run = data.run(
            """
            signup
            set email secret@example.com
            next
            set password \(password)
            set confirmation \(password)
            screen
            state
            tree
            next
            set displayName Secretive
            create
            skip
            tab profile
            logout
            set email secret@example.com
            set password \(password)x
            login
            screen
            set password \(password)
            login
            state
            """,
            arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 17: Wrong email or password.\n")
        #expect(run.lastState?.user == "Secretive")
        #expect(!run.output.contains(password) && !run.error.contains(password))
        #expect(run.output.contains("Password (set password, secure): •••••••••••••••••••"))
        for (name, bytes) in try data.allFiles() {
            #expect(!String(decoding: bytes, as: UTF8.self).contains(password), "\(name) holds the password")
            #expect(!String(decoding: bytes, as: UTF8.self).contains("demo-password"), "\(name) holds a password")
        }
        let hashes = try data.sql("SELECT password_hash FROM accounts")
        #expect(hashes.count == 2)
        #expect(hashes.allSatisfy { $0.hasPrefix("$y$j9T$") && $0.count > 40 })
        #expect(Set(hashes).count == 2)
    }

    @Test("Hashes are salted: the same password hashes differently and still verifies")
    func hashesAreSalted() throws {
        let first = try PasswordHasher.hash("same password")
        let second = try PasswordHasher.hash("same password")
        #expect(first != second)
        #expect(PasswordHasher.verify("same password", against: first))
        #expect(PasswordHasher.verify("same password", against: second))
        #expect(!PasswordHasher.verify("same passwore", against: first))
        #expect(!PasswordHasher.verify("same password", against: "not a hash"))
    }

    @Test("A demo password that cannot be hashed is reported as itself, and no database is written")
    func demoHashingFailure() throws {
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
    func concurrentWritersLoseNothing() throws {
        let data = try TemporaryDataDirectory()
        let database = try data.database()
        let failures = Mutex<[String]>([])
        let postsPerWriter = 40
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            let posts = PostStore(database: database)
            let accounts = AccountStore(database: database)
            for index in 0..<postsPerWriter {
                do {
                    _ = try posts.publish(
                        text: "writer \(writer) post \(index)", authorEmail: "w\(writer)@example.com",
                        authorName: "Writer \(writer)", now: Date())
                    _ = try posts.setLike(true, postID: "2", email: "w\(writer)-\(index)@example.com")
                    if index % 20 == 0 {
                        _ = try accounts.register(
                            email: "w\(writer)-\(index)@example.com", password: "password-\(index)",
                            displayName: "W", now: Date())
                    }
                } catch {
                    failures.withLock { $0.append(String(describing: error)) }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(try data.count("SELECT count(*) FROM posts WHERE text LIKE 'writer %'") == 2 * postsPerWriter)
        #expect(try data.count("SELECT like_count FROM posts WHERE id = 2") == 3 + 2 * postsPerWriter)
        #expect(try data.count("SELECT count(*) FROM accounts") == 5)
    }
}
