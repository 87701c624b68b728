import Glibc

/// What the app checks of its data folder before it writes there: that the folder and its files are the app's own,
/// and that a database which is missing, emptied or cut short is reported as lost data rather than replaced.
///
/// The folder holds password hashes and the person's commands. Another user who owns it, or who may write to it,
/// could put links in it that send what the app writes into a file of their choosing, as ssh and git's
/// `safe.directory` refuse for the same reason; a link among the app's own files does the same.
enum DataFolderCheck {
    /// The name of the command history the full screen keeps in the folder.
    static let historyName = "command-history"

    /// The names of every file the app keeps in the folder: the database, its log and shared memory, its marker
    /// and the command history.
    static let appFileNames = [
        Database.fileName, Database.fileName + "-wal", Database.fileName + "-shm", Database.markerName, historyName,
    ]

    /// The files beside the database that only exist once it held data: with any of them there, a missing or
    /// empty database is lost data, even in a folder from before the marker.
    static let evidenceNames = [
        Database.markerName, Database.fileName + "-wal", Database.fileName + "-shm", historyName,
    ]

    // MARK: - The folder is the app's own

    /// Refuses the folder at `path` (followed through links) when another user owns it or when group or others
    /// may write to it, and any of ``appFileNames`` in it that is a symbolic link.
    ///
    /// - Throws: ``DataError/unsafe(path:problem:)`` naming the folder or the file and saying why.
    static func checkOwnership(ofFolder path: String, filePath: (String) -> String) throws(DataError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        if status.st_uid != geteuid() {
            throw .unsafe(
                path: path,
                problem: "the data folder belongs to another user (uid \(status.st_uid)), who could replace its files")
        }
        let mode = status.st_mode & 0o7777
        if mode & 0o022 != 0 {
            let who = mode & 0o002 != 0 ? "every user" : "its group"
            throw .unsafe(
                path: path,
                problem: "\(who) may write to the data folder (mode \(octal(mode))), and could replace its files")
        }
        for name in appFileNames {
            let file = filePath(name)
            var link = stat()
            guard lstat(file, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { continue }
            throw .unsafe(
                path: file,
                problem: "it is a symbolic link\(linkTarget(file).map { " to \($0)" } ?? ""); the app writes only "
                    + "its own files, never through a link")
        }
    }

    // MARK: - Lost data

    /// Refuses a database at `path` that is missing or empty while one of ``evidenceNames`` shows it held data, or
    /// that is cut short while its write-ahead log holds changes: SQLite would otherwise start a new database and
    /// delete the log, with the committed changes in it.
    ///
    /// - Parameter size: the database's size in bytes, or `nil` when it is missing.
    /// - Throws: ``DataError/lost(path:problem:)``.
    static func checkNotLost(_ path: String, size: Int?, filePath: (String) -> String) throws(DataError) {
        let logPath = filePath(Database.fileName + "-wal")
        let logSize = fileSize(logPath) ?? 0
        let keptLog = "while its write-ahead log \(logPath) still holds \(logSize) bytes of changes (left as it is)"
        guard let size, size > 0 else {
            let state = size == nil ? "is missing" : "is empty"
            if logSize > 0 { throw .lost(path: path, problem: "\(state) \(keptLog)") }
            if evidenceNames.contains(where: { fileSize(filePath($0)) != nil }) {
                throw .lost(path: path, problem: state)
            }
            return
        }
        if logSize > 0, isCutShort(path, size: size) {
            throw .lost(path: path, problem: "is cut short (\(size) bytes) \(keptLog)")
        }
    }

    /// Whether the database file at `path`, `size` bytes long, ends before its header says it does: shorter than
    /// its header, or not a whole number of its pages, or fewer pages than it counts.
    private static func isCutShort(_ path: String, size: Int) -> Bool {
        let magic = Array("SQLite format 3\0".utf8)
        let header = readPrefix(path, count: 100)
        if header.count < 100 { return magic.starts(with: header) || header.starts(with: magic) }
        guard header.starts(with: magic) else { return false }
        let rawPageSize = Int(header[16]) << 8 | Int(header[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return false }
        if size % pageSize != 0 { return true }
        func integer(at offset: Int) -> Int { header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        // The page count is valid only when the version it was written at matches the change counter.
        let counted = integer(at: 92) == integer(at: 24) ? integer(at: 28) : 0
        return size < counted * pageSize
    }

    // MARK: - Files

    /// The size of what is at `path` without following a link, or `nil` when nothing is there.
    static func fileSize(_ path: String) -> Int? {
        var status = stat()
        return lstat(path, &status) == 0 ? Int(status.st_size) : nil
    }

    private static func readPrefix(_ path: String, count: Int) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + filled }, count - filled)
            }
            if result > 0 {
                filled += result
            } else if result < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        return Array(bytes[..<filled])
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
