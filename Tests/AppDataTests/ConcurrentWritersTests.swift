import DataTesting
import ExecutableTesting
import Foundation
import Testing

/// Processes writing to one data folder through the data room (the `DataWriter` executable, which writes as the app
/// does for a person): two at once lose and repeat nothing, and one killed while it writes never loses a committed
/// post nor damages the database.
@Suite("Processes sharing one data folder: at once, and killed while writing")
struct ConcurrentWritersTests {
    static let postsPerProcess = 60
    static let likesPerProcess = 60
    static let killRounds = 5

    @Test("Two processes each signing up, posting 60 times and liking 60 posts at once lose and repeat nothing")
    func twoProcessesLoseNothing() async throws {
        let writer = try BuiltExecutable.path("DataWriter")
        let data = try TemporaryDataDirectory()
        try await Self.makeDatabase(in: data)
        // The posts both will like, ids 5 to 64 after the four demo posts.
        _ = try data.sql(
            """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < \(Self.likesPerProcess))
            INSERT INTO posts (author_email, author_name, created_at, text)
            SELECT 'seed@example.com', 'Seed', CAST(strftime('%s', 'now') AS REAL), 'liked ' || i FROM n
            """)
        let writers = ["ann", "bob"]
        async let first = Self.run(
            writer,
            arguments: [
                data.path, "ann@example.com", "Ann", "ann post", "\(Self.postsPerProcess)", "5",
                "\(Self.likesPerProcess)",
            ])
        async let second = Self.run(
            writer,
            arguments: [
                data.path, "bob@example.com", "Bob", "bob post", "\(Self.postsPerProcess)", "5",
                "\(Self.likesPerProcess)",
            ])
        for result in try await [first, second] {
            #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
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

    @Test("A process killed with SIGKILL while posting never loses a committed post nor leaves a damaged database")
    func killedWhileWriting() async throws {
        let writer = try BuiltExecutable.path("DataWriter")
        let data = try TemporaryDataDirectory()
        try await Self.makeDatabase(in: data)
        var committed = 0
        for round in 0..<Self.killRounds {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: writer)
            // Far more posts than it can write before the kill, even when the test resumes late on a busy machine.
            process.arguments = [data.path, "demo@example.com", "Demo", "r\(round) p", "1000000"]
            process.standardOutput = FileHandle.nullDevice
            let errorPath = data.path + "/round\(round).stderr"
            _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
            try process.run()
            // Kill it while it writes: once its first post is stored, after a random moment more.
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
            #expect(texts == Set((0..<texts.count).map { "r\(round) p \($0)" }))
            committed = all
        }
        #expect(try data.sql("PRAGMA integrity_check") == ["ok"])
    }

    /// What one process did.
    /// Makes and seeds the database of `data` as the app's first run does, and closes it, on the main actor, where
    /// the data lives; the test itself stays off it, so a busy main actor never delays a kill.
    @MainActor
    private static func makeDatabase(in data: TemporaryDataDirectory) throws {
        _ = try data.store()
    }

    struct ProcessResult: Sendable {
        let status: Int32
        let error: String
    }

    /// Runs the `app` executable with a fixed clock and returns its exit status and error output.
    static func run(_ executable: String, arguments: [String]) async throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errorFile = ScratchSpace.directory.appendingPathComponent("app-stderr-\(UUID())")
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
