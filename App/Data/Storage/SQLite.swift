import CSQLite
import Glibc

/// A failed SQLite call: its result code and SQLite's own message.
struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_NOTADB` …).
    let code: Int32
    /// SQLite's explanation.
    let message: String
    /// The schema version found, when the failure is that a newer release changed the database meanwhile.
    var newerVersion: Int?
    /// Whether the failure is that the database's path no longer names the file the connection opened.
    var isReplacedWhileOpen = false

    var description: String { message }

    /// The failure of a change to a database that a newer release migrated to `version` meanwhile.
    static func newer(version: Int) -> SQLiteError {
        SQLiteError(
            code: SQLITE_ERROR, message: "a newer version of the app changed the database", newerVersion: version)
    }

    /// The failure of a change to a database whose file was removed or replaced while the connection had it open.
    static let replacedWhileOpen = SQLiteError(
        code: SQLITE_ERROR, message: "the database file was removed or replaced", isReplacedWhileOpen: true)

    /// Whether the file is not a database, or a damaged one: it must not be written, only moved aside.
    var meansDamagedFile: Bool { code == SQLITE_NOTADB || code == SQLITE_CORRUPT }

    /// A failure that means the file is damaged, for `message`.
    static func damaged(_ message: String) -> SQLiteError {
        SQLiteError(code: SQLITE_CORRUPT, message: message)
    }

    /// Whether SQL was refused by the schema (no such table, a column that exists already): on a file whose
    /// version says the schema is there, the file is not what it claims.
    var isSchemaMismatch: Bool { code == SQLITE_ERROR && newerVersion == nil && !isReplacedWhileOpen }

    /// Whether a `UNIQUE` or `PRIMARY KEY` constraint refused the change.
    var isUniqueViolation: Bool { code == SQLITE_CONSTRAINT }

    /// The ``DataError`` a store reports for this failure on the database at `path`: a damaged file is corrupt
    /// (the app stops, nothing is written), anything else fails the one change that met it.
    func dataError(path: String) -> DataError {
        if let newerVersion { return .newerVersion(path: path, version: newerVersion, supported: Schema.version) }
        if isReplacedWhileOpen { return .replacedWhileOpen(path: path) }
        if meansDamagedFile { return .corrupt(path: path, problem: message) }
        if code == SQLITE_CANTOPEN || code == SQLITE_PERM { return .unreadable(path: path, problem: message) }
        return .unwritable(path: path, problem: message)
    }
}

/// One open SQLite connection and its prepared statements, reused for the connection's life.
///
/// Not thread-safe on its own: ``Database`` owns it behind a lock. Every change runs in one `BEGIN IMMEDIATE`
/// transaction (``transaction(_:)``): it takes the write lock at its start, so two processes never both read and
/// then both try to write, and the busy timeout makes the second one wait for the first instead of failing.
final class SQLiteConnection {
    /// The database file's path.
    let path: String
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (creating if missing) the database at `path`, waiting up to `busyTimeoutMilliseconds` for another
    /// connection's lock. Reads nothing yet: a file that is not a database is found by the first statement.
    init(path: String, busyTimeoutMilliseconds: Int32 = 10_000) throws(SQLiteError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(handle)
            throw SQLiteError(code: status, message: message)
        }
        sqlite3_extended_result_codes(handle, 0)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        self.path = path
        self.handle = handle
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Makes closing this connection leave the database file and its write-ahead log as they are (no checkpoint):
    /// for a connection that found the database damaged.
    func keepLogOnClose() {
        csqlite_keep_log_on_close(handle)
    }

    /// Runs `sql`, one or more statements without parameters or results (schema changes, pragmas).
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_free(message)
            throw SQLiteError(code: status, message: text)
        }
    }

    /// Runs `sql` with `parameters` bound to `?1`, `?2` … and returns its rows, each read by `row`.
    func query<Row>(
        _ sql: String, _ parameters: [SQLiteValue] = [], row: (SQLiteRow) -> Row
    ) throws(SQLiteError) -> [Row] {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(parameters, to: statement)
        var rows: [Row] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw error(status) }
            rows.append(row(SQLiteRow(statement: statement)))
        }
    }

    /// Runs `sql` with `parameters` for its effect and returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ parameters: [SQLiteValue] = []) throws(SQLiteError) -> Int {
        _ = try query(sql, parameters) { _ in () }
        return Int(sqlite3_changes(handle))
    }

    /// The id SQLite gave the row inserted last on this connection.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` in one `BEGIN IMMEDIATE … COMMIT` transaction, rolled back if it throws: all of it is stored
    /// or none of it, even when the process is killed half-way.
    ///
    /// `BEGIN` and `COMMIT` run as prepared statements kept with the others, so a transaction does not parse them
    /// again: the saved place is written in one after almost every command.
    func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try run("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The integer a `PRAGMA name` returns, such as `user_version`.
    func pragmaInteger(_ name: String) throws(SQLiteError) -> Int {
        try query("PRAGMA \(name)") { $0.integer(0) }.first.map(Int.init) ?? 0
    }

    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status) }
        statements[sql] = statement
        return statement
    }

    private func bind(_ parameters: [SQLiteValue], to statement: OpaquePointer) throws(SQLiteError) {
        for (offset, value) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
            case .real(let number): status = sqlite3_bind_double(statement, index, number)
            case .text(let text): status = sqlite3_bind_text(statement, index, text, -1, sqliteTransient)
            case .null: status = sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else { throw error(status) }
        }
    }

    private func error(_ status: Int32) -> SQLiteError {
        SQLiteError(code: status & 0xFF, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A value bound to a statement's parameter.
enum SQLiteValue: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

/// The current row of a running statement; valid only inside the `row` closure of
/// ``SQLiteConnection/query(_:_:row:)``.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    /// Column `index` as an integer (0 for NULL).
    func integer(_ index: Int32) -> Int64 { sqlite3_column_int64(statement, index) }

    /// Column `index` as a floating-point number (0 for NULL).
    func real(_ index: Int32) -> Double { sqlite3_column_double(statement, index) }

    /// Column `index` as text (empty for NULL).
    func text(_ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies bound text before the call returns (the C macro does not import).
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A mutual-exclusion lock around one connection: a `pthread_mutex_t` at an address that does not move, as POSIX
/// asks of a mutex. Not `Synchronization.Mutex`, whose `withLock` hands its result back as `sending`, which a
/// generic result read from the connection cannot be; a default mutex's `pthread_mutex_init` does not fail on Linux.
final class ConnectionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }
}
