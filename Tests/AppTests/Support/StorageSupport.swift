import Foundation

@testable import App

extension TemporaryDataDirectory {
    /// The database file's path.
    var databasePath: String { file(Database.fileName) }

    /// The database of this directory, opened as the app opens it: created, migrated and seeded when needed (at
    /// the tests' fixed time).
    func database() throws -> Database {
        let now = try Date(AppHarness.now, strategy: .iso8601)
        return try Database.open(
            in: DataDirectory.open(path: path), now: now, timestamp: "test", movesDamagedFilesAside: false
        ).database
    }

    /// Runs `sql` on the database file directly, as another program would, and returns the first column of each
    /// row as text.
    @discardableResult
    func sql(_ sql: String) throws -> [String] {
        let connection = try SQLiteConnection(path: databasePath)
        if !sql.uppercased().hasPrefix("SELECT") && !sql.uppercased().hasPrefix("PRAGMA") {
            try connection.execute(sql)
            return []
        }
        return try connection.query(sql) { $0.text(0) }
    }

    /// The single integer `sql` returns.
    func count(_ sql: String) throws -> Int {
        Int(try self.sql(sql).first ?? "") ?? -1
    }
}
