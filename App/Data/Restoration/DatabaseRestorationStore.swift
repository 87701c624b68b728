import Core
import Foundation

/// Keeps the record of where the person is in the app's database: one row of the `restoration` table, the root's
/// ``RestorationState`` as JSON, replaced in one transaction by every save (so a killed process leaves the record
/// of the last command it finished), read once at start.
@MainActor
final class DatabaseRestorationStore: RestorationStore {
    /// The largest record read; a bigger one is treated as damaged rather than decoded.
    static let maximumSize = 1 << 20

    private let database: Database
    private let health: DataHealth

    /// Creates the store of `database`; a damaged database met while reading or writing the record goes to
    /// `health`, which stops the app as any store does.
    init(database: Database, health: DataHealth) {
        self.database = database
        self.health = health
    }

    /// Reports a damaged database to `health` (the app then stops before writing anything more into it).
    private func noteDamage(_ error: DataError) {
        health.record(error)
    }

    func load() throws(RestorationStoreError) -> RestorationState? {
        let records: [String]
        do {
            records = try database.read { connection throws(SQLiteError) in
                try connection.query("SELECT record FROM restoration WHERE singleton = 1") { $0.text(0) }
            }
        } catch {
            noteDamage(error)
            throw .unreadable(error.description)
        }
        guard let record = records.first else { return nil }
        guard record.utf8.count <= Self.maximumSize else {
            throw .corrupt("it is larger than \(Self.maximumSize) bytes")
        }
        do {
            return try Self.decode(record)
        } catch {
            throw .corrupt("it is not a record this app writes")
        }
    }

    func save(_ state: RestorationState) throws(RestorationStoreError) {
        let record = try Self.encode(state)
        do {
            try database.write { connection throws(SQLiteError) in
                try connection.run(
                    """
                    INSERT INTO restoration (singleton, record) VALUES (1, ?1)
                    ON CONFLICT (singleton) DO UPDATE SET record = excluded.record
                    """,
                    [.text(record)])
            }
        } catch {
            noteDamage(error.dataError(path: database.path))
            throw .unwritable(error.description)
        }
    }

    /// `state` as the JSON record the app writes: sorted keys, slashes as they are.
    ///
    /// - Throws: ``RestorationStoreError/unwritable(_:)`` when it cannot be encoded.
    static func encode(_ state: RestorationState) throws(RestorationStoreError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(state), as: UTF8.self)
        } catch {
            throw .unwritable("it cannot be encoded")
        }
    }

    /// The state the JSON `record` holds.
    ///
    /// - Throws: when `record` is not a record this app writes.
    static func decode(_ record: String) throws -> RestorationState {
        try JSONDecoder().decode(RestorationState.self, from: Data(record.utf8))
    }
}
