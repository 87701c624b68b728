import Foundation
import Testing

@testable import App

@Suite("Two app processes writing one data directory at once")
struct ConcurrentProcessTests {
    static let postsPerProcess = 40

    @Test("Two processes each signing up and posting 40 times at once lose no account and no post")
    func twoProcessesLoseNothing() async throws {
        let app = try Self.builtApp()
        let data = try TemporaryDataDirectory()
        let writers = ["ann", "bob"]
        var scripts: [String] = []
        for writer in writers {
            var lines = [
                "signup", "set email \(writer)@example.com", "next", "set password \(writer)-password",
                "set confirmation \(writer)-password", "next", "set displayName \(writer.capitalized)", "create",
            ]
            for index in 0..<Self.postsPerProcess {
                lines += ["compose", "set text \(writer) post \(index)", "post"]
            }
            let script = data.path + "/\(writer).script"
            try (lines.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
            scripts.append(script)
        }

        // Both start on an empty directory, so they also race to seed it.
        let path = data.path
        // Each starts at the first screen, not where the other one is.
        async let first = Self.run(app, arguments: ["--data-dir", path, "--script", scripts[0], "--no-restore"])
        async let second = Self.run(app, arguments: ["--data-dir", path, "--script", scripts[1], "--no-restore"])
        let results = try await [first, second]
        for result in results {
            #expect(result.status == 0, "\(result.error)")
        }

        let directory = try DataDirectory.open(path: data.path)
        let accounts = try directory.read(DataFiles.accounts, as: AccountsDocument.self)?.accounts ?? []
        #expect(accounts.map(\.email).sorted() == ["ann@example.com", "bob@example.com", "demo@example.com"])
        let posts = try PostStore(directory: directory).latest()
        #expect(posts.count == DemoContent.posts(now: Date()).count + writers.count * Self.postsPerProcess)
        #expect(Set(posts.map(\.id)).count == posts.count, "two posts share an id")
        for writer in writers {
            let texts = Set(posts.filter { $0.authorEmail == "\(writer)@example.com" }.map(\.text))
            #expect(texts == Set((0..<Self.postsPerProcess).map { "\(writer) post \($0)" }), "\(writer) lost posts")
        }
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

    /// The `app` executable `swift build --build-tests` put beside this test bundle.
    static func builtApp() throws -> String {
        let testExecutable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var folder = URL(fileURLWithPath: testExecutable).deletingLastPathComponent()
        // On Linux the test bundle is an executable in the build folder; elsewhere the executable is inside it.
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        let app = folder.appendingPathComponent("app").path
        guard FileManager.default.isExecutableFile(atPath: app) else {
            throw SetupFailure(
                description: "no app executable at \(app): build it with `swift build --build-tests`")
        }
        return app
    }

    struct SetupFailure: Error, CustomStringConvertible {
        let description: String
    }
}
