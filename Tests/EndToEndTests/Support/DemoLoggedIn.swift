import AppTesting
import Foundation

extension TemporaryDataDirectory {
    /// A new data directory in which the demo account is logged in (see ``putDemoLoggedIn()``).
    static func demoLoggedIn() async throws -> TemporaryDataDirectory {
        let directory = try TemporaryDataDirectory()
        try await directory.putDemoLoggedIn()
        return directory
    }

    /// Makes this new, empty directory one in which the demo account is logged in: what the built app leaves in a
    /// new directory after ``AppHarness/demoLogin``, copied byte for byte, with the same permissions, from the one
    /// directory the test process logs in once.
    ///
    /// For a test that starts logged in and is about what follows: a log-in checks the password against its slow
    /// hash, tens of milliseconds of CPU each time, and a new database is made and filled each time too. Logging in
    /// itself is held by the tests that do it. Throws when that one log-in fails.
    ///
    /// Off the main actor, as the one log-in is (by the built app, in a process of its own): the main actor runs
    /// every in-process app of the test process, one after another, and a terminal test that waited its turn there
    /// for its data would start only once most of them had run.
    func putDemoLoggedIn() async throws {
        for (name, file) in try await DemoLoggedInFiles.made.value {
            guard
                FileManager.default.createFile(
                    atPath: self.file(name), contents: file.bytes, attributes: [.posixPermissions: file.permissions])
            else { throw HarnessError(description: "cannot write \(self.file(name))") }
        }
    }

    /// How long ``runBuiltApp(_:)`` lets the app run before it ends it.
    static let builtAppTimeout = 60.0

    /// Runs the built app on this directory with `script` as its input, in a process of its own, with the
    /// environment an in-process run has (``AppHarness/now``, no home); its exit status and what it wrote to its
    /// error output. Holds no thread while the app runs.
    func runBuiltApp(_ script: String) async throws -> (status: Int32, error: String) {
        let errorFile = try TemporaryDataDirectory()
        let errorPath = errorFile.file("error")
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try AppHarness.builtApp())
        process.arguments = ["--data-dir", path]
        process.environment = ["APP_NOW": AppHarness.now, "HOME": "/nonexistent-home-for-tests"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        // A script is far smaller than a pipe holds: written and closed before the app starts, it is the whole
        // input, ended, and the app ending early leaves nothing to write into a pipe nobody reads.
        try input.fileHandleForWriting.write(contentsOf: Data(script.utf8))
        try input.fileHandleForWriting.close()
        let status = try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { ended.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                return ended.resume(throwing: error)
            }
            // An app that never ends fails the test that waits for it instead of holding the test run up.
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.builtAppTimeout) {
                if process.isRunning { process.terminate() }
            }
        }
        return (status, (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }
}

/// The files of a data directory in which the demo account logged in, made once for the test process, by the
/// first test that asks; every later one waits for the same.
private enum DemoLoggedInFiles {
    /// One file: its bytes and its permissions.
    struct File {
        let bytes: Data
        let permissions: Int
    }

    static let made = Task { try await make() }

    private static func make() async throws -> [String: File] {
        let template = try TemporaryDataDirectory()
        let run = try await template.runBuiltApp(AppHarness.demoLogin)
        guard run.status == 0, run.error.isEmpty else {
            throw HarnessError(description: "the demo account did not log in: \(run.error)")
        }
        var files: [String: File] = [:]
        for (name, bytes) in try template.allFiles() {
            let attributes = try FileManager.default.attributesOfItem(atPath: template.file(name))
            let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o600
            files[name] = File(bytes: bytes, permissions: permissions)
        }
        return files
    }
}
