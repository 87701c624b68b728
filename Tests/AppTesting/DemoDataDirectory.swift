package import DataTesting
import Foundation

extension TemporaryDataDirectory {
    /// A new data directory in which the demo account is logged in (see ``putDemoLoggedIn()``).
    @MainActor
    package static func demoLoggedIn() async throws -> TemporaryDataDirectory {
        let directory = try TemporaryDataDirectory()
        try await directory.putDemoLoggedIn()
        return directory
    }

    /// Makes this new, empty directory one in which the demo account is logged in: what
    /// ``run(_:arguments:environment:interactive:)`` with ``AppHarness/demoLogin`` leaves in a new directory, copied
    /// byte for byte, with the same permissions, from the one directory the test process logs in once.
    ///
    /// For a test that starts logged in and is about what follows: a log-in checks the password against its slow
    /// hash, tens of milliseconds of CPU each time, and a new database is made and filled each time too. Logging in
    /// itself is held by the tests that do it. Throws when that one log-in fails.
    @MainActor
    package func putDemoLoggedIn() async throws {
        for (name, file) in try await DemoLoggedInFiles.shared.files() {
            guard
                FileManager.default.createFile(
                    atPath: self.file(name), contents: file.bytes, attributes: [.posixPermissions: file.permissions])
            else { throw HarnessError(description: "cannot write \(self.file(name))") }
        }
    }
}

/// The files of a data directory in which the demo account logged in, made once for the test process.
@MainActor
private final class DemoLoggedInFiles {
    static let shared = DemoLoggedInFiles()

    /// One file: its bytes and its permissions.
    struct File {
        let bytes: Data
        let permissions: Int
    }

    /// The log-in, started by the first test that asks; every later one waits for the same.
    private var making: Task<[String: File], any Error>?

    /// The files, logging the demo account in on a new directory the first time.
    func files() async throws -> [String: File] {
        if let making { return try await making.value }
        let task = Task { try await Self.make() }
        making = task
        return try await task.value
    }

    private static func make() async throws -> [String: File] {
        let template = try TemporaryDataDirectory()
        let run = await template.run(AppHarness.demoLogin)
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
