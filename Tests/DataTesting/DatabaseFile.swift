import CSQLite
import Foundation

extension TemporaryDataDirectory {
    /// The database file's path (the name the app gives it).
    package var databasePath: String { file("app.sqlite") }

    /// Runs `sql` on the database file directly, as another program would (through the system's SQLite, not the
    /// app's code; creating the file when missing), and returns the first column of each row as text (`NULL` as an empty string).
    @discardableResult
    package func sql(_ sql: String) throws -> [String] {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(databasePath, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK
        else {
            throw HarnessError(description: "cannot open \(databasePath): " + message(of: connection))
        }
        sqlite3_busy_timeout(connection, 5_000)
        var rows: [String] = []
        var remaining = sql
        while !remaining.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            var statement: OpaquePointer?
            var tail = ""
            let prepared = remaining.withCString { text -> Int32 in
                var end: UnsafePointer<CChar>?
                let status = sqlite3_prepare_v2(connection, text, -1, &statement, &end)
                tail = end.map { String(cString: $0) } ?? ""
                return status
            }
            guard prepared == SQLITE_OK else {
                throw HarnessError(description: "cannot prepare \(sql): " + message(of: connection))
            }
            defer { sqlite3_finalize(statement) }
            while true {
                let step = sqlite3_step(statement)
                if step == SQLITE_DONE { break }
                guard step == SQLITE_ROW else {
                    throw HarnessError(description: "cannot run \(sql): " + message(of: connection))
                }
                rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
            }
            remaining = tail
        }
        return rows
    }

    /// Takes post `id`'s entry out of the index `posts_by_author`, leaving the post in its table and every page
    /// well formed, as a byte lost at the end of the file can: the index is declared partial for a moment
    /// (`PRAGMA writable_schema`), rebuilt without the post, and declared whole again, and the log is copied into
    /// the file. SQLite's `quick_check` finds nothing wrong then; its `integrity_check` finds the entry missing.
    package func removeIndexEntry(ofPost id: Int) throws {
        guard let whole = try sql("SELECT sql FROM sqlite_schema WHERE name = 'posts_by_author'").first else {
            throw HarnessError(description: "\(databasePath) has no index posts_by_author")
        }
        func declare(_ definition: String) throws {
            try sql(
                "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = '\(definition)' WHERE name = 'posts_by_author'"
            )
        }
        try declare(whole + " WHERE id <> \(id)")
        try sql("REINDEX posts_by_author")
        try declare(whole)
        try sql("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// The single integer `sql` returns, or -1 when it returns none.
    package func count(_ sql: String) throws -> Int {
        Int(try self.sql(sql).first ?? "") ?? -1
    }

    private func message(of connection: OpaquePointer?) -> String {
        connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "out of memory"
    }
}

/// What went wrong setting up a test: the database file read or written directly, the app executable.
package struct HarnessError: Error, CustomStringConvertible {
    /// What failed, with SQLite's message.
    package let description: String

    package init(description: String) {
        self.description = description
    }
}
