import AppData
import AppTerminal
import Foundation

/// The app measured with 4, 10,000, 100,000 and 1,000,000 posts in its database: the same command-loop mix, the
/// start-up (which includes the check of the database at open), posting one post, the first post of a process (which
/// checks every page first above the size checked at open) and the full check (`--check-data`) at every size, and
/// the database's size.
@MainActor
enum AppAtSize {
    /// What one size measured.
    struct Figures {
        let posts: Int
        let commandLoop: Measurement
        let startUp: Measurement
        let posting: Measurement
        let fullCheck: Measurement
        let firstPost: Measurement
        let seedingSeconds: Double
        let databaseBytes: Int
    }

    /// The clock of every run, as `APP_NOW`.
    static let now = Date(timeIntervalSince1970: 1_767_268_800)  // 2026-01-01T12:00:00Z

    /// Measures the app over a database of `posts` posts (the four demo posts and generated ones).
    static func measure(
        posts: Int, commandBlocks: Int, startUps: Int, postings: Int, fullChecks: Int
    ) async throws
        -> Figures
    {
        let directory = try AppBenchmarks.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let seedStart = Measure.monotonicNanoseconds()
        try GeneratedPosts.add(max(0, posts - 4), toDataDirectoryAt: directory, now: now)
        let seedingSeconds = Double(Measure.monotonicNanoseconds() - seedStart) / 1_000_000_000

        // The command loop, from the log-in on; it ends logged in, so the start-ups below show the feed.
        let login = ["set email demo@example.com", "set password demo-password", "login"]
        let block = Array(repeating: AppBenchmarks.navigationMix, count: 10).flatMap { $0 }
        let loop = ScriptedSession(blocks: [login] + Array(repeating: block, count: commandBlocks))
        try await AppBenchmarks.run(loop, in: directory)
        let commandLoop = loop.measurement(
            "command loop mix, \(posts) posts (per command)", blocks: 1..<(commandBlocks + 1), perCommand: true)

        // Start-up: from the call to the first command read, logged in, so the feed's first page is read too.
        var startUpTimes: [Double] = []
        for _ in 0..<startUps {
            let session = ScriptedSession(blocks: [])
            let start = Measure.monotonicNanoseconds()
            try await AppBenchmarks.run(session, in: directory)
            guard let first = session.samples.first else { continue }
            startUpTimes.append(Double(first.nanoseconds - start))
        }
        let startUp = Measurement(
            name: "start-up, \(posts) posts", nanosecondsPerOperation: startUpTimes, bytesPerOperation: 0,
            operationsPerSample: 1)

        // The full check on demand: every page and the schema, then exit.
        var checkTimes: [Double] = []
        for _ in 0..<fullChecks {
            let start = Measure.monotonicNanoseconds()
            try await AppBenchmarks.run(ScriptedSession(blocks: []), in: directory, extraArguments: ["--check-data"])
            checkTimes.append(Double(Measure.monotonicNanoseconds() - start))
        }
        let fullCheck = Measurement(
            name: "full data check (--check-data), \(posts) posts", nanosecondsPerOperation: checkTimes,
            bytesPerOperation: 0, operationsPerSample: 1)

        // The first post of a process: above the size checked page by page at open, it checks every page first.
        var firstPostTimes: [Double] = []
        for index in 0..<fullChecks {
            let session = ScriptedSession(blocks: [["compose", "set text first post \(index)", "post"]])
            try await AppBenchmarks.run(session, in: directory)
            firstPostTimes += session.measurement("", blocks: 0..<1, perCommand: false).nanosecondsPerOperation
        }
        let firstPost = Measurement(
            name: "first post of a process, \(posts) posts", nanosecondsPerOperation: firstPostTimes,
            bytesPerOperation: 0, operationsPerSample: 1)

        // Posting one post: compose, type, post (one transaction), back on the refreshed feed.
        let postBlocks = (0..<postings).map { ["compose", "set text measured post \($0)", "post"] }
        let posting = ScriptedSession(blocks: postBlocks)
        try await AppBenchmarks.run(posting, in: directory)
        let postingMeasurement = posting.measurement(
            "posting one post, \(posts) posts", blocks: 0..<postings, perCommand: false)

        return Figures(
            posts: posts, commandLoop: commandLoop, startUp: startUp, posting: postingMeasurement,
            fullCheck: fullCheck, firstPost: firstPost, seedingSeconds: seedingSeconds,
            databaseBytes: GeneratedPosts.databaseBytes(inDataDirectoryAt: directory))
    }

    /// Measures the app at each of `postCounts` posts and adds the rows and the start-up targets to `report`.
    static func measureSizes(_ postCounts: [Int], commandBlocks: Int, into report: inout Report) async throws {
        var sizes: [Figures] = []
        for posts in postCounts {
            printError("app at size: \(posts) posts\n")
            let figures = try await measure(
                posts: posts, commandBlocks: commandBlocks, startUps: 25, postings: 50, fullChecks: 7)
            report.measurements += [
                figures.commandLoop, figures.startUp, figures.posting, figures.firstPost, figures.fullCheck,
            ]
            report.notes.append(
                (
                    "database with \(posts) posts",
                    String(
                        format: "%.1f MB, %d pages of 4 KiB, generated in %.1f s",
                        Double(figures.databaseBytes) / 1_048_576, figures.databaseBytes / 4096,
                        figures.seedingSeconds)
                ))
            sizes.append(figures)
        }
        guard let smallest = sizes.first, let largest = sizes.last else { return }
        let growth = largest.commandLoop.median / max(smallest.commandLoop.median, 1)
        report.notes.append(
            (
                "target command-loop median at \(largest.posts) posts within 2x of \(smallest.posts) posts",
                String(format: "%.2fx, ", growth) + (growth <= 2 ? "met" : "NOT met")
            ))
        report.notes.append(
            (
                "target start-up at \(largest.posts) posts under 100 ms (with the check at open)",
                String(format: "%.1f ms, ", largest.startUp.median / 1_000_000)
                    + (largest.startUp.median < 100_000_000 ? "met" : "NOT met")
            ))
    }

    /// The time to post `counts` posts through one script on a new data directory, at each count (cumulative):
    /// linear means 10,000 cost about ten times 1,000.
    static func postingThroughScript(counts: [Int]) async throws -> [(count: Int, seconds: Double)] {
        let directory = try AppBenchmarks.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let total = counts.max() ?? 0
        let login = ["set email demo@example.com", "set password demo-password", "login"]
        let blocks = [login] + (0..<total).map { ["compose", "set text scripted post \($0)", "post"] }
        let session = ScriptedSession(blocks: blocks)
        try await AppBenchmarks.run(session, in: directory)
        let start = session.samples[1].nanoseconds
        return counts.map { count in
            (count, Double(session.samples[1 + count].nanoseconds - start) / 1_000_000_000)
        }
    }
}
