import Foundation
import Testing

@testable import Explore

/// The framing of the messages between `explore` and its worker processes.
@Suite("explore's worker processes")
@MainActor
struct WorkerProcessTests {
    @Test("A message written to a pipe is read back whole, and the end of the pipe between messages is no message")
    func messagesKeepTheirBytes() async throws {
        let pipe = Pipe()
        let messages: [[UInt8]] = [Array("1;0;0;0;".utf8), [], Array(repeating: 7, count: 40_000)]
        let reader = Task.detached {
            var read: [[UInt8]] = []
            while let message = try WorkerProcess.readMessage(from: pipe.fileHandleForReading.fileDescriptor) {
                read.append(message)
            }
            return read
        }
        for message in messages {
            try WorkerProcess.writeMessage(message, to: pipe.fileHandleForWriting.fileDescriptor)
        }
        try pipe.fileHandleForWriting.close()
        let read = try await reader.value
        #expect(read == messages)
    }

    @Test("A message cut short is an error, not a shorter message")
    func cutMessageIsAnError() throws {
        let pipe = Pipe()
        var length = UInt64(10).littleEndian
        let header = withUnsafeBytes(of: &length) { Array($0) }
        pipe.fileHandleForWriting.write(Data(header + [1, 2, 3]))
        try pipe.fileHandleForWriting.close()
        #expect(throws: WorkerError.self) {
            try WorkerProcess.readMessage(from: pipe.fileHandleForReading.fileDescriptor)
        }
    }
}
