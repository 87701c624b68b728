import Glibc

/// The app's data: one SQLite database, `app.sqlite` in the data directory, holding accounts, the session, posts
/// and likes. Safe to use from any thread (one connection behind a lock) and from several processes at once
/// (SQLite's locks, with a busy timeout).
///
/// - The journal is a write-ahead log (WAL): readers never wait for the writer, and a process killed at any
///   moment leaves every committed change and a database that opens. `synchronous = NORMAL` keeps that promise
///   for a killed process; only a power cut may lose the last commits, never the database.
/// - Every change is one `BEGIN IMMEDIATE` transaction (``write(_:)``), so a change is stored whole or not at all
///   and two processes never lose each other's work.
/// - The schema is versioned in `PRAGMA user_version` and brought up to date by ``Schema/migrations`` at open. A
///   database written by a newer release, or a file that is not a database, is refused
///   (``DataError/newerVersion(path:version:supported:)``, ``DataError/corrupt(path:problem:)``) and left untouched.
///
/// `@unchecked Sendable`: the connection is used only inside ``read(_:)`` and ``write(_:)``, which hold `lock`.
final class Database: @unchecked Sendable {
    /// The database's file name in the data directory.
    static let fileName = "app.sqlite"
    /// How much of the file SQLite reads through a memory map instead of a system call per page: a page of an
    /// index read at a million posts then costs a memory access.
    static let mappedBytes = 1 << 30
    /// The page cache, in KiB.
    static let cacheKibibytes = 16 * 1024

    /// The database file's path.
    let path: String
    private let connection: SQLiteConnection
    private let lock = ConnectionLock()

    /// A database over `connection`, opened and checked by ``open(in:now:timestamp:movesDamagedFilesAside:checksEveryPage:hash:)``.
    init(connection: SQLiteConnection, checksEveryIndexEntryBeforeWriting: Bool) {
        path = connection.path
        self.connection = connection
        needsFullCheck = checksEveryIndexEntryBeforeWriting
        opened = Self.identity(ofFileAt: connection.path)
    }

    /// Which file a path names: its device and inode, or `nil` when nothing is there.
    private struct FileIdentity: Equatable {
        let device: UInt
        let inode: UInt
    }

    /// The file at `path` now.
    private static func identity(ofFileAt path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt(status.st_dev), inode: UInt(status.st_ino))
    }

    /// The file the connection opened: a change is written only while the path still names it.
    private let opened: FileIdentity?

    /// Runs `body` on the connection: one or more reads (each statement sees a consistent snapshot).
    func read<Result>(
        _ body: (SQLiteConnection) throws(SQLiteError) -> Result
    ) throws(DataError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(connection)
        } catch {
            noteDamage(error)
            throw error.dataError(path: path)
        }
    }

    /// Runs `body` in one write transaction: all of its changes are stored, or none. A database a newer release
    /// migrated while this one ran is not written: the change fails with
    /// ``SQLiteError/newer(version:)``. Once SQLite has reported damage on this connection, nothing is written
    /// again: every later change fails as damaged, before it starts.
    ///
    /// - Parameter savesPlaceOnly: the write changes the saved place alone (the `restoration` row), which no figure
    ///   kept under a ``ChangeStamp`` reads, so it leaves the stamp as it was.
    @discardableResult
    func write<Result>(
        savesPlaceOnly: Bool = false, _ body: (SQLiteConnection) throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        if let damage { throw damage }
        // SQLite writes to the file it opened, even once it is deleted or renamed: a change would then be lost
        // without a word. One `stat` tells.
        guard opened == nil || Self.identity(ofFileAt: path) == opened else {
            let gone = SQLiteError.replacedWhileOpen
            damage = gone
            connection.keepLogOnClose()
            throw gone
        }
        do {
            if needsFullCheck {
                try DataCheck.checkPages(connection, extent: .everyPageAndIndex)
                needsFullCheck = false
            }
            let result = try connection.transaction { () throws(SQLiteError) -> Result in
                let version = try connection.pragmaInteger("user_version")
                guard version <= Schema.version else {
                    throw SQLiteError.newer(version: version)
                }
                return try body(connection)
            }
            if !savesPlaceOnly { committedWrites += 1 }
            return result
        } catch {
            noteDamage(error)
            throw error
        }
    }

    /// What has been committed to the database so far, as two counters that only grow: the writes of this
    /// connection (but those of the saved place alone), and SQLite's `data_version`, which moves whenever another connection (another process) commits.
    /// Two equal stamps mean nothing changed in between, so a figure read from the data under the first still holds.
    struct ChangeStamp: Equatable, Sendable {
        let ownWrites: Int
        let othersVersion: Int
    }

    /// The current ``ChangeStamp``: one `PRAGMA data_version`, far cheaper than most reads it lets the caller skip.
    func changeStamp() throws(DataError) -> ChangeStamp {
        lock.lock()
        defer { lock.unlock() }
        do {
            return ChangeStamp(ownWrites: committedWrites, othersVersion: try connection.pragmaInteger("data_version"))
        } catch {
            noteDamage(error)
            throw error.dataError(path: path)
        }
    }

    /// The write transactions this connection committed, but those of the saved place alone; written and read under
    /// `lock`.
    private var committedWrites = 0

    /// Whether every page and every index entry must be checked before the first write (the check at open left
    /// the index entries, and above ``DataCheck/everyPageLimit`` the posts' pages, unchecked; see ``DataCheck``);
    /// written and read under `lock`.
    private var needsFullCheck: Bool

    /// The first damage SQLite reported on the connection; written and read under `lock`.
    private var damage: SQLiteError?

    /// Remembers `error` when it says the file is damaged, so nothing is written into it afterwards.
    private func noteDamage(_ error: SQLiteError) {
        guard error.meansDamagedFile, damage == nil else { return }
        damage = error
        connection.keepLogOnClose()
    }
}
