import Core
import Foundation
import Glibc

/// Keeps the record of where the person is in the data directory, in two slot files written in turn,
/// `restoration.0.json` and `restoration.1.json`.
///
/// Each save overwrites the older slot in place (`pwrite`, then `ftruncate` to the new length) and stamps it with
/// the wall-clock time; loading reads both and keeps the newest slot that decodes. A save cut off half way (a
/// killed process, another process reading at that moment) leaves a slot that does not decode, and the other slot,
/// one command older, is used: a reader always gets a whole record. Replacing a file by `rename` would give the same guarantee, but on ext4 every such rename waits
/// for the data to reach the disk (about 2 ms here), after every command; the slots cost a few microseconds.
///
/// This file is the only one that knows where the record lives; moving the record into the app's database
/// replaces it with another ``RestorationStore``.
@MainActor
final class FileRestorationStore: RestorationStore {
    /// The slot files' names in the data directory.
    static let slotNames = ["restoration.0.json", "restoration.1.json"]
    /// The largest slot read; a bigger file is treated as damaged rather than read whole.
    static let maximumSize = 1 << 20

    /// One slot's content.
    private struct Slot: Codable {
        /// When it was written, in nanoseconds since 1970: the newest slot wins, across processes.
        var written: Int64
        var state: RestorationState
    }

    private let slotPaths: [String]
    /// The slot the next save overwrites: the older one.
    private var nextSlot = 0
    /// The stamp of the newest slot read or written, so a later save is stamped later even if the clock went back.
    private var lastStamp: Int64 = .min

    /// Creates the store of the data directory at `folder`.
    init(folder: String) {
        slotPaths = Self.slotNames.map { folder + "/" + $0 }
    }

    func load() throws(RestorationStoreError) -> RestorationState? {
        var newest: Slot?
        var firstProblem: RestorationStoreError?
        var foundAny = false
        for (index, path) in slotPaths.enumerated() {
            do {
                guard let bytes = try Self.read(path) else { continue }
                foundAny = true
                let slot = try JSONDecoder().decode(Slot.self, from: bytes)
                if slot.written > newest?.written ?? .min {
                    newest = slot
                    nextSlot = 1 - index
                    lastStamp = slot.written
                }
            } catch let error as RestorationStoreError {
                firstProblem = firstProblem ?? error
            } catch {
                firstProblem = firstProblem ?? .corrupt("it is not a record this app writes")
            }
        }
        if let newest { return newest.state }
        if foundAny, let firstProblem { throw firstProblem }
        return nil
    }

    func save(_ state: RestorationState) throws(RestorationStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let stamp = max(Self.wallClockNanoseconds(), lastStamp &+ 1)
        let bytes: Data
        do {
            bytes = try encoder.encode(Slot(written: stamp, state: state))
        } catch {
            throw .unwritable("it cannot be encoded")
        }
        let path = slotPaths[nextSlot]
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unwritable(Self.systemError()) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw .unwritable(Self.systemError()) }
            offset += written
        }
        guard ftruncate(descriptor, off_t(bytes.count)) == 0 else { throw .unwritable(Self.systemError()) }
        lastStamp = stamp
        nextSlot = 1 - nextSlot
    }

    /// The bytes of the file at `path`, or `nil` when there is none.
    private static func read(_ path: String) throws(RestorationStoreError) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .unreadable(systemError())
        }
        defer { close(descriptor) }
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= maximumSize {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(systemError())
            }
            bytes.append(contentsOf: buffer[0..<count])
        }
        throw .corrupt("it is larger than \(maximumSize) bytes")
    }

    private static func wallClockNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
