import Foundation
import PackageReading
import Synchronization

/// What a compiler tool answered about some files, kept on disk by the files' content and the tool's path: a check
/// that runs again asks the tool only about files that changed, as a build recompiles only what changed.
/// `swiftc -emit-imported-modules` answers the modules each group of source files imports;
/// `swift-symbolgraph-extract` the names of the public declarations of a built module, and the symbol graphs of a
/// checked one; `swiftc -typecheck` what the compiler says about each probe.
///
/// An answer is a file named by a 128-bit digest of its question. A question about built modules is kept in a
/// slot of its own (``text(in:for:)``) with its key, which holds the content of every module file the tool may
/// read (``key(of:files:)``): a change inside a feature that leaves its interface as it was leaves the built
/// modules byte for byte the same, so the feature's probes are answered without the compiler. A group whose
/// files cannot all be read has no key and is always asked. A write goes to a temporary file first, then is
/// renamed into place, so two checks at once never read half an answer; an answer that cannot be written is simply asked again next time.
struct AnswerCache: Sendable {
    /// The folder of the answers.
    let directory: URL
    /// How long ago, in nanoseconds, a module file must have last changed for its digest to be kept: a file's
    /// times have the clock's coarse grain, so one written in the last moments could be written again with the
    /// same size and times, and its digest is taken again until it is older (git's "racy" files).
    var settledAfter: Int64 = 2_000_000_000

    /// Answers kept in `directory`.
    init(directory: URL, settledAfter: Int64 = 2_000_000_000) {
        self.directory = directory
        self.settledAfter = settledAfter
    }

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

    /// The key of a question about built modules: `question` (the tool's path first, then its arguments and the
    /// source it reads) and the content of `files`, the module files the tool may read (a file that is not there
    /// counts as absent). The tool counts by its stamp (size, times and inode). `nil` when a file cannot be read.
    ///
    /// Each file's digest is kept in ``directory`` by its stamp (``FileStamp``: size, modification and change times
    /// to the nanosecond, inode), as git's index keeps a file's: a build that rewrites a file changes its time, so only the files a build
    /// wrote are read again. A file changed in the last ``settledAfter`` is read every time, since the next write
    /// could leave the same stamp.
    func key(of question: [String], files: [String]) -> String? {
        var digest = Digest()
        for part in question { digest.add(part) }
        if let tool = question.first { digest.add(FileStamp(path: tool)?.description ?? "") }
        let present = files.filter { FileManager.default.fileExists(atPath: $0) }
        guard let digests = fileDigests(of: present) else { return nil }
        let digestOf = Dictionary(zip(present, digests)) { first, _ in first }
        for file in files {
            digest.add(file)
            digest.add(digestOf[file] ?? "absent")
        }
        return digest.hex
    }

    /// The files in `directories` whose extension is one of `extensions`, such as `swiftmodule`, in order.
    static func files(in directories: [URL], extensions: Set<String>) -> [String] {
        directories.flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
                .filter { extensions.contains(URL(fileURLWithPath: $0).pathExtension) }
                .map { directory.appendingPathComponent($0).path }
        }
    }

    /// The lines stored under `key`, if any.
    func lines(under key: String) -> Set<String>? {
        text(under: key).map { Set($0.split(whereSeparator: \.isNewline).map(String.init)) }
    }

    /// Stores `lines` under `key`; a failure to write is left for the next check to ask again.
    func store(_ lines: Set<String>, under key: String) {
        store(text: lines.sorted().joined(separator: "\n"), under: key)
    }

    /// The text stored under `key`, if any.
    func text(under key: String) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(key), encoding: .utf8)
    }

    /// Stores `text` under `key`; a failure to write is left for the next check to ask again. A folder in the way
    /// (where an earlier version of the checker kept a module's graphs as files) is removed first, or every check
    /// would ask again.
    func store(text: String, under key: String) {
        let temporary = directory.appendingPathComponent("\(key).\(UUID().uuidString).tmp")
        let destination = directory.appendingPathComponent(key)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: temporary)
            var renamed = rename(temporary.path, destination.path) == 0
            if !renamed, errno == EISDIR || errno == ENOTEMPTY || errno == EEXIST {
                try? FileManager.default.removeItem(at: destination)
                renamed = rename(temporary.path, destination.path) == 0
            }
            if !renamed { try? FileManager.default.removeItem(at: temporary) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    // MARK: - One answer a question

    /// The text kept in `slot` for `key`: `nil` when the slot holds nothing, or the answer to another key (the
    /// modules it read changed since).
    func text(in slot: String, for key: String) -> String? {
        guard let kept = text(under: Self.fileName(of: slot)), let newline = kept.firstIndex(of: "\n"),
            kept[..<newline] == key
        else { return nil }
        return String(kept[kept.index(after: newline)...])
    }

    /// Keeps `text` in `slot` for `key`, in place of what the slot held. A question about built modules has one
    /// slot (such as a module's symbol graphs, or a probe's answer), which keeps the answer for the modules as
    /// they were built last: the cache grows with the questions, not with every build.
    func store(text: String, in slot: String, for key: String) {
        store(text: key + "\n" + text, under: Self.fileName(of: slot))
    }

    /// `slot` as a file name: letters, digits, `.`, `-` and `_`, anything else as `_`.
    private static func fileName(of slot: String) -> String {
        let kept = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        return "slot-" + String(slot.map { kept.contains($0) ? $0 : "_" })
    }

    // MARK: - Digests of module files

    /// A file's size, modification and change times and inode: what tells that it was written since its digest was
    /// taken. The change time is set by every write and by every change of the other three, and no one can set it
    /// back, so a file restored with its old modification time still counts as changed.
    struct FileStamp: Hashable, CustomStringConvertible {
        let size: Int64
        let modified: Int64
        let changed: Int64
        let inode: UInt64

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            size = Int64(status.st_size)
            modified = Int64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtim.tv_nsec)
            changed = Int64(status.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_ctim.tv_nsec)
            inode = UInt64(status.st_ino)
        }

        init?(_ text: Substring) {
            let parts = text.split(separator: " ")
            guard parts.count == 4, let size = Int64(parts[0]), let modified = Int64(parts[1]),
                let changed = Int64(parts[2]), let inode = UInt64(parts[3])
            else { return nil }
            (self.size, self.modified, self.changed, self.inode) = (size, modified, changed, inode)
        }

        var description: String { "\(size) \(modified) \(changed) \(inode)" }
    }

    /// The digests known in this process, by the file that keeps them (``digestsFile``) and the module file's path:
    /// every check of one process reads the kept ones once.
    private static let knownDigests = Mutex<[String: [String: (stamp: FileStamp, digest: String)]]>([:])

    /// Where the digests of module files are kept: one line each, `<digest> <size> <modified> <changed> <inode>
    /// <path>`.
    private var digestsFile: URL { directory.appendingPathComponent("file-digests") }

    /// The digest of each of `files`' content, from those kept while a file keeps its stamp; `nil` when a file
    /// cannot be read.
    private func fileDigests(of files: [String]) -> [String]? {
        let keptIn = digestsFile.path
        var known = Self.knownDigests.withLock { $0[keptIn] } ?? [:]
        if files.contains(where: { known[$0] == nil }) { known.merge(keptDigests()) { current, _ in current } }
        var digests: [String] = []
        var changed = false
        let settled = Self.now() - settledAfter
        for file in files {
            guard let stamp = FileStamp(path: file) else { return nil }
            if let kept = known[file], kept.stamp == stamp, stamp.changed < settled {
                digests.append(kept.digest)
                continue
            }
            guard let content = FileManager.default.contents(atPath: file) else { return nil }
            var digest = Digest()
            digest.add(content)
            digests.append(digest.hex)
            if stamp.changed < settled {
                known[file] = (stamp, digest.hex)
                changed = true
            }
        }
        Self.knownDigests.withLock { $0[keptIn, default: [:]].merge(known) { _, new in new } }
        if changed {
            // Files that are gone (another build's, a scratch folder's) are left out.
            let lines = known.filter { FileManager.default.fileExists(atPath: $0.key) }.sorted { $0.key < $1.key }
                .map { "\($0.value.digest) \($0.value.stamp) \($0.key)" }
            store(text: lines.joined(separator: "\n"), under: digestsFile.lastPathComponent)
        }
        return digests
    }

    /// The wall clock in nanoseconds, as file times are written.
    private static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }

    /// The digests kept in ``digestsFile``.
    private func keptDigests() -> [String: (stamp: FileStamp, digest: String)] {
        guard let text = try? String(contentsOf: digestsFile, encoding: .utf8) else { return [:] }
        var kept: [String: (stamp: FileStamp, digest: String)] = [:]
        for line in text.split(separator: "\n") {
            // `<digest> <size> <modified> <changed> <inode> <path>`: the path may hold spaces, so it is what follows
            // the fifth.
            let fields = line.split(separator: " ", maxSplits: 5)
            guard fields.count == 6, let stamp = FileStamp(fields[1...4].joined(separator: " ")[...]) else {
                continue
            }
            kept[String(fields[5])] = (stamp, String(fields[0]))
        }
        return kept
    }

    /// Two 64-bit FNV-1a hashes with different starting values, each field preceded by its length, so that no two
    /// different questions run together into the same bytes. Eight bytes at a time (the second hash sees each
    /// word rotated), then the rest one by one: module files are read whole, and a byte at a time is slow.
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
            let words = bytes.count / 8
            for index in 0..<words {
                let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                first = (first ^ word) &* 0x0000_0100_0000_01b3
                second = (second ^ (word >> 29 | word << 35)) &* 0x0000_0100_0000_01b3
            }
            for byte in bytes[(words * 8)...] {
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
