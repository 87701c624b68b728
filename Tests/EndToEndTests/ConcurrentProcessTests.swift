import AppTesting
import Foundation
import Testing

@Suite("App processes sharing one data directory: at once, and killed while writing")
struct ConcurrentProcessTests {
    static let postsPerProcess = 60
    static let likesPerProcess = 60
    static let killRounds = 5

    @Test("Two processes each signing up, posting 60 times and liking 60 posts at once lose and repeat nothing")
    func twoProcessesLoseNothing() async throws {
        let app = try AppHarness.builtApp()
        let data = try TemporaryDataDirectory()
        // The posts both will like, ids 5 to 64 after the four demo posts, added to the database a first run made.
        #expect(await data.run("state\n").status == 0)
        _ = try data.sql(
            """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < \(Self.likesPerProcess))
            INSERT INTO posts (author_email, author_name, created_at, text)
            SELECT 'seed@example.com', 'Seed', CAST(strftime('%s', 'now') AS REAL), 'liked ' || i FROM n
            """)
        let writers = ["ann", "bob"]
        var scripts: [String] = []
        for writer in writers {
            // The session is the data directory's: a process that starts after the other signed up starts logged
            // in as the other (on its tour, or in Main), skips the tour and logs out from Profile first; one that
            // starts logged out fails those first lines and goes on.
            var lines = [
                "skip", "tab profile", "logout", "signup", "set email \(writer)@example.com", "next",
                "set password \(writer)-password", "set confirmation \(writer)-password", "next",
                "set displayName \(writer.capitalized)", "create", "skip",
            ]
            for index in 0..<Self.postsPerProcess {
                lines += ["compose", "set text \(writer) post \(index)", "post"]
                lines += ["open app://feed/post/\(5 + index % Self.likesPerProcess)", "like", "back"]
            }
            let script = data.path + "/\(writer).script"
            try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
            scripts.append(script)
        }

        let path = data.path
        // Each starts at the first screen, not where the other one is: this is about the data.
        async let first = Self.run(
            app, arguments: ["--data-dir", path, "--script", scripts[0], "--keep-going", "--no-restore"])
        async let second = Self.run(
            app, arguments: ["--data-dir", path, "--script", scripts[1], "--keep-going", "--no-restore"])
        let results = try await [first, second]
        for result in results {
            let failedLines = result.error.split(separator: "\n").map { $0.prefix { $0 != ":" } }
            #expect(
                failedLines.allSatisfy { ["line 1", "line 2", "line 3"].contains($0) }, "\(result.error)")
        }

        #expect(
            try data.sql("SELECT email FROM accounts WHERE password_hash != '' ORDER BY email")
                == ["ann@example.com", "bob@example.com", "demo@example.com"])
        #expect(
            try data.sql("SELECT email FROM accounts WHERE password_hash = '' ORDER BY email")
                == ["ada@example.com", "grace@example.com", "linus@example.com", "seed@example.com"],
            "the authors without a sign-up have accounts nobody logs in to")
        for writer in writers {
            let texts = Set(try data.sql("SELECT text FROM posts WHERE author_email = '\(writer)@example.com'"))
            #expect(texts.count == Self.postsPerProcess, "\(writer) lost or repeated posts")
            #expect(texts == Set((0..<Self.postsPerProcess).map { "\(writer) post \($0)" }))
            #expect(
                try data.count("SELECT count(*) FROM likes WHERE email = '\(writer)@example.com'")
                    == Self.likesPerProcess)
        }
        #expect(try data.count("SELECT count(*) FROM posts") == 4 + Self.likesPerProcess + 2 * Self.postsPerProcess)
        #expect(try data.sql("SELECT DISTINCT like_count FROM posts WHERE author_email = 'seed@example.com'") == ["2"])
    }

    @Test("An app killed with SIGKILL while posting never loses a committed post nor leaves a damaged database")
    func killedWhileWriting() async throws {
        let app = try AppHarness.builtApp()
        let data = try TemporaryDataDirectory()
        #expect(await data.run("state\n").status == 0, "a first run makes the database")
        var committed = 0
        for round in 0..<Self.killRounds {
            let script = data.path + "/round\(round).script"
            // Far more posts than it can write before the kill, even when the test resumes late on a busy machine.
            let posts = (0..<5_000).map { "compose\nset text r\(round) p\($0)\npost\n" }
            let lines = AppHarness.demoLogin + posts.joined()
            try lines.write(toFile: script, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: app)
            process.arguments = ["--data-dir", data.path, "--script", script, "--keep-going", "--no-restore"]
            process.environment = ["APP_NOW": AppHarness.now, "HOME": "/nonexistent-home-for-tests"]
            process.standardOutput = FileHandle.nullDevice
            let errorPath = data.path + "/round\(round).stderr"
            _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
            try process.run()
            // Kill it while it writes: once its first post is stored, after a random moment more. (It may start
            // logged in, from the round before: --keep-going passes over the log-in lines then.)
            let started = Date()
            while try data.count("SELECT count(*) FROM posts WHERE text LIKE 'r\(round) %'") == 0,
                Date().timeIntervalSince(started) < 10
            {
                try await Task.sleep(for: .milliseconds(5))
            }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...60)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(
                process.terminationReason == .uncaughtSignal,
                "killed, not finished: \(process.terminationStatus) \((try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")"
            )

            #expect(try data.sql("PRAGMA integrity_check") == ["ok"])
            let all = try data.count("SELECT count(*) FROM posts WHERE text LIKE 'r%'")
            #expect(all > committed, "a committed post was lost, or this round stored none")
            // Posts commit in order: the ones of this round are exactly its first n, without a gap.
            let texts = Set(try data.sql("SELECT text FROM posts WHERE text LIKE 'r\(round) %'"))
            #expect(texts == Set((0..<texts.count).map { "r\(round) p\($0)" }))
            committed = all
        }
        #expect(try data.sql("PRAGMA integrity_check") == ["ok"])
    }

    /// What one process did.
    struct ProcessResult: Sendable {
        let status: Int32
        let error: String
    }

    /// Runs the `app` executable with a fixed clock and returns its exit status and error output.
    static func run(_ executable: String, arguments: [String]) async throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["APP_NOW": AppHarness.now, "HOME": "/nonexistent-home-for-tests"]
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("app-stderr-\(UUID())")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
            throw SetupFailure(description: "cannot create \(errorFile.path)")
        }
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let status = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return ProcessResult(status: status, error: try String(contentsOf: errorFile, encoding: .utf8))
    }

    struct SetupFailure: Error, CustomStringConvertible {
        let description: String
    }
}
