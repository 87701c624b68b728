import Foundation
import Testing

@testable import AffectedTests

/// The small package's recorded durations: 10 s in all.
let smallDurations = "# measured\nAlphaTests 1\nBetaTests 3.0\nGammaTests 6  # the slow one\n"

@Suite("affected-tests --history replays commits against today's targets", .serialized)
struct HistoryReplayTests {
    /// A repository whose history, oldest first: `start` (every file, the manifest among them), `alpha`,
    /// `gamma`, `readme`, `beta` on a branch merged with a merge commit, `delta` (a folder no target has today),
    /// `alpha gone` (a deleted file of Alpha) and `durations`.
    func repositoryWithHistory() throws -> ScratchRepository {
        let repository = try ScratchRepository.small()
        try repository.write("Sources/Alpha/Extra.swift", "struct Extra {}\n")
        try repository.commit("alpha")
        try repository.appendLine(to: "Sources/Gamma/Gamma.swift")
        try repository.commit("gamma")
        try repository.appendLine(to: "README.md")
        try repository.commit("readme")
        try repository.git("checkout", "--quiet", "-b", "topic")
        try repository.appendLine(to: "Sources/Beta/Beta.swift")
        try repository.commit("beta")
        try repository.git("checkout", "--quiet", "main")
        try repository.git("merge", "--quiet", "--no-ff", "-m", "merge topic", "topic")
        try repository.write("Sources/Delta/Delta.swift", "struct Delta {}\n")
        try repository.commit("delta")
        try repository.delete("Sources/Alpha/Extra.swift")
        try repository.commit("alpha gone")
        try repository.write("Tools/TestDurations.txt", smallDurations)
        try repository.commit("durations")
        return repository
    }

    @Test("Each commit selects from its own files, merges are skipped, and the shares come from the durations")
    func replaysEachCommit() throws {
        let repository = try repositoryWithHistory()
        defer { repository.remove() }
        let run = affectedTestsInSmallPackage(["--history", "4", "--json"], in: repository)
        #expect(run.status == 0, "\(run.errors)")
        let replay = try JSONDecoder().decode(Replayed.self, from: Data(run.output.joined().utf8))
        #expect(replay.commits.map(\.subject) == ["durations", "alpha gone", "delta", "beta"])
        #expect(replay.commits.map(\.selected) == [[], ["AlphaTests", "BetaTests"], every, ["BetaTests"]])
        #expect(replay.commits.map(\.share) == [0, 0.4, 1, 0.3])
        #expect(
            replay.commits.map(\.files) == [
                ["Tools/TestDurations.txt"], ["Sources/Alpha/Extra.swift"], ["Sources/Delta/Delta.swift"],
                ["Sources/Beta/Beta.swift"],
            ])
        #expect(replay.commits[2].reasonsForEverything.first?.contains("Sources/Delta/Delta.swift is outside") == true)
        #expect(replay.suiteSeconds == 10)
        #expect(abs(replay.medianShare - 0.35) < 1e-9)
        #expect(replay.percentile90Share == 1)
    }

    @Test("The whole history: the root commit brings the manifest, so it selects everything; median and p90")
    func wholeHistory() throws {
        let repository = try repositoryWithHistory()
        defer { repository.remove() }
        let run = affectedTestsInSmallPackage(["--history", "50"], in: repository)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.joined().contains("HEAD has 8 non-merge commit(s), not 50"))
        let table = run.output.joined(separator: "\n").split(separator: "\n").map(String.init)
        #expect(table.first == "commit    share   seconds  files  subject")
        #expect(table.count == 1 + 8 * 2 + 1)
        #expect(table[15].hasSuffix("100.0%    10.00 s     8  start"))
        #expect(table[16] == "          every test target: Package.swift changed, and it can change every target")
        #expect(table.contains { $0.hasSuffix("  0.0%     0.00 s     1  readme") })
        #expect(!table.contains { $0.contains("merge topic") })
        // Shares, newest first: 0, 0.4, 1, 0.3, 0, 0.6, 0.4, 1; sorted 0, 0, 0.3, 0.4, 0.4, 0.6, 1, 1.
        #expect(table.last == "8 commits: median 40.0%, 90th percentile 100.0% of the suite's 10.00 s (3 test targets)")
    }

    @Test("In a shallow clone, a commit whose parent is not there is left out and the note says how to replay it")
    func shallowClone() throws {
        let repository = try repositoryWithHistory()
        defer { repository.remove() }
        // The last two commits: `durations`, and `alpha gone`, whose parent the clone lacks. Replayed as it stands,
        // `alpha gone` would bring every file of the package, the manifest among them, and select everything.
        let clone = try repository.shallowClone(depth: 2)
        defer { clone.remove() }
        #expect(try clone.git("rev-parse", "--is-shallow-repository") == "true\n")
        let run = affectedTestsInSmallPackage(["--history", "5", "--json"], in: clone)
        #expect(run.status == 0, "\(run.errors)")
        let replay = try JSONDecoder().decode(Replayed.self, from: Data(run.output.joined().utf8))
        #expect(replay.commits.map(\.subject) == ["durations"])
        #expect(replay.percentile90Share == 0, "no commit counts as a change to everything")
        #expect(
            run.errors == [
                "affected-tests: HEAD has 2 non-merge commit(s) in this clone, not 5",
                "affected-tests: the clone is shallow: 1 commit has no parent here, so it is not replayed; "
                    + "`git fetch --unshallow` to replay it",
            ])
        // Asked for fewer commits than the clone holds, nothing is left out and nothing is said.
        let recent = affectedTestsInSmallPackage(["--history", "1"], in: clone)
        #expect(recent.status == 0 && recent.errors.isEmpty, "\(recent.errors)")
    }

    @Test("Median and 90th percentile by nearest rank, from given shares")
    func statistics() {
        let tenths = (1...10).map { Double($0) / 10 }
        #expect(abs(HistoryReplay.median(tenths.shuffled()) - 0.55) < 1e-9)
        #expect(HistoryReplay.percentile(90, of: tenths.shuffled()) == 0.9)
        #expect(HistoryReplay.median([0.3, 0.1, 0.2]) == 0.2)
        #expect(HistoryReplay.percentile(90, of: [0.3, 0.1, 0.2]) == 0.3)
        #expect(HistoryReplay.percentile(90, of: (1...20).map(Double.init)) == 18)
        #expect(HistoryReplay.median([]) == 0 && HistoryReplay.percentile(90, of: []) == 0)
    }

    @Test("A file that no longer exists belongs to the target whose folder holds its path today")
    func vanishedFiles() throws {
        let history = [
            HistoryReplay.Change(commit: "a", subject: "old", files: ["Sources/Gamma/Old/Gone.swift"]),
            HistoryReplay.Change(commit: "b", subject: "moved", files: ["Sources/Zeta/Gone.swift", "docs/z.md"]),
        ]
        let durations = try TestDurations(parsing: smallDurations, path: "durations")
        let replay = try HistoryReplay(history: history, targets: SmallPackage.targets, durations: durations)
        #expect(replay.commits[0].selected == ["GammaTests"])
        #expect(replay.commits[1].selected == every)
    }

    @Test("Missing or incomplete durations, and a bad count, are errors with their exit codes")
    func badInput() throws {
        let repository = try ScratchRepository.small()
        defer { repository.remove() }
        let missing = affectedTestsInSmallPackage(["--history", "3"], in: repository)
        #expect(missing.status == 1)
        #expect(missing.errors.joined().contains("record them with `swift run affected-tests --record-durations`"))
        try repository.write("Tools/TestDurations.txt", "AlphaTests 1\nBetaTests 2\n")
        let incomplete = affectedTestsInSmallPackage(["--history", "3"], in: repository)
        #expect(incomplete.status == 1)
        #expect(incomplete.errors.joined().contains("no recorded duration for GammaTests"))
        try repository.write("Tools/TestDurations.txt", "AlphaTests one\n")
        let unreadable = affectedTestsInSmallPackage(["--history", "3"], in: repository)
        #expect(unreadable.status == 1)
        #expect(unreadable.errors.joined().contains("TestDurations.txt:1: expected `TestTarget seconds`"))
        for arguments in [["--history", "0"], ["--history", "x"], ["--history", "2", "--list"], ["--json"]] {
            let run = affectedTestsInSmallPackage(arguments, in: repository)
            #expect(run.status == 64, "\(arguments)")
        }
        let both = affectedTestsInSmallPackage(["--history", "2", "--base", "HEAD"], in: repository)
        #expect(both.errors.joined().contains("--base and --history go apart"))
    }
}

/// Every test target of the small package.
let every = ["AlphaTests", "BetaTests", "GammaTests"]

/// The JSON of a replay, as a script reads it.
struct Replayed: Decodable {
    struct Commit: Decodable {
        let subject: String
        let files: [String]
        let selected: [String]
        let reasonsForEverything: [String]
        let share: Double
    }

    let commits: [Commit]
    let suiteSeconds: Double
    let medianShare: Double
    let percentile90Share: Double
}
