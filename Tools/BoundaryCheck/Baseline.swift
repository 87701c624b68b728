public import Foundation

/// The committed public surface of a module (`Tools/Baselines/<Module>.txt`) and its comparison with the built
/// module.
public enum Baseline {
    /// The command that rewrites every baseline from the built modules, on purpose, in this package.
    public static let updateCommand = "swift run boundary-check --update-baselines"

    /// The text written to a baseline file: a header comment, then one line per symbol.
    public static func text(module: String, lines: [String], updateCommand: String = updateCommand) -> String {
        let header = [
            "# Public surface of \(module), extracted from the compiler. One declaration or relationship a line.",
            "# Checked by `swift test`; regenerate on purpose with `\(updateCommand)`.",
        ]
        return (header + lines).joined(separator: "\n") + "\n"
    }

    /// The lines of a baseline's `text`, without its header: every line that is not a `#` comment or blank.
    public static func lines(of text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter {
            !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty
        }
    }

    /// Compares `actual` (the built module's lines) with the baseline `file`; returns the drift, if any.
    ///
    /// The violation names the module and every added and removed line, with a unified diff.
    public static func compare(
        module: String, actual: [String], file: URL, displayPath: String, updateCommand: String = updateCommand
    ) -> Violation? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            return Violation(
                rule: "baseline",
                location: module,
                problem: "no baseline at \(displayPath) (the module publishes \(actual.count) declarations)",
                fix: "run `\(updateCommand)` and commit \(displayPath)")
        }
        let expected = lines(of: text)
        guard expected.sorted() != actual.sorted() else { return nil }
        let removed = Set(expected).subtracting(actual).sorted()
        let added = Set(actual).subtracting(expected).sorted()
        let diff =
            ["--- \(displayPath) (committed baseline)", "+++ \(module) (built module)"] + removed.map { "-" + $0 }
            + added.map { "+" + $0 }
        return Violation(
            rule: "baseline",
            location: module,
            problem: "the public surface of \(module) differs from \(displayPath) "
                + "(\(added.count) added, \(removed.count) removed):\n"
                + diff.map { "    " + $0 }.joined(separator: "\n"),
            fix: "if the change is unintended, make the added declarations internal (or restore the removed ones); "
                + "if it is intended, run `\(updateCommand)` and commit \(displayPath)")
    }
}
