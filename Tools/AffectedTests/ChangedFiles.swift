public import Foundation
import PackageReading

/// The files of a package that changed since a git reference: committed since then, staged, modified in the
/// working tree, deleted, and new files git does not ignore.
///
/// "Since" counts from the merge base of the reference and `HEAD`, as a pull request does: with `--base
/// origin/main`, commits that landed on `main` after the branch left it are not this branch's changes. Paths are
/// relative to the package root; files of the repository outside the package are not the package's changes.
/// A rename counts as its old path and its new one.
public enum ChangedFiles {
    /// Why the changed files cannot be listed.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// What went wrong, with git's own words.
        public let description: String
    }

    /// The changed files of the package at `packageRoot` since `base`, sorted, each once.
    public static func since(_ base: String, in packageRoot: URL) throws(Failure) -> [String] {
        guard !base.hasPrefix("-") else { throw Failure(description: "the base '\(base)' is not a git reference") }
        let root = packageRoot.path
        guard (try? git(["-C", root, "rev-parse", "--show-toplevel"])) != nil else {
            throw Failure(description: "\(root) is not inside a git repository")
        }
        guard (try? git(["-C", root, "rev-parse", "--verify", "--quiet", "\(base)^{commit}"])) != nil else {
            throw Failure(description: "'\(base)' names no commit in the git repository at \(root)")
        }
        let mergeBase = try git(["-C", root, "merge-base", base, "HEAD"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let tracked = try git(["-C", root, "diff", "--name-only", "--no-renames", "--relative", "-z", mergeBase, "--"])
        let untracked = try git(["-C", root, "ls-files", "--others", "--exclude-standard", "-z", "--", "."])
        let files = (tracked + untracked).split(separator: "\0").map(String.init)
        return Array(Set(files)).sorted()
    }

    /// git's standard output for `arguments`, or a failure that quotes its standard error.
    static func git(_ arguments: [String]) throws(Failure) -> String {
        let result: ProcessResult
        do {
            result = try Toolchain.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments)
        } catch {
            throw Failure(description: "git could not run: \(error)")
        }
        guard result.status == 0 else {
            let said = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(
                description: "`git \(arguments.joined(separator: " "))` failed"
                    + (said.isEmpty ? " with status \(result.status)" : ": \(said)"))
        }
        return result.standardOutput
    }
}
