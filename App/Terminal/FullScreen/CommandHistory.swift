import FoundationEssentials
import Glibc

/// The command lines a person typed, kept in a plain file in the data directory so Up recalls them across runs.
///
/// One line per command, oldest first, at most ``limit`` kept. The caller decides what is remembered: never a
/// password or anything typed into a secure field. A file that cannot be read or written only costs the history,
/// never the session.
struct CommandHistory: Sendable {
    /// The file's name in the data directory.
    static let fileName = "command-history"
    /// The most lines kept.
    static let limit = 500

    /// The file's path, or `nil` for a run that keeps no history (a playground, which writes nothing).
    let path: String?

    /// The history of the data directory at `directory`; with `nil`, a history that starts empty and keeps nothing.
    init(directory: String?) {
        path = directory.map { $0 + "/" + Self.fileName }
    }

    /// The remembered lines, oldest first; empty when the file is missing or unreadable, or nothing is kept.
    func load() -> [String] {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        return Array(lines.filter { !$0.contains("\u{FFFD}") }.suffix(Self.limit))
    }

    /// Appends `line`, trimming the file to the last ``limit`` lines once it holds twice as many.
    func append(_ line: String, to lines: [String]) {
        guard let path, !line.contains("\n") else { return }
        if lines.count >= 2 * Self.limit || !FileManager.default.fileExists(atPath: path) {
            let kept = lines.suffix(Self.limit).joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
            _ = FileManager.default.createFile(
                atPath: path, contents: Data(kept.utf8), attributes: [.posixPermissions: 0o600])
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        writeEveryByte(of: line + "\n", to: descriptor)
    }
}
