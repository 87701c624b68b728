import AppTerminal
import ExecutableTesting
import Foundation

/// Input from a fixed sequence of bytes, read in small chunks so that lines split across reads are read too.
final class ScriptedInput: AppMain.ByteInput {
    private let bytes: [UInt8]
    private var position = 0
    private let chunkSize: Int
    let isTerminal: Bool
    /// Each change of the terminal's echo the app asked for, in order.
    private(set) var echoChanges: [Bool] = []

    init(bytes: [UInt8], isTerminal: Bool = false, chunkSize: Int = 7) {
        self.bytes = bytes
        self.isTerminal = isTerminal
        self.chunkSize = chunkSize
    }

    convenience init(_ text: String, isTerminal: Bool = false) {
        self.init(bytes: Array(text.utf8), isTerminal: isTerminal)
    }

    func read(maximumCount: Int) -> [UInt8] {
        let count = min(maximumCount, chunkSize, bytes.count - position)
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    func setEcho(_ isOn: Bool) {
        echoChanges.append(isOn)
    }
}

/// A terminal as a person types at it: each read returns the next chunk; an empty chunk is Ctrl-D, which ends the
/// input once while the terminal stays open. After the last chunk the terminal is gone (every read is empty).
final class TerminalKeystrokes: AppMain.ByteInput {
    private var chunks: [String]
    /// Each change of the terminal's echo the app asked for, in order.
    private(set) var echoChanges: [Bool] = []
    /// Where the echo changes are also written, between what the app wrote, when given.
    private let transcript: TerminalTranscript?

    init(_ chunks: [String], transcript: TerminalTranscript? = nil) {
        self.chunks = chunks
        self.transcript = transcript
    }

    /// One chunk a line, each with its line break.
    convenience init(lines: String, then more: [String] = []) {
        self.init(lines.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 + "\n" } + more)
    }

    var isTerminal: Bool { true }

    func read(maximumCount: Int) -> [UInt8] {
        guard !chunks.isEmpty else { return [] }
        return Array(chunks.removeFirst().utf8)
    }

    func setEcho(_ isOn: Bool) {
        echoChanges.append(isOn)
        transcript?.events.append(.echo(isOn))
    }
}

/// What the app wrote and when it switched the terminal's echo, in the order it did.
final class TerminalTranscript {
    enum Event: Equatable {
        case written(String)
        case echo(Bool)
    }

    var events: [Event] = []
}

/// Output kept in memory.
final class CapturedOutput: AppMain.TextOutput {
    let isTerminal: Bool
    private(set) var text = ""
    /// Where each write also goes, between the echo changes, when given.
    private let transcript: TerminalTranscript?

    init(isTerminal: Bool = false, transcript: TerminalTranscript? = nil) {
        self.isTerminal = isTerminal
        self.transcript = transcript
    }

    func write(_ text: String) {
        self.text += text
        transcript?.events.append(.written(text))
    }
}

/// A folder for one test, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = ScratchSpace.directory.appendingPathComponent("terminal-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` in the folder.
    func file(_ name: String) -> String { path + "/" + name }
}
