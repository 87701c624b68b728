import Foundation
import Glibc
import Synchronization

/// The folder that keeps accounts, the session and posts as JSON files, and the rules for touching it.
///
/// Writes are atomic: a temporary file in the same folder is written, flushed to disk and renamed over the old
/// one, so a reader sees the old file or the new one, never half of one. Every change runs under an exclusive
/// `flock` on `<folder>/.lock` and re-reads the files inside it (see ``withExclusiveLock(_:)``), so two app
/// processes sharing a folder never lose each other's accounts or posts.
///
/// A file that exists but cannot be decoded is never overwritten: reading it throws ``DataError/corrupt(path:problem:)``.
final class DataDirectory: Sendable {
    /// The folder's path.
    let path: String

    private static let temporaryFileCounter = TemporaryFileCounter()

    private init(path: String) {
        self.path = path
    }

    /// Opens the folder at `path`, creating it (and its parents) if needed, and checks that files can be created in
    /// it.
    ///
    /// - Throws: ``DataError/unwritable(path:problem:)`` naming the folder when it cannot be created, is not a
    ///   folder, or is read-only.
    static func open(path: String) throws(DataError) -> DataDirectory {
        try createFolders(path)
        let directory = DataDirectory(path: path)
        // Create and remove a file, as every atomic write will: the only reliable test of a writable folder.
        let probePath = directory.filePath(".probe-\(getpid())-\(temporaryFileCounter.next())")
        let descriptor = Glibc.open(probePath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .unwritable(path: path, problem: "the folder is not writable (\(Self.systemError()))")
        }
        close(descriptor)
        unlink(probePath)
        return directory
    }

    /// Creates `path` and its missing parents (like `mkdir -p`), with the system's reason when it cannot.
    private static func createFolders(_ path: String) throws(DataError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw .unwritable(path: path, problem: "the folder cannot be created (\(systemError()))")
            }
            prefix += "/"
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .unwritable(path: path, problem: "the folder cannot be created (\(systemError()))")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .unwritable(path: path, problem: "it is not a folder") }
    }

    /// The path of the file `name` inside the folder.
    func filePath(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    // MARK: - Locking

    /// Runs `body` while holding the exclusive lock on `<folder>/.lock`, which every process sharing the folder
    /// takes before it changes anything. Read the files again inside `body`: what was read before may be stale.
    ///
    /// Do not nest calls: the lock is per open file, so a nested call would wait for itself.
    func withExclusiveLock<Result>(_ body: () throws(DataError) -> Result) throws(DataError) -> Result {
        let lockPath = filePath(".lock")
        let descriptor = Glibc.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: lockPath, problem: Self.systemError()) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .unwritable(path: lockPath, problem: Self.systemError()) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    // MARK: - Reading

    /// Reads and decodes the file `name`, or returns `nil` when it does not exist.
    ///
    /// - Throws: ``DataError/unreadable(path:problem:)`` when it exists but cannot be read,
    ///   ``DataError/corrupt(path:problem:)`` when its content is not what the app writes.
    func read<Document: Decodable>(_ name: String, as type: Document.Type) throws(DataError) -> Document? {
        let filePath = filePath(name)
        guard let bytes = try readBytes(at: filePath) else { return nil }
        guard !bytes.isEmpty else { throw .corrupt(path: filePath, problem: "the file is empty") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(Document.self, from: bytes)
        } catch let error as DecodingError {
            throw .corrupt(path: filePath, problem: Self.problem(of: error))
        } catch {
            throw .corrupt(path: filePath, problem: "it cannot be decoded")
        }
    }

    private func readBytes(at filePath: String) throws(DataError) -> Data? {
        let descriptor = Glibc.open(filePath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .unreadable(path: filePath, problem: Self.systemError())
        }
        defer { close(descriptor) }
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: filePath, problem: Self.systemError())
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }

    // MARK: - Writing

    /// Replaces the file `name` with `document`, atomically (write a temporary file, flush it, rename it).
    ///
    /// - Throws: ``DataError/unwritable(path:problem:)``; the old file is then untouched.
    func write<Document: Encodable>(_ document: Document, to name: String) throws(DataError) {
        let filePath = filePath(name)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let bytes: Data
        do {
            bytes = try encoder.encode(document)
        } catch {
            throw .unwritable(path: filePath, problem: "the content cannot be encoded")
        }
        let temporaryPath = self.filePath(
            ".\(name).\(getpid()).\(Self.temporaryFileCounter.next()).tmp")
        let descriptor = Glibc.open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path: filePath, problem: Self.systemError()) }
        var succeeded = false
        defer {
            if !succeeded { unlink(temporaryPath) }
        }
        do throws(DataError) {
            try Self.writeAll(bytes + Data("\n".utf8), to: descriptor, path: filePath)
            guard fsync(descriptor) == 0 else { throw .unwritable(path: filePath, problem: Self.systemError()) }
        } catch {
            close(descriptor)
            throw error
        }
        close(descriptor)
        guard rename(temporaryPath, filePath) == 0 else {
            throw .unwritable(path: filePath, problem: Self.systemError())
        }
        succeeded = true
        syncFolder()
    }

    /// Deletes the file `name`; a missing file is fine.
    ///
    /// - Throws: ``DataError/unwritable(path:problem:)``.
    func remove(_ name: String) throws(DataError) {
        let filePath = filePath(name)
        guard unlink(filePath) == 0 || errno == ENOENT else {
            throw .unwritable(path: filePath, problem: Self.systemError())
        }
        syncFolder()
    }

    /// Renames the file `name` to `<name>.corrupt-<timestamp>` (adding `-2`, `-3` … if that name is taken) and
    /// returns the new path.
    func moveAside(_ name: String, timestamp: String) throws(DataError) -> String {
        let filePath = filePath(name)
        var attempt = 1
        while true {
            let suffix = attempt == 1 ? "" : "-\(attempt)"
            let target = "\(filePath).corrupt-\(timestamp)\(suffix)"
            if !FileManager.default.fileExists(atPath: target) {
                guard rename(filePath, target) == 0 else {
                    throw .unwritable(path: filePath, problem: Self.systemError())
                }
                syncFolder()
                return target
            }
            attempt += 1
        }
    }

    private static func writeAll(_ bytes: Data, to descriptor: Int32, path: String) throws(DataError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .unwritable(path: path, problem: systemError())
            }
            offset += written
        }
    }

    /// Flushes the folder itself so a rename survives a crash.
    private func syncFolder() {
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    // MARK: - Messages

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }

    private static func problem(of error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it is not valid JSON"
        case .dataCorrupted(let context):
            return "unexpected value at \(keyPath(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "missing \(keyPath(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(keyPath(context.codingPath))"
        @unknown default:
            return "it cannot be decoded"
        }
    }

    private static func keyPath(_ path: [any CodingKey]) -> String {
        let text = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
    }
}

/// Hands out distinct numbers for temporary file names within one process.
private final class TemporaryFileCounter: Sendable {
    private let value = Mutex(0)

    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
