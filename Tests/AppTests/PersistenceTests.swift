import Foundation
import Synchronization
import Testing

@testable import App

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
            """)
        #expect(signUp.status == 0, "\(signUp.error)")
        let restarted = data.run("state\nlogout\n")
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
        let firstAccounts = try Data(contentsOf: URL(fileURLWithPath: data.file("accounts.json")))
        let run = data.run(AppHarness.demoLogin + "screen\n")
        #expect(run.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: data.file("accounts.json"))) == firstAccounts)
        #expect(run.output.contains("[8] Ada · 3d · 2 likes (post.1)"))
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
        #expect(run.error == "line 15: Wrong email or password.\n")
        #expect(run.lastState?.user == "Secretive")
        #expect(!run.output.contains(password) && !run.error.contains(password))
        #expect(run.output.contains("Password (set password, secure): •••••••••••••••••••"))
        for (name, bytes) in try data.allFiles() {
            #expect(!String(decoding: bytes, as: UTF8.self).contains(password), "\(name) holds the password")
            #expect(!String(decoding: bytes, as: UTF8.self).contains("demo-password"), "\(name) holds a password")
        }
        let accounts =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: data.file("accounts.json")))) as? [String: Any]
        let hashes = (accounts?["accounts"] as? [[String: Any]])?.compactMap { $0["passwordHash"] as? String } ?? []
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

    @Test(
        "A corrupt data file stops the app with exit code 2, naming the file and the problem, and is left untouched",
        arguments: [
            ("posts.json", "{ not json", "it is not valid JSON"),
            ("accounts.json", "{\"version\": 1, \"accounts\": 5}", "unexpected value at accounts"),
            ("session.json", "", "the file is empty"),
            ("session.json", "{\"version\": 1}", "missing email"),
        ]
    )
    func corruptFileStops(name: String, content: String, problem: String) throws {
        let data = try TemporaryDataDirectory()
        _ = data.run("")
        try content.write(toFile: data.file(name), atomically: false, encoding: .utf8)
        let run = data.run("state\n")
        #expect(run.status == 2)
        #expect(
            run.error == """
                app: the data file \(data.file(name)) is corrupt: \(problem)
                app: run with --move-aside-corrupt-data to rename it and start fresh

                """)
        #expect(run.output.isEmpty)
        #expect(try String(contentsOfFile: data.file(name), encoding: .utf8) == content)
    }

    @Test(
        "A data file from a newer version stops the app with exit code 2 and is never overwritten nor moved aside",
        arguments: ["accounts.json", "session.json", "posts.json"]
    )
    func newerVersionStops(name: String) throws {
        let data = try TemporaryDataDirectory()
        #expect(data.run(AppHarness.demoLogin).status == 0)
        let content = try Self.fromNewerVersion(data.file(name))
        for arguments in [[], ["--move-aside-corrupt-data"]] {
            let run = data.run("compose\nset text new\npost\nlogout\n", arguments: arguments)
            #expect(run.status == 2)
            #expect(
                run.error == "app: the data file \(data.file(name)) was written by a newer version of the app "
                    + "(format 2; this version reads up to 1); use that version, or a newer one\n")
            #expect(run.output.isEmpty)
            #expect(try String(contentsOfFile: data.file(name), encoding: .utf8) == content)
        }
    }

    @Test("A data file replaced by a newer version while the app runs stops it with exit code 2, untouched")
    func newerVersionWhileRunning() throws {
        let data = try TemporaryDataDirectory()
        let postsPath = data.file("posts.json")
        let content = Mutex("")
        let input = LineByLineInput(
            AppHarness.demoLogin.split(separator: "\n").map(String.init) + [
                "compose", "set text new", "post", "state",
            ],
            beforeLine: [6: { content.withLock { $0 = (try? Self.fromNewerVersion(postsPath)) ?? "" } }])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 2)
        #expect(
            run.error == """
                line 6: the data file \(postsPath) was written by a newer version of the app (format 2; this version \
                reads up to 1); use that version, or a newer one
                app: stopped so nothing is overwritten

                """)
        #expect(run.states.isEmpty)
        #expect(try String(contentsOfFile: postsPath, encoding: .utf8) == content.withLock { $0 })
    }

    @Test("A demo password that cannot be hashed is reported as itself, and no account is written")
    func demoHashingFailure() throws {
        let data = try TemporaryDataDirectory()
        let directory = try DataDirectory.open(path: data.path)
        #expect(throws: PasswordHasher.Failure.noRandomness) {
            try DemoContent.seedIfNeeded(directory, now: Date()) { _ throws(PasswordHasher.Failure) in
                throw .noRandomness
            }
        }
        #expect(!FileManager.default.fileExists(atPath: data.file("accounts.json")))
    }

    /// Rewrites the data file at `path` as a newer version would: `version` 2 and a field this version does not
    /// know. Returns the new content.
    private static func fromNewerVersion(_ path: String) throws -> String {
        var object = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        object["version"] = 2
        object["addedLater"] = ["kept": true]
        let content = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        try content.write(toFile: path, atomically: false, encoding: .utf8)
        return content
    }

    @Test(
        "A data file cut in half (as by a full disk or a crash of another program) stops the app with exit code 2",
        arguments: ["accounts.json", "session.json", "posts.json"]
    )
    func truncatedFileStops(name: String) throws {
        let data = try TemporaryDataDirectory()
        #expect(data.run(AppHarness.demoLogin).status == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: data.file(name)))
        let half = whole.prefix(whole.count / 2)
        try half.write(to: URL(fileURLWithPath: data.file(name)))
        let run = data.run("state\n")
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("app: the data file \(data.file(name)) is corrupt: "))
        #expect(run.error.hasSuffix("app: run with --move-aside-corrupt-data to rename it and start fresh\n"))
        #expect(run.output.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: data.file(name))) == half)
    }

    @Test("--move-aside-corrupt-data renames the bad file to <name>.corrupt-<timestamp> and starts fresh")
    func moveAsideRecovers() throws {
        let data = try TemporaryDataDirectory()
        _ = data.run(AppHarness.demoLogin + "compose\nset text kept\npost\n")
        try "garbage".write(toFile: data.file("posts.json"), atomically: false, encoding: .utf8)
        let run = data.run("state\n", arguments: ["--move-aside-corrupt-data"])
        #expect(run.status == 0, "\(run.error)")
        let movedPath = data.file("posts.json.corrupt-20260101T120000Z")
        #expect(run.error == "app: moved the unusable data file aside to \(movedPath)\n")
        #expect(try String(contentsOfFile: movedPath, encoding: .utf8) == "garbage")
        #expect(run.lastState?.loggedIn == true && run.lastState?.user == "Demo")
        let posts = try PostStore(directory: DataDirectory.open(path: data.path)).latest()
        #expect(posts.map(\.id) == ["4", "3", "2", "1"])
    }

    @Test("A data file that turns corrupt while the app runs stops it with exit code 2 after that command")
    func corruptionWhileRunning() throws {
        let data = try TemporaryDataDirectory()
        let postsPath = data.file("posts.json")
        let input = LineByLineInput(
            ["set email demo@example.com", "set password demo-password", "login", "open app://feed/post/1", "state"],
            beforeLine: [4: { try? "[oops".write(toFile: postsPath, atomically: false, encoding: .utf8) }])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("line 4: the data file \(postsPath) is corrupt: it is not valid JSON\n"))
        #expect(run.states.isEmpty)
        #expect(try String(contentsOfFile: postsPath, encoding: .utf8) == "[oops")
    }

    @Test("A data directory that disappears while the app runs fails the command clearly and the app goes on")
    func unwritableWhileRunning() throws {
        let data = try TemporaryDataDirectory()
        let input = LineByLineInput(
            [
                "set email demo@example.com", "set password demo-password", "login", "compose", "set text lost?",
                "post", "state",
            ],
            beforeLine: [6: { try? FileManager.default.removeItem(atPath: data.path) }])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path, "--keep-going"])
        #expect(run.status == 1)
        #expect(
            run.error
                == "line 6: The feed is unavailable: cannot write \(data.file(".lock")): No such file or directory\n"
        )
        #expect(run.lastState?.top == "feed.compose")
    }

    @Test("Two writers adding posts and accounts to the same directory at once lose nothing")
    func concurrentWritersLoseNothing() throws {
        let data = try TemporaryDataDirectory()
        let directory = try DataDirectory.open(path: data.path)
        let failures = Mutex<[String]>([])
        let postsPerWriter = 40
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            let posts = PostStore(directory: directory)
            let accounts = AccountStore(directory: directory)
            for index in 0..<postsPerWriter {
                do {
                    _ = try posts.publish(
                        text: "writer \(writer) post \(index)", authorEmail: "w\(writer)@example.com",
                        authorName: "Writer \(writer)", now: Date())
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
        let posts = try PostStore(directory: directory).latest()
        #expect(posts.count == 2 * postsPerWriter)
        #expect(Set(posts.map(\.id)).count == 2 * postsPerWriter)
        for writer in 0..<2 {
            for index in 0..<postsPerWriter {
                #expect(posts.contains { $0.text == "writer \(writer) post \(index)" })
            }
        }
        let accounts = try directory.read(DataFiles.accounts, as: AccountsDocument.self)?.accounts ?? []
        #expect(accounts.count == 4)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }
}
