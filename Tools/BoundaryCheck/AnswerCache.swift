import Foundation
import PackageReading

/// What a compiler tool answered about some files, as lines, kept on disk by the files' paths and content and the
/// tool's path: a check that runs again asks the tool only about files that changed, as a build recompiles only
/// what changed. `swiftc -emit-imported-modules` answers the modules each group of source files imports;
/// `swift-symbolgraph-extract` the names of the public declarations of a built module.
///
/// An answer is a file named by a 128-bit digest of its question. A group whose files cannot all be read has no
/// key and is always asked. A write goes to a temporary file first, then is renamed into place, so two checks at
/// once never read half an answer; an answer that cannot be written is simply asked again next time.
struct AnswerCache: Sendable {
    /// The folder of the answers.
    let directory: URL

    /// The key of `group` read by `compiler` (the tool), or `nil` when a file cannot be read.
    func key(of group: [URL], compiler: URL) -> String? {
        var digest = Digest()
        digest.add(compiler.path)
        for file in group {
            guard let content = FileManager.default.contents(atPath: file.path) else { return nil }
            digest.add(file.standardizedFileURL.path)
            digest.add(content)
        }
        return digest.hex
    }

    /// The lines stored under `key`, if any.
    func lines(under key: String) -> Set<String>? {
        guard let text = try? String(contentsOf: directory.appendingPathComponent(key), encoding: .utf8) else {
            return nil
        }
        return Set(text.split(whereSeparator: \.isNewline).map(String.init))
    }

    /// Stores `lines` under `key`; a failure to write is left for the next check to ask again.
    func store(_ lines: Set<String>, under key: String) {
        let temporary = directory.appendingPathComponent("\(key).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(lines.sorted().joined(separator: "\n").utf8).write(to: temporary)
            if rename(temporary.path, directory.appendingPathComponent(key).path) != 0 {
                try? FileManager.default.removeItem(at: temporary)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// Two 64-bit FNV-1a hashes with different starting values, each field preceded by its length, so that no two
    /// different questions run together into the same bytes.
    private struct Digest {
        private var first: UInt64 = 0xcbf2_9ce4_8422_2325
        private var second: UInt64 = 0x6c62_272e_07bb_0142

        mutating func add(_ text: String) { add(Data(text.utf8)) }

        mutating func add(_ bytes: Data) {
            var length = UInt64(bytes.count)
            withUnsafeBytes(of: &length) { mix($0) }
            bytes.withUnsafeBytes { mix($0) }
        }

        private mutating func mix(_ bytes: UnsafeRawBufferPointer) {
            for byte in bytes {
                first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }

        var hex: String {
            [first, second].map { value in
                let digits = String(value, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }.joined()
        }
    }
}
