public import Core
import Foundation

/// What ``verifyNavigationSnapshot(of:coordinators:named:filePath:)`` did with a snapshot that matched or was
/// written.
public enum SnapshotOutcome: Equatable, Sendable {
    /// The stored snapshot matched.
    case matched
    /// There was no stored snapshot; this one was written.
    case recorded
    /// `SNAPSHOT_RECORD=1` was set; this one replaced the stored snapshot.
    case rerecorded
}

/// Why a navigation snapshot failed: it differs from the stored one (with a readable diff), or it could not be
/// read or written. Thrown from a test, its description is the failure a person reads.
public struct SnapshotFailure: Error, Equatable, CustomStringConvertible {
    /// The stored snapshot's file.
    public let path: String
    /// The lines that differ: `-` stored, `+` now, two spaces for a line both have.
    public let diff: String
    /// Why the file could not be read or written; `nil` for a difference.
    public let fileProblem: String?

    /// The failure as a person reads it: which snapshot, the diff and how to accept the change.
    public var description: String {
        if let fileProblem { return "navigation snapshot \(path): \(fileProblem)" }
        return """
            navigation snapshot differs from \(path) (- stored, + now):
            \(diff)
            If the change is intended, run the test again with SNAPSHOT_RECORD=1 and commit the file.
            """
    }
}

/// Compares the window's navigation, as ``Core/Window/navigationText(coordinators:)`` writes it, with the
/// snapshot stored beside the test file, in `__Snapshots__/<TestFile>/<name>.txt`.
///
/// A snapshot that is missing is recorded (and the test passes, saying ``SnapshotOutcome/recorded``); with the
/// environment variable `SNAPSHOT_RECORD=1`, every snapshot is recorded again. Otherwise a difference throws a
/// ``SnapshotFailure`` whose description is a line diff, so the test fails with it under Swift Testing or
/// XCTest, on Linux as on a Mac:
///
/// ```swift
/// @Test @MainActor func wrongPassword() throws {
///     …
///     try verifyNavigationSnapshot(of: parent.window, coordinators: parent, named: "wrong-password")
/// }
/// ```
///
/// Commit the `__Snapshots__` folder: a change to what a person sees then shows up in review as a diff of text.
@MainActor
@discardableResult
public func verifyNavigationSnapshot(
    of window: Window, coordinators: Coordinator? = nil, named name: String, filePath: String = #filePath
) throws(SnapshotFailure) -> SnapshotOutcome {
    try verifyNavigationSnapshot(
        of: window, coordinators: coordinators, named: name, filePath: filePath,
        recordAgain: ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1")
}

/// The snapshot check, with `SNAPSHOT_RECORD` read by the caller.
@MainActor
func verifyNavigationSnapshot(
    of window: Window, coordinators: Coordinator?, named name: String, filePath: String, recordAgain: Bool
) throws(SnapshotFailure) -> SnapshotOutcome {
    let test = URL(fileURLWithPath: filePath)
    let file = test.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(test.deletingPathExtension().lastPathComponent)
        .appendingPathComponent(SnapshotFileName.sanitized(name) + ".txt")
    let text = window.navigationText(coordinators: coordinators)
    let stored = try? String(contentsOf: file, encoding: .utf8)
    if let stored, !recordAgain {
        guard stored != text else { return .matched }
        throw SnapshotFailure(path: file.path, diff: LineDiff.text(from: stored, to: text), fileProblem: nil)
    }
    do {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .atomic)
    } catch {
        throw SnapshotFailure(path: file.path, diff: "", fileProblem: "cannot be written: \(error)")
    }
    return stored == nil ? .recorded : .rerecorded
}

/// A snapshot's name as a file name: letters, digits, `-`, `_` and `.` kept, anything else a `-`.
enum SnapshotFileName {
    static func sanitized(_ name: String) -> String {
        let kept = String(
            name.unicodeScalars.map { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "-_.".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "-"
            })
        return kept.isEmpty || kept.allSatisfy({ $0 == "." }) ? "snapshot" : kept
    }
}

/// A line diff of two texts, from their longest common subsequence of lines.
enum LineDiff {
    /// The lines of `old` and `new`: `-` only in old, `+` only in new, two spaces in both.
    static func text(from old: String, to new: String) -> String {
        let before = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let after = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var common = Array(repeating: Array(repeating: 0, count: after.count + 1), count: before.count + 1)
        for i in stride(from: before.count - 1, through: 0, by: -1) {
            for j in stride(from: after.count - 1, through: 0, by: -1) {
                common[i][j] =
                    before[i] == after[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [String] = []
        var (i, j) = (0, 0)
        while i < before.count || j < after.count {
            if i < before.count, j < after.count, before[i] == after[j] {
                lines.append("  " + before[i])
                (i, j) = (i + 1, j + 1)
            } else if j < after.count, i == before.count || common[i][j + 1] >= common[i + 1][j] {
                lines.append("+ " + after[j])
                j += 1
            } else {
                lines.append("- " + before[i])
                i += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
