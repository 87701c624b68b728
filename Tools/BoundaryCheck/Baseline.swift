public import Foundation

/// The committed public surface of a module (`Tools/Baselines/<Module>.txt`) and its comparison with the built
/// module.
public enum Baseline {
    /// The command that rewrites every baseline from the built modules, on purpose.
    public static let updateCommand = "swift run boundary-check --update-baselines"

    /// The baseline file of `module` in `directory`.
    public static func file(of module: String, in directory: URL) -> URL {
        directory.appendingPathComponent("\(module).txt")
    }

    /// The text written to a baseline file: a header comment, then one line per symbol.
    public static func text(module: String, lines: [String]) -> String {
        let header = [
            "# Public surface of \(module), extracted from the compiler. One declaration or relationship a line.",
            "# Checked by `swift test`; regenerate on purpose with `\(updateCommand)`.",
        ]
        return (header + lines).joined(separator: "\n") + "\n"
    }

    /// The symbol lines of a baseline file's text, without comments and blank lines.
    public static func lines(ofText text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            .filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// Compares `actual` (the built module's lines) with the baseline `file`; returns the drift, if any.
    ///
    /// The violation names the module and every added and removed line, with a unified diff.
    public static func compare(module: String, actual: [String], file: URL, displayPath: String) -> Violation? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            return Violation(
                rule: "baseline",
                location: module,
                problem: "no baseline at \(displayPath) (the module publishes \(actual.count) declarations)",
                fix: "run `\(updateCommand)` and commit \(displayPath)")
        }
        let expected = lines(ofText: text)
        guard expected.sorted() != actual.sorted() else { return nil }
        let diff = unifiedDiff(
            old: expected.sorted(), new: actual.sorted(),
            oldName: "\(displayPath) (committed baseline)", newName: "\(module) (built module)")
        let expectedSet = Set(expected)
        let actualSet = Set(actual)
        let added = actual.filter { !expectedSet.contains($0) }.sorted()
        let removed = expected.filter { !actualSet.contains($0) }.sorted()
        return Violation(
            rule: "baseline",
            location: module,
            problem: "the public surface of \(module) differs from \(displayPath) "
                + "(\(added.count) added, \(removed.count) removed):\n"
                + diff.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
                .joined(separator: "\n"),
            fix: "if the change is unintended, make the added declarations internal (or restore the removed ones); "
                + "if it is intended, run `\(updateCommand)` and commit \(displayPath)")
    }

    /// A unified diff of two sorted line lists, with one line of context around each change.
    static func unifiedDiff(old: [String], new: [String], oldName: String, newName: String) -> String {
        enum Operation { case same, removed, added }
        var entries: [(Operation, String, Int, Int)] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            if oldIndex < old.count, newIndex < new.count, old[oldIndex] == new[newIndex] {
                entries.append((.same, old[oldIndex], oldIndex, newIndex))
                oldIndex += 1
                newIndex += 1
            } else if newIndex >= new.count || (oldIndex < old.count && old[oldIndex] < new[newIndex]) {
                entries.append((.removed, old[oldIndex], oldIndex, newIndex))
                oldIndex += 1
            } else {
                entries.append((.added, new[newIndex], oldIndex, newIndex))
                newIndex += 1
            }
        }
        let context = 1
        let changed = entries.indices.filter { entries[$0].0 != .same }
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(entries.count - 1, index + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                hunks.append(range)
            }
        }
        var output = ["--- \(oldName)", "+++ \(newName)"]
        for hunk in hunks {
            let slice = entries[hunk]
            guard let first = slice.first else { continue }
            let oldCount = slice.filter { $0.0 != .added }.count
            let newCount = slice.filter { $0.0 != .removed }.count
            output.append("@@ -\(first.2 + 1),\(oldCount) +\(first.3 + 1),\(newCount) @@")
            for (operation, text, _, _) in slice {
                switch operation {
                case .same: output.append(" " + text)
                case .removed: output.append("-" + text)
                case .added: output.append("+" + text)
                }
            }
        }
        return output.joined(separator: "\n")
    }
}
