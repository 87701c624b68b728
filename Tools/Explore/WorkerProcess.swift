import CoreTesting
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A worker of the exploration in another process: `explore --worker …`, which reads each request on its standard
/// input and writes each answer on its standard output, every message its length in eight bytes (little endian),
/// then its bytes.
@MainActor
final class WorkerProcess: ExplorationWorkerChannel {
    private let process = Process()
    private let requests = Pipe()
    private let answers = Pipe()

    /// Starts `executable` with `arguments`; its standard error is this process's.
    init(executable: String, arguments: [String]) throws {
        // A worker that stopped makes a write to it fail with an error, not end this process.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = requests
        process.standardOutput = answers
        do {
            try process.run()
        } catch {
            throw WorkerError("a worker process could not start (\(error)); --jobs 1 explores in this process alone")
        }
    }

    func send(_ request: [UInt8]) throws {
        try Self.writeMessage(request, to: requests.fileHandleForWriting.fileDescriptor)
    }

    func receive() throws -> [UInt8] {
        guard let answer = try Self.readMessage(from: answers.fileHandleForReading.fileDescriptor) else {
            throw WorkerError("a worker stopped before it answered")
        }
        return answer
    }

    /// Closes the worker's input, which ends it, and its output, so that a worker still writing an answer no one
    /// reads stops too; then waits for it to exit, and tells whether it exited with 0.
    func finish() -> Bool {
        try? requests.fileHandleForWriting.close()
        try? answers.fileHandleForReading.close()
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    /// A worker's side: answers every request read on the standard input with `respond`, until it ends.
    static func serve(_ respond: ([UInt8]) throws -> [UInt8]) throws {
        while let request = try readMessage(from: STDIN_FILENO) {
            try writeMessage(respond(request), to: STDOUT_FILENO)
        }
    }

    /// Writes `message` to `descriptor`, framed.
    nonisolated static func writeMessage(_ message: [UInt8], to descriptor: Int32) throws {
        var length = UInt64(message.count).littleEndian
        let header = withUnsafeBytes(of: &length) { Array($0) }
        try writeAll(header, to: descriptor)
        try writeAll(message, to: descriptor)
    }

    /// The next framed message on `descriptor`; `nil` when it ends before one starts.
    nonisolated static func readMessage(from descriptor: Int32) throws -> [UInt8]? {
        guard let header = try readExactly(8, from: descriptor) else { return nil }
        let length = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        guard length <= UInt64(Int.max), let message = try readExactly(Int(length), from: descriptor) else {
            throw WorkerError("a message between the explorer and a worker was cut short")
        }
        return message
    }

    private nonisolated static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw WorkerError("a worker could not be written to (errno \(errno))") }
                offset += written
            }
        }
    }

    /// Exactly `count` bytes; `nil` when the input ends before the first.
    private nonisolated static func readExactly(_ count: Int, from descriptor: Int32) throws -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        try bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while offset < count {
                let got = read(descriptor, base + offset, count - offset)
                if got < 0, errno == EINTR { continue }
                guard got >= 0 else { throw WorkerError("a worker could not be read from (errno \(errno))") }
                if got == 0 { break }
                offset += got
            }
        }
        if offset == 0, count > 0 { return nil }
        guard offset == count else { throw WorkerError("a message between the explorer and a worker was cut short") }
        return bytes
    }
}

/// Why the workers of an exploration failed.
struct WorkerError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
