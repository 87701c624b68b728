public import Foundation

/// What selection would have run on a branch's recent history: each of the last non-merge commits of `HEAD`,
/// its files (against its first parent, as `git diff-tree` lists them) selected against today's targets, and the
/// share of the suite's recorded time that the selection takes.
///
/// Nothing is checked out: every commit meets the module graph of the working tree. A file a commit changed that
/// no longer exists still belongs to the target whose folder holds its path today; one under no target's folder
/// that is not documentation selects everything, as ``TestSelection`` decides for a change made today.
public struct HistoryReplay: Equatable, Sendable, Encodable {
    /// One replayed commit.
    public struct Commit: Equatable, Sendable, Encodable {
        /// The commit's hash.
        public let commit: String
        /// Its subject line.
        public let subject: String
        /// The files it changed against its first parent, relative to the package root.
        public let files: [String]
        /// The test targets its files select.
        public let selected: [String]
        /// Why it selects every test target; empty when the selection follows the targets.
        public let reasonsForEverything: [String]
        /// The recorded seconds of the selected test targets.
        public let seconds: Double
        /// `seconds` as a share of the suite's recorded time, from 0 to 1.
        public let share: Double
    }

    /// A commit as git tells it: its hash, its subject and the files it changed.
    public struct Change: Equatable, Sendable {
        /// The commit's hash.
        public let commit: String
        /// Its subject line.
        public let subject: String
        /// The files it changed against its first parent, relative to the package root.
        public let files: [String]

        /// The commit `commit`, with its `subject` and changed `files`.
        public init(commit: String, subject: String, files: [String]) {
            self.commit = commit
            self.subject = subject
            self.files = files
        }
    }

    /// The replayed commits, newest first.
    public let commits: [Commit]
    /// The recorded seconds of every test target together.
    public let suiteSeconds: Double
    /// The number of test targets in today's manifest.
    public let testTargetCount: Int
    /// The median of the commits' shares: the middle one, or the mean of the two middle ones.
    public let medianShare: Double
    /// The 90th percentile of the commits' shares, by nearest rank: the smallest share that at least 90% of the
    /// commits do not exceed.
    public let percentile90Share: Double

    /// The replay of `history` against `targets`, with each test target's recorded `durations`; `notRead` names
    /// files outside every target that no test reads, and `imports` the modules a probe imports today (see
    /// ``TestSelection``). Fails when a test target of `targets` has no recorded duration.
    public init(
        history: [Change], targets: [PackageTarget],
        durations: TestDurations, notRead: Set<String> = [], imports: (String) -> [String]? = { _ in nil }
    ) throws(TestDurations.Failure) {
        let testTargets = targets.filter(\.isTest).map(\.name)
        let suite = try durations.total(of: testTargets).get()
        commits = history.map { entry in
            let selection = TestSelection(
                changedFiles: entry.files, targets: targets, notRead: notRead, imports: imports)
            let seconds = selection.testTargets.reduce(0) { $0 + (durations.seconds[$1] ?? 0) }
            return Commit(
                commit: entry.commit, subject: entry.subject, files: entry.files, selected: selection.testTargets,
                reasonsForEverything: selection.reasonsForEverything, seconds: seconds,
                share: suite > 0 ? seconds / suite : 0)
        }
        suiteSeconds = suite
        testTargetCount = testTargets.count
        let shares = commits.map(\.share)
        medianShare = Self.median(shares)
        percentile90Share = Self.percentile(90, of: shares)
    }

    /// The median of `values`: the middle one once sorted, or the mean of the two middle ones; 0 when empty.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The `percent`th percentile of `values` by nearest rank: the value at rank ⌈percent/100 × n⌉ once sorted;
    /// 0 when empty.
    static func percentile(_ percent: Double, of values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// The last `count` non-merge commits of `HEAD` in the git repository of `packageRoot`, newest first (no commit
    /// before its descendants, whatever the clocks said), each with its subject and the files of the package it
    /// changed against its first parent (all its files, for a root commit).
    ///
    /// In a shallow clone the oldest commits it holds name parents it does not have: git sees them as root
    /// commits, whose files would be every file of the package, so replaying them would count a change to
    /// everything. They are left out of `changes` and listed in `withoutParent`, newest first; they still count
    /// among the `count` commits read. A real root commit (one that names no parent) is replayed.
    public static func history(
        count: Int, in packageRoot: URL
    ) throws(ChangedFiles.Failure) -> (changes: [Change], withoutParent: [String]) {
        let root = packageRoot.path
        guard (try? ChangedFiles.git(["-C", root, "rev-parse", "--show-toplevel"])) != nil else {
            throw ChangedFiles.Failure(description: "\(root) is not inside a git repository")
        }
        guard (try? ChangedFiles.git(["-C", root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}"])) != nil else {
            throw ChangedFiles.Failure(description: "the git repository at \(root) has no commit yet")
        }
        let shallow =
            try ChangedFiles.git(["-C", root, "rev-parse", "--is-shallow-repository"])
            .trimmingCharacters(in: .whitespacesAndNewlines) == "true"
        let log = try ChangedFiles.git([
            "-C", root, "log", "--no-merges", "--topo-order", "--max-count=\(count)", "--format=%H%x09%P%x09%s", "HEAD",
            "--",
        ])
        var history: [Change] = []
        var withoutParent: [String] = []
        for line in log.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            let commit = String(parts[0])
            let parents = parts.count > 1 ? parts[1] : ""
            if shallow, parents.isEmpty, try namesParent(commit, in: root) {
                withoutParent.append(commit)
                continue
            }
            let changed = try ChangedFiles.git([
                "-C", root, "diff-tree", "-r", "--root", "--no-commit-id", "--name-only", "--no-renames",
                "--relative", "-z", commit,
            ])
            let files = Array(Set(changed.split(separator: "\0").map(String.init))).sorted()
            history.append(Change(commit: commit, subject: parts.count > 2 ? String(parts[2]) : "", files: files))
        }
        return (history, withoutParent)
    }

    /// Whether the commit object `commit` names a parent, whether or not the repository holds it: a commit at the
    /// edge of a shallow clone names one that git, there, does not follow.
    private static func namesParent(_ commit: String, in root: String) throws(ChangedFiles.Failure) -> Bool {
        let object = try ChangedFiles.git(["-C", root, "cat-file", "commit", commit])
        let header = object.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        return header.contains { $0.hasPrefix("parent ") }
    }

    /// The note for a replay that left out `count` commits of a shallow clone: why, and how to replay them.
    static func shallowNote(withoutParent count: Int) -> String {
        let commits = count == 1 ? "1 commit has" : "\(count) commits have"
        return "the clone is shallow: \(commits) no parent here, so \(count == 1 ? "it is" : "they are") not "
            + "replayed; `git fetch --unshallow` to replay \(count == 1 ? "it" : "them")"
    }

    /// The replay for a person: one row a commit (its short hash, share, seconds, number of files and subject,
    /// then the selected test targets or why everything runs), then the median and the 90th percentile.
    public func table() -> String {
        func percent(_ share: Double) -> String { String(format: "%5.1f%%", share * 100) }
        var lines = [
            "commit    share   seconds  files  subject"
        ]
        for commit in commits {
            let subject = commit.subject.count > 72 ? String(commit.subject.prefix(71)) + "…" : commit.subject
            lines.append(
                String(commit.commit.prefix(8)).padding(toLength: 8, withPad: " ", startingAt: 0) + " "
                    + percent(commit.share) + String(format: " %8.2f s %5d  ", commit.seconds, commit.files.count)
                    + subject)
            let selected: String
            if let reason = commit.reasonsForEverything.first {
                let more = commit.reasonsForEverything.count - 1
                selected = "every test target: " + reason + (more > 0 ? " (and \(more) more)" : "")
            } else if commit.selected.isEmpty {
                selected = "no test target"
            } else {
                selected = commit.selected.joined(separator: ", ")
            }
            lines.append("          " + selected)
        }
        let count = commits.count == 1 ? "1 commit" : "\(commits.count) commits"
        lines.append(
            "\(count): median \(percent(medianShare).trimmingCharacters(in: .whitespaces)), 90th percentile "
                + "\(percent(percentile90Share).trimmingCharacters(in: .whitespaces)) of the suite's "
                + String(format: "%.2f s", suiteSeconds) + " (\(testTargetCount) test targets)")
        return lines.joined(separator: "\n")
    }

    /// The replay as JSON, for a script: every field of ``HistoryReplay`` and its commits, keys sorted.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
