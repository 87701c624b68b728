import Core
import Foundation
import Glibc

/// Keeps the record of where the person is as one JSON file, `restoration.json`, in the data directory.
///
/// Written atomically (a temporary file in the same folder, renamed over the old one), without `fsync`: a killed
/// process loses nothing that was written, and the record is not worth a disk flush after every command. This
/// file is the only one that knows where the record lives; moving the record into the app's database replaces it
/// with another ``RestorationStore``.
@MainActor
final class FileRestorationStore: RestorationStore {
    /// The record's file name in the data directory.
    static let fileName = "restoration.json"
    /// The largest record read; a bigger file is treated as damaged rather than read whole.
    static let maximumSize = 1 << 20

    private let path: String
    private let folder: String
    private var writeCount = 0

    /// Creates the store of the data directory at `folder`.
    init(folder: String) {
        self.folder = folder
        path = folder + "/" + Self.fileName
    }

    func load() throws(RestorationStoreError) -> RestorationState? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .unreadable(Self.systemError())
        }
        defer { close(descriptor) }
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= Self.maximumSize {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(Self.systemError())
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
        guard bytes.count <= Self.maximumSize else { throw .corrupt("it is larger than \(Self.maximumSize) bytes") }
        do {
            return try JSONDecoder().decode(RestorationState.self, from: bytes)
        } catch {
            throw .corrupt("it is not a record this app writes")
        }
    }

    func save(_ state: RestorationState) throws(RestorationStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let bytes: Data
        do {
            bytes = try encoder.encode(state)
        } catch {
            throw .unwritable("it cannot be encoded")
        }
        writeCount += 1
        let temporaryPath = folder + "/.\(Self.fileName).\(getpid()).\(writeCount).tmp"
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(Self.systemError()) }
        var remaining = bytes[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let problem = Self.systemError()
                close(descriptor)
                unlink(temporaryPath)
                throw .unwritable(problem)
            }
            remaining = remaining.dropFirst(written)
        }
        close(descriptor)
        guard rename(temporaryPath, path) == 0 else {
            let problem = Self.systemError()
            unlink(temporaryPath)
            throw .unwritable(problem)
        }
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
