import AppTerminal
import Foundation
import Glibc

/// The cost of a paste in the full screen: the bytes after the start of a bracketed paste read from the terminal,
/// made one line and typed into the command line (or refused by the line limit), as `FullScreenSession` does.
@MainActor
enum PasteBenchmark {
    /// Why the paste benchmark could not run.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Pastes `bytes` bytes (plain ASCII with one tab in ten, `é` and `一` among them) `samples` times, each read
    /// from a file as the terminal would deliver it; the line limit refuses the paste as it does at a terminal.
    static func paste(bytes: Int, samples: Int) throws -> Measurement {
        let path = try pasteFile(bytes: bytes)
        defer { unlink(path) }
        return try Measure.once(
            "paste of \(label(bytes)) into the full screen's command line", samples: samples,
            prepare: { try open(path) },
            { descriptor in
                defer { close(descriptor) }
                _ = BracketedPaste.typeIntoLine(from: descriptor)
            })
    }

    /// Pastes `bytes` bytes as ``paste(bytes:samples:)`` does into a focused field that already holds
    /// `heldCharacters` characters, drawn 80 columns wide, `samples` times.
    static func pasteIntoField(bytes: Int, heldCharacters: Int, samples: Int) throws -> Measurement {
        let path = try pasteFile(bytes: bytes)
        defer { unlink(path) }
        let held = String(repeating: "b", count: heldCharacters)
        return try Measure.once(
            "paste of \(label(bytes)) into a full-screen field holding \(heldCharacters) characters",
            samples: samples, prepare: { try open(path) },
            { descriptor in
                defer { close(descriptor) }
                _ = BracketedPaste.typeIntoField(from: descriptor, holding: held, columns: 80)
            })
    }

    private static func label(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB"
    }

    private static func open(_ path: String) throws -> Int32 {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(description: "cannot open \(path)") }
        return descriptor
    }

    /// A file of the paste's bytes and its end marker, as the terminal would deliver them; its path.
    private static func pasteFile(bytes: Int) throws -> String {
        let unit = Array("aaaaaa\té一".utf8)
        var content: [UInt8] = []
        content.reserveCapacity(bytes + BracketedPaste.end.count)
        while content.count + unit.count <= bytes { content += unit }
        content += Array(repeating: UInt8(ascii: "a"), count: bytes - content.count)
        content += BracketedPaste.end
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paste-\(getpid())").path
        guard FileManager.default.createFile(atPath: path, contents: Data(content)) else {
            throw Failure(description: "cannot write \(path)")
        }
        return path
    }
}
