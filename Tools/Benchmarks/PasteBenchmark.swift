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
        defer { unlink(path) }
        let label = bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB"
        return try Measure.once(
            "paste of \(label) into the full screen's command line", samples: samples,
            prepare: { () throws -> Int32 in
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw Failure(description: "cannot open \(path)") }
                return descriptor
            },
            { descriptor in
                defer { close(descriptor) }
                _ = BracketedPaste.typeIntoLine(from: descriptor)
            })
    }
}
