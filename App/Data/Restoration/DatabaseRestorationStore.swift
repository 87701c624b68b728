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
    /// writes with `.sortedKeys` and `.withoutEscapingSlashes`, written directly as UTF-8 bytes, since a record is
    /// saved after almost every command and the encoder, then appending to a `String`, cost most of the command
    /// loop's time.
    ///
    /// - Throws: ``RestorationStoreError/unwritable(_:)`` when it cannot be encoded.
    static func encode(_ state: RestorationState) throws(RestorationStoreError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        append(state, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `state` as one JSON object, its keys in order: children, kind, values, version.
    private static func append(_ state: RestorationState, to bytes: inout [UInt8]) {
        bytes += #"{"children":["#.utf8
        for (index, child) in state.children.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(child, to: &bytes)
        }
        bytes += #"],"kind":"#.utf8
        appendString(state.kind, to: &bytes)
        bytes += #","values":{"#.utf8
        for (index, key) in state.values.keys.sorted().enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendString(state.values[key] ?? "", to: &bytes)
        }
        bytes += #"},"version":"#.utf8
        bytes += String(state.version).utf8
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `string` as a JSON string: quotes and backslashes escaped, control characters as JSON writes them,
    /// every other character as its UTF-8 bytes.
    private static func appendString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += #"\""#.utf8
            case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
            case UInt8(ascii: "\n"): bytes += #"\n"#.utf8
            case UInt8(ascii: "\r"): bytes += #"\r"#.utf8
            case UInt8(ascii: "\t"): bytes += #"\t"#.utf8
            case 0x08: bytes += #"\b"#.utf8
            case 0x0C: bytes += #"\f"#.utf8
            case 0x00..<0x20:
                bytes += #"\u00"#.utf8
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The lowercase hexadecimal digits, as `JSONEncoder` writes a control character's code.
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The state the JSON `record` holds.
    ///
    /// - Throws: when `record` is not a record this app writes.
    static func decode(_ record: String) throws -> RestorationState {
        try JSONDecoder().decode(RestorationState.self, from: Data(record.utf8))
    }
}
