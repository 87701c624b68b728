import FoundationEssentials
import Glibc

/// The data directory: the folder holding the database (``Database``), and the JSON files of earlier releases
/// until they are imported.
///
/// It creates the folder, checks that files can be created in it, reads the earlier releases' JSON files for the
/// import (``read(_:as:)``) and renames a file aside (``moveAside(_:suffix:)``); it never overwrites a file.
final class DataDirectory: Sendable {
    /// The folder's path.
    let path: String

    private init(path: String) {
        self.path = path
    }

    /// Opens the folder at `path`, creating it (and its parents) if needed, checks that it is the app's own
    /// (``DataFolderCheck/checkOwnership(ofFolder:filePath:)``) unless `allowsUnsafe`, and that files can be
    /// created in it.
    ///
    /// - Throws: ``DataError/unwritable(path:problem:)`` naming the folder when it cannot be created, is not a
    ///   folder, or is read-only; ``DataError/unsafe(path:problem:)`` before anything is written when it or one of
    ///   the app's files in it is not the app's own.
    static func open(path: String, allowsUnsafe: Bool = false) throws(DataError) -> DataDirectory {
        try createFolders(path)
        let directory = DataDirectory(path: path)
        if !allowsUnsafe { try DataFolderCheck.checkOwnership(ofFolder: path, filePath: directory.filePath) }
        // Create and remove a file, as every atomic write will: the only reliable test of a writable folder.
        let probePath = directory.filePath(".probe-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
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

    // MARK: - Reading

    /// Reads and decodes the file `name`, or returns `nil` when it does not exist.
    ///
    /// - Throws: ``DataError/unreadable(path:problem:)`` when it exists but cannot be read,
    ///   ``DataError/newerVersion(path:version:supported:)`` when its `version` is greater than ``DataFiles/formatVersion``
    ///   (checked first, since a newer format may not decode at all), ``DataError/corrupt(path:problem:)`` when its
    ///   content is not what the app writes.
    func read<Document: Decodable>(_ name: String, as type: Document.Type) throws(DataError) -> Document? {
        let filePath = filePath(name)
        guard let bytes = try readBytes(at: filePath) else { return nil }
        guard !bytes.isEmpty else { throw .corrupt(path: filePath, problem: "the file is empty") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        if let version = (try? decoder.decode(FormatVersion.self, from: bytes))?.version,
            version > DataFiles.formatVersion
        {
            throw .newerVersion(path: filePath, version: version, supported: DataFiles.formatVersion)
        }
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

    // MARK: - Moving aside

    /// Renames the file `name` to `<name>.<suffix>` (adding `-2`, `-3` … if that name is taken) and returns the
    /// new path; `nil` when there is no such file.
    @discardableResult
    func moveAside(_ name: String, suffix: String) throws(DataError) -> String? {
        let filePath = filePath(name)
        guard Self.exists(filePath) else { return nil }
        var attempt = 1
        while true {
            let counter = attempt == 1 ? "" : "-\(attempt)"
            let target = "\(filePath).\(suffix)\(counter)"
            if !Self.exists(target) {
                guard rename(filePath, target) == 0 else {
                    throw .unwritable(path: filePath, problem: Self.systemError())
                }
                syncFolder()
                return target
            }
            attempt += 1
        }
    }

    /// Whether anything is at `path`, a symbolic link to nothing included (which `fileExists` does not see).
    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
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

/// The `version` of a data file, read on its own before the whole document.
private struct FormatVersion: Decodable {
    let version: Int?
}
