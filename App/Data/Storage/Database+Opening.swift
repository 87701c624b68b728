import FoundationEssentials
import Glibc
import InputRules

/// Opening the database: creating, checking, migrating and seeding it, and moving a damaged one aside.
extension Database {
    /// What opening found and did besides opening.
    struct Opening: Sendable {
        /// The open database.
        let database: Database
        /// Damaged files renamed aside (`--move-aside-corrupt-data`).
        let movedAsidePaths: [String]
        /// JSON files of an earlier release, imported and renamed aside.
        let importedPaths: [String]
        /// How many pages the database has.
        let pageCount: Int
        /// Whether this open created the database with the demo account (``DemoContent``).
        var seededDemoAccount = false
    }

    /// Opens the database of `directory`, creating it when missing, checks it (``DataCheck``) and brings its schema
    /// up to date.
    ///
    /// A new database imports the JSON files of an earlier release when there are any (then renames them to
    /// `<name>.imported-<timestamp>`), and otherwise starts with ``DemoContent``. All of that is one transaction,
    /// so two processes starting at once on a new directory create, import or seed it exactly once. Once the
    /// database holds data, a marker beside it (``markerName``) tells a later start that a missing or empty
    /// database is lost data (``DataError/lost(path:problem:)``), not a first run.
    ///
    /// - Parameters:
    ///   - timestamp: names what is renamed aside.
    ///   - movesDamagedFilesAside: check every page and index entry, and rename a damaged database with its files
    ///     (``moveAsideFiles(in:timestamp:)``), or a damaged JSON file, to `<name>.corrupt-<timestamp>` and start
    ///     without it, instead of stopping.
    ///   - checksEveryPage: check every page and index entry whatever the database's size (`--check-data`).
    ///   - hash: hashes the demo password (``DemoContent/hash(_:cost:)`` at the standard cost; replaceable to test its failure).
    /// - Throws: ``DataError``; ``PasswordHasher/Failure`` when the demo password cannot be hashed (nothing is
    ///   written then).
    static func open(
        in directory: DataDirectory,
        now: Date,
        timestamp: String,
        movesDamagedFilesAside: Bool,
        checksEveryPage: Bool = false,
        hash: (String) throws(PasswordHasher.Failure) -> String = { password throws(PasswordHasher.Failure) in
            try DemoContent.hash(password)
        }
    ) throws -> Opening {
        let extent: DataCheck.Extent = movesDamagedFilesAside || checksEveryPage ? .everyPageAndIndex : .atOpen
        do {
            return try openMigrated(
                in: directory, now: now, timestamp: timestamp, movesDamagedFilesAside: movesDamagedFilesAside,
                extent: extent, hash: hash)
        } catch let error as DataError
            where movesDamagedFilesAside && error.canBeMovedAside && error.path == directory.filePath(fileName)
        {
            let moved = try moveAsideFiles(in: directory, timestamp: timestamp)
            // What remains beside the new database (the command history) no longer says anything was lost.
            let opening = try openMigrated(
                in: directory, now: now, timestamp: timestamp, movesDamagedFilesAside: true, extent: extent,
                looksForLostData: false, hash: hash)
            return Opening(
                database: opening.database, movedAsidePaths: moved + opening.movedAsidePaths,
                importedPaths: opening.importedPaths, pageCount: opening.pageCount,
                seededDemoAccount: opening.seededDemoAccount)
        }
    }

    /// Whether the folder at `folderPath` (or the folder a link there leads to) holds none of the app's files (a
    /// database, its log, its marker, the command history), or is not there at all: a first run, with nothing to
    /// check yet. Something else at that path (a file, a link that leads nowhere, a path through a file) is no
    /// first run: opening it says what is wrong.
    static func isAbsent(inFolder folderPath: String) -> Bool {
        var status = stat()
        if stat(folderPath, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { return false }
        } else if errno == ENOTDIR || lstat(folderPath, &status) == 0 {
            return false
        }
        let folder = folderPath.hasSuffix("/") ? folderPath : folderPath + "/"
        return DataFolderCheck.appFileNames.allSatisfy { DataFolderCheck.fileSize(folder + $0) == nil }
    }

    /// The marker kept beside a database that holds data: its presence means a missing or empty database was lost.
    static let markerName = fileName + ".marker"

    /// Renames the database and every file that holds something of it (its log, unless empty, and its marker) to
    /// `<name>.corrupt-<timestamp>`, and returns their new paths: the one move-aside of the database.
    ///
    /// The shared memory (`-shm`) and an empty log hold no data: SQLite builds the shared memory again from the log,
    /// and an empty log holds no change. A start that found the database damaged leaves both behind (its connection
    /// closes without touching the log), so they are removed rather than kept and reported as damaged files.
    static func moveAsideFiles(in directory: DataDirectory, timestamp: String) throws(DataError) -> [String] {
        let logPath = directory.filePath(fileName + "-wal")
        if DataFolderCheck.fileSize(logPath) == 0 { unlink(logPath) }
        unlink(directory.filePath(fileName + "-shm"))
        var moved: [String] = []
        for name in [fileName, fileName + "-wal", markerName] {
            if let target = try directory.moveAside(name, suffix: "corrupt-\(timestamp)") { moved.append(target) }
        }
        return moved
    }

    private static func openMigrated(
        in directory: DataDirectory,
        now: Date,
        timestamp: String,
        movesDamagedFilesAside: Bool,
        extent: DataCheck.Extent,
        looksForLostData: Bool = true,
        hash: (String) throws(PasswordHasher.Failure) -> String
    ) throws -> Opening {
        let path = directory.filePath(fileName)
        let markerPath = directory.filePath(markerName)
        let size = try checkIsFile(path)
        if looksForLostData { try DataFolderCheck.checkNotLost(path, size: size, filePath: directory.filePath) }
        let (connection, version, pages) = try openChecked(path, markerPath: markerPath, extent: extent)
        var moved: [String] = []
        var imported: [String] = []
        var seededDemoAccount = false
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
                    if current == 0 { try fill(connection, with: legacy, demoHash: demoHash, now: now) }
                    // A step that applied to a file missing part of its schema must not be kept.
                    try DataCheck.checkSchema(connection)
                    return current == 0
                }
            } catch {
                // The change was rolled back; closing must not copy the log into a file found wanting either.
                connection.keepLogOnClose()
                // A step of the schema that cannot be applied to a file claiming the version before it means the
                // file is not what its version says: damaged, never merely unwritable.
                guard error.isSchemaMismatch else { throw error.dataError(path: path) }
                throw DataError.corrupt(
                    path: path, problem: "its schema cannot be brought up to date: \(error.message)")
            }
            seededDemoAccount = didCreate && legacy.accounts == nil
            if didCreate && !legacy.isEmpty {
                imported = try DataFiles.keepAside(directory, timestamp: timestamp)
            }
        }
        try keepMarker(at: markerPath, now: now)
        return Opening(
            database: Database(
                connection: connection, checksEveryIndexEntryBeforeWriting: !pages.checkedEveryIndexEntry),
            movedAsidePaths: moved, importedPaths: imported, pageCount: pages.pages,
            seededDemoAccount: seededDemoAccount)
    }

    /// Refuses what is not a regular file (or a link to one) where the database belongs, before SQLite opens it: a
    /// FIFO would block the reader, a folder or a link to nothing cannot be opened, and none of them is damage that
    /// renaming aside would repair. Returns the file's size, or `nil` when there is none.
    private static func checkIsFile(_ path: String) throws(DataError) -> Int? {
        var link = stat()
        guard lstat(path, &link) == 0 else { return nil }
        var target = stat()
        guard stat(path, &target) == 0 else {
            throw DataError.notAFile(path: path, problem: "it is a symbolic link to a file that does not exist")
        }
        let kind: String
        switch target.st_mode & S_IFMT {
        case S_IFREG: return Int(target.st_size)
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a FIFO"
        case S_IFSOCK: kind = "a socket"
        default: kind = "a device"
        }
        let isLink = link.st_mode & S_IFMT == S_IFLNK
        throw DataError.notAFile(path: path, problem: isLink ? "it is a symbolic link to \(kind)" : "it is \(kind)")
    }

    /// Writes the marker that says this folder's database holds data, once; a marker that cannot be written only
    /// weakens the later check, so it does not stop the app.
    private static func keepMarker(at markerPath: String, now: Date) throws(DataError) {
        guard access(markerPath, F_OK) != 0 else { return }
        let text = """
            The database app.sqlite beside this file holds the app's data (since \(now.formatted(.iso8601))).
            While this file is here, a missing or empty app.sqlite is reported as lost data instead of being
            replaced by a new database.

            """
        let descriptor = Glibc.open(markerPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count - 1) }
        close(descriptor)
    }

    /// Opens `path`, checks it is a database this release can read, checks `extent` of its pages and its schema,
    /// and turns on WAL; returns its schema version, its page count and whether every page and index entry was
    /// checked. Nothing is written before every check passed.
    private static func openChecked(
        _ path: String, markerPath: String, extent: DataCheck.Extent
    ) throws(DataError) -> (SQLiteConnection, Int, (pages: Int, checkedEveryIndexEntry: Bool)) {
        let isNew = !FileManager.default.fileExists(atPath: path)
        var opened: SQLiteConnection?
        do {
            let connection = try SQLiteConnection(path: path)
            opened = connection
            // Reading the version is the first read of the file: a file that is not a database fails here, before
            // anything is written to it.
            var version = try connection.pragmaInteger("user_version")
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
            if version == 0, access(markerPath, F_OK) == 0 {
                // The marker is written after the first commit: read again, in case another process just made it.
                version = try connection.pragmaInteger("user_version")
                if version == 0 { throw DataError.lost(path: path, problem: "is empty") }
            }
            try connection.execute("PRAGMA mmap_size = \(mappedBytes); PRAGMA cache_size = -\(cacheKibibytes)")
            // A database about to be migrated is written at once: every page and index entry is checked first,
            // whatever its size. A new one holds nothing to check.
            let pages =
                version == 0
                ? (0, true)
                : try DataCheck.checkPages(connection, extent: version < Schema.version ? .everyPageAndIndex : extent)
            if version == Schema.version { try DataCheck.checkSchema(connection) }
            try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
            // The database holds password hashes: only its owner reads it (its log and shared memory, which SQLite
            // creates later, take the same permissions).
            if isNew { chmod(path, 0o600) }
            return (connection, version, pages)
        } catch {
            // Whatever was found, closing must not copy the log into the file.
            opened?.keepLogOnClose()
            switch error {
            case let error as SQLiteError: throw error.dataError(path: path)
            case let error as DataError: throw error
            default: throw .unreadable(path: path, problem: "it cannot be opened")
            }
        }
    }

    /// Fills a new database: the JSON files' accounts, session and posts where there are files, the demo account
    /// and posts where there are none. Every author and liker without an account gets one nobody can log in to
    /// (see ``PostStore/insert(_:into:)``): the demo posts' Ada, Grace and Linus, too.
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
                    .text(EmailAddress.normalized(account.email)), .text(account.displayName),
                    .text(account.passwordHash), .real(account.createdAt.timeIntervalSince1970),
                ])
        }
        if let session = legacy.session {
            try connection.run(
                "INSERT INTO session (singleton, email, created_at) VALUES (1, ?1, ?2)",
                [.text(EmailAddress.normalized(session.email)), .real(session.createdAt.timeIntervalSince1970)])
        }
        let posts =
            legacy.posts.map { document in
                document.posts.map { post in
                    NewPost(
                        id: PostID.number(post.id), authorEmail: post.authorEmail, authorName: post.authorName,
                        createdAt: post.createdAt, text: post.text, likedBy: post.likedBy)
                }
            } ?? DemoContent.posts(now: now)
        try PostStore.insert(posts, into: connection)
    }
}
