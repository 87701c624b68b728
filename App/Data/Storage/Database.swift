import Foundation

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
    private let lock = NSLock()

    private init(connection: SQLiteConnection) {
        path = connection.path
        self.connection = connection
    }

    /// Runs `body` on the connection: one or more reads (each statement sees a consistent snapshot).
    func read<Result>(
        _ body: (SQLiteConnection) throws(SQLiteError) -> Result
    ) throws(DataError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(connection)
        } catch {
            throw error.dataError(path: path)
        }
    }

    /// Runs `body` in one write transaction: all of its changes are stored, or none. A database a newer release
    /// migrated while this one ran is not written: the change fails with
    /// ``SQLiteError/newer(version:)``.
    @discardableResult
    func write<Result>(
        _ body: (SQLiteConnection) throws(SQLiteError) -> Result
    ) throws(SQLiteError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try connection.transaction { () throws(SQLiteError) -> Result in
            let version = try connection.pragmaInteger("user_version")
            guard version <= Schema.version else {
                throw SQLiteError.newer(version: version)
            }
            return try body(connection)
        }
    }

    // MARK: - Opening

    /// What opening found and did besides opening.
    struct Opening: Sendable {
        /// The open database.
        let database: Database
        /// Damaged files renamed aside (`--move-aside-corrupt-data`).
        let movedAsidePaths: [String]
        /// JSON files of an earlier release, imported and renamed aside.
        let importedPaths: [String]
    }

    /// Opens the database of `directory`, creating it when missing, and brings its schema up to date.
    ///
    /// A new database imports the JSON files of an earlier release when there are any (then renames them to
    /// `<name>.imported-<timestamp>`), and otherwise starts with ``DemoContent``. All of that is one transaction,
    /// so two processes starting at once on a new directory create, import or seed it exactly once.
    ///
    /// - Parameters:
    ///   - timestamp: names what is renamed aside.
    ///   - movesDamagedFilesAside: rename a damaged database, or a damaged JSON file, to
    ///     `<name>.corrupt-<timestamp>` and start without it, instead of stopping.
    ///   - hash: hashes the demo password (``PasswordHasher/hash(_:)``; replaceable to test its failure).
    /// - Throws: ``DataError``; ``PasswordHasher/Failure`` when the demo password cannot be hashed (nothing is
    ///   written then).
    static func open(
        in directory: DataDirectory,
        now: Date,
        timestamp: String,
        movesDamagedFilesAside: Bool,
        hash: (String) throws(PasswordHasher.Failure) -> String = PasswordHasher.hash
    ) throws -> Opening {
        do {
            return try openMigrated(
                in: directory, now: now, timestamp: timestamp, movesDamagedFilesAside: movesDamagedFilesAside,
                hash: hash)
        } catch DataError.corrupt(let path, _) where movesDamagedFilesAside && path == directory.filePath(fileName) {
            // The file opened but its schema proved damaged while migrating: move it aside as a damaged file that
            // does not open, then start again without it.
            var moved: [String] = []
            for name in [fileName, fileName + "-wal", fileName + "-shm"] {
                if let target = try directory.moveAside(name, suffix: "corrupt-\(timestamp)") { moved.append(target) }
            }
            let opening = try openMigrated(
                in: directory, now: now, timestamp: timestamp, movesDamagedFilesAside: true, hash: hash)
            return Opening(
                database: opening.database, movedAsidePaths: moved + opening.movedAsidePaths,
                importedPaths: opening.importedPaths)
        }
    }

    private static func openMigrated(
        in directory: DataDirectory,
        now: Date,
        timestamp: String,
        movesDamagedFilesAside: Bool,
        hash: (String) throws(PasswordHasher.Failure) -> String
    ) throws -> Opening {
        let path = directory.filePath(fileName)
        var moved: [String] = []
        let opened = try openChecked(path, movingAsideTo: movesDamagedFilesAside ? timestamp : nil, in: directory)
        let connection = opened.connection
        let version = opened.version
        moved += opened.movedPaths
        var imported: [String] = []
        if version < Schema.version {
            // Only a new database imports: once one exists, JSON files beside it are not read again.
            let (legacy, movedJSON) =
                version == 0
                ? try DataFiles.read(directory, movingAsideWith: movesDamagedFilesAside ? timestamp : nil)
                : (DataFiles.Contents(), [])
            moved += movedJSON
            let demoHash = version == 0 && legacy.accounts == nil ? try hash(DemoContent.password) : nil
            let didCreate: Bool
            do {
                didCreate = try connection.transaction { () throws(SQLiteError) -> Bool in
                    // Another process may have migrated meanwhile: read the version again under the write lock.
                    let current = try connection.pragmaInteger("user_version")
                    try Schema.migrate(connection, from: current)
                    guard current == 0 else { return false }
                    try fill(connection, with: legacy, demoHash: demoHash, now: now)
                    return true
                }
            } catch {
                // A step of the schema that cannot be applied to a file claiming the version before it means the
                // file is not what its version says: damaged, never merely unwritable.
                guard error.isSchemaMismatch else { throw error.dataError(path: path) }
                throw DataError.corrupt(
                    path: path, problem: "its schema cannot be brought up to date: \(error.message)")
            }
            if didCreate && !legacy.isEmpty {
                imported = try DataFiles.keepAside(directory, timestamp: timestamp)
            }
        }
        return Opening(database: Database(connection: connection), movedAsidePaths: moved, importedPaths: imported)
    }

    /// Opens `path` with ``openChecked(_:)``; when it is damaged and `timestamp` is given, renames it aside with
    /// its log and shared-memory files (they belong to it) and opens a new one.
    private static func openChecked(
        _ path: String, movingAsideTo timestamp: String?, in directory: DataDirectory
    ) throws(DataError) -> (connection: SQLiteConnection, version: Int, movedPaths: [String]) {
        do {
            let (connection, version) = try openChecked(path)
            return (connection, version, [])
        } catch {
            guard error.canBeMovedAside, let timestamp else { throw error }
            var moved: [String] = []
            for name in [fileName, fileName + "-wal", fileName + "-shm"] {
                if let target = try directory.moveAside(name, suffix: "corrupt-\(timestamp)") { moved.append(target) }
            }
            let (connection, version) = try openChecked(path)
            return (connection, version, moved)
        }
    }

    /// Opens `path`, checks it is a database this release can read and turns on WAL; returns its schema version.
    private static func openChecked(_ path: String) throws(DataError) -> (SQLiteConnection, Int) {
        let isNew = !FileManager.default.fileExists(atPath: path)
        do {
            let connection = try SQLiteConnection(path: path)
            // Reading the version is the first read of the file: a file that is not a database fails here, before
            // anything is written to it.
            let version = try connection.pragmaInteger("user_version")
            guard version >= 0 else {
                throw DataError.corrupt(path: path, problem: "its schema version \(version) is not one this app writes")
            }
            guard version <= Schema.version else {
                throw DataError.newerVersion(path: path, version: version, supported: Schema.version)
            }
            // Version 0 with tables is a database another program wrote: never write into it.
            if version == 0, try connection.query("SELECT count(*) FROM sqlite_master", row: { $0.integer(0) }) != [0] {
                throw DataError.corrupt(path: path, problem: "it is a database, but not one this app wrote")
            }
            try connection.execute(
                """
                PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;
                PRAGMA mmap_size = \(mappedBytes); PRAGMA cache_size = -\(cacheKibibytes)
                """)
            // The database holds password hashes: only its owner reads it (its log and shared memory, which SQLite
            // creates later, take the same permissions).
            if isNew { chmod(path, 0o600) }
            return (connection, version)
        } catch let error as SQLiteError {
            throw error.dataError(path: path)
        } catch let error as DataError {
            throw error
        } catch {
            throw .unreadable(path: path, problem: String(describing: error))
        }
    }

    /// Fills a new database: the JSON files' accounts, session and posts where there are files, the demo account
    /// and posts where there are none.
    private static func fill(
        _ connection: SQLiteConnection, with legacy: DataFiles.Contents, demoHash: String?, now: Date
    ) throws(SQLiteError) {
        var accounts = legacy.accounts?.accounts ?? []
        if legacy.accounts == nil, let demoHash {
            accounts = [
                AccountRecord(
                    email: DemoContent.email, displayName: DemoContent.displayName, passwordHash: demoHash,
                    createdAt: now)
            ]
        }
        for account in accounts {
            try connection.run(
                """
                INSERT OR IGNORE INTO accounts (email, display_name, password_hash, created_at) VALUES (?1, ?2, ?3, ?4)
                """,
                [
                    .text(account.email), .text(account.displayName), .text(account.passwordHash),
                    .real(account.createdAt.timeIntervalSince1970),
                ])
        }
        if let session = legacy.session {
            try connection.run(
                "INSERT INTO session (singleton, email, created_at) VALUES (1, ?1, ?2)",
                [.text(session.email), .real(session.createdAt.timeIntervalSince1970)])
        }
        let posts =
            legacy.posts.map { document in
                document.posts.map { post in
                    NewPost(
                        id: Int64(post.id), authorEmail: post.authorEmail, authorName: post.authorName,
                        createdAt: post.createdAt, text: post.text, likedBy: post.likedBy)
                }
            } ?? DemoContent.posts(now: now)
        try PostStore.insert(posts, into: connection)
    }
}
