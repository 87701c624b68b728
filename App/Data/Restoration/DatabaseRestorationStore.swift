import Core
import FoundationEssentials

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
            try database.write(savesPlaceOnly: true) { connection throws(SQLiteError) in
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

    /// `state` as the JSON record the app writes: sorted keys, slashes as they are; the same text `JSONEncoder`
    /// writes with `.sortedKeys` and `.withoutEscapingSlashes`, written directly, since a record is saved after
    /// almost every command and the encoder cost most of the command loop's time.
    ///
    /// - Throws: ``RestorationStoreError/unwritable(_:)`` when it cannot be encoded.
    static func encode(_ state: RestorationState) throws(RestorationStoreError) -> String {
        var text = ""
        text.reserveCapacity(256)
        append(state, to: &text)
        return text
    }

    /// Appends `state` as one JSON object, its keys in order: children, kind, values, version.
    private static func append(_ state: RestorationState, to text: inout String) {
        text += "{\"children\":["
        for (index, child) in state.children.enumerated() {
            if index > 0 { text += "," }
            append(child, to: &text)
        }
        text += "],\"kind\":"
        appendString(state.kind, to: &text)
        text += ",\"values\":{"
        for (index, key) in state.values.keys.sorted().enumerated() {
            if index > 0 { text += "," }
            appendString(key, to: &text)
            text += ":"
            appendString(state.values[key] ?? "", to: &text)
        }
        text += "},\"version\":" + String(state.version) + "}"
    }

    /// Appends `string` as a JSON string: quotes and backslashes escaped, control characters as JSON writes them.
    private static func appendString(_ string: String, to text: inout String) {
        text += "\""
        guard string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            text += string
            text += "\""
            return
        }
        var plainStart = string.unicodeScalars.startIndex
        var index = plainStart
        let scalars = string.unicodeScalars
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let escaped: String? =
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                case "\u{08}": "\\b"
                case "\u{0C}": "\\f"
                case "\u{00}"..."\u{1F}": "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                default: nil
                }
            if let escaped {
                text.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
                text += escaped
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        text.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        text += "\""
    }

    /// The state the JSON `record` holds.
    ///
    /// - Throws: when `record` is not a record this app writes.
    static func decode(_ record: String) throws -> RestorationState {
        try JSONDecoder().decode(RestorationState.self, from: Data(record.utf8))
    }
}
