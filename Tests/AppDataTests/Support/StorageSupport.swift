import AppTesting
import Foundation

@testable import AppData

extension TemporaryDataDirectory {
    /// The database of this directory, opened as the app opens it: created, migrated and seeded when needed (at
    /// the tests' fixed time).
    func database() throws -> Database {
        let now = try Date(AppHarness.now, strategy: .iso8601)
        return try Database.open(
            in: DataDirectory.open(path: path), now: now, timestamp: "test", movesDamagedFilesAside: false
        ).database
    }
}
