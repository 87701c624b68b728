import AppTesting
import Foundation
import Testing

/// The commands the README and the guides give a person work as written.
@Suite("The documented commands work as written")
struct DocumentedCommandsTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Runs the built app with `arguments` in the repository's folder, as `swift run app` does.
    private static func runApp(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try AppHarness.builtApp())
        process.arguments = arguments
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["APP_NOW"] = AppHarness.now
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("The README's example script runs to its end, and shows the actions docs/features.md names")
    func exampleScript() async throws {
        let readme = try Self.text("README.md")
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("swift run app --script ") })
        let arguments = line.split(separator: "#").first!.split(separator: " ").dropFirst(3).map(String.init)
        let script = try #require(arguments.dropFirst().first)
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(script).path))
        #expect(arguments.contains("--data-dir"), "a new data directory, which holds the demo account")

        let data = try TemporaryDataDirectory()
        let run = try Self.runApp(["--script", script, "--data-dir", data.path])
        #expect(run.status == 0, "\(run.output)")
        // The tour likes a post: its action is then `unlike`, as the features' table says.
        #expect(run.output.contains("Unlike (unlike)"), "\(run.output)")
        let postRow = try #require(
            try Self.text("docs/features.md").split(separator: "\n").first { $0.hasPrefix("| `feed.post` |") })
        #expect(postRow.contains("`like` (titled Like)") && postRow.contains("`unlike` (titled Unlike)"))
    }

    @Test("A command to type is spelled `swift run app …`: `app` alone is on nobody's PATH")
    func commandsUseSwiftRun() async throws {
        for path in ["README.md", "docs/app.md", "docs/performance.md", "docs/features.md", "docs/new-feature.md"] {
            let text = try Self.text(path)
            for line in text.split(separator: "\n") {
                #expect(!line.contains("`app --"), "\(path): \(line)")
                #expect(!line.hasPrefix("app --"), "\(path): \(line)")
            }
        }
    }

    @Test("CI runs the README's lint command exactly")
    func lintInCI() async throws {
        let readme = try Self.text("README.md")
        let command = "swift format lint --strict -r Modules App Tools Tests"
        #expect(readme.contains("`\(command)`"))
        #expect(try Self.text(".ci/run").split(separator: "\n").contains { $0.contains("if ! \(command); then") })
    }
}
