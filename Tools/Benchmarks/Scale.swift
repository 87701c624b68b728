/// How long the benchmarks run: `--quick` for a smoke run, the default for the figures.
struct Scale {
    /// Samples per benchmark.
    let samples: Int
    /// Child counts for the teardown benchmark.
    let teardownSizes: [Int]
    /// Blocks of 100 commands in the command-loop benchmark.
    let commandLoopBlocks: Int
    /// Log-in/log-out cycles of the soak.
    let logInCycles: Int
    /// Compose/dismiss cycles of the soak.
    let composeCycles: Int
    /// The database sizes, in posts, the app is measured at.
    let postCounts: [Int]
    /// Blocks of 100 commands of the command-loop mix at each database size.
    let sizedCommandBlocks: Int
    /// How many posts are posted through one script, with the time read at each count.
    let scriptedPostCounts: [Int]

    static let full = Scale(
        samples: 50, teardownSizes: [10_000, 100_000, 1_000_000], commandLoopBlocks: 200, logInCycles: 10_000,
        composeCycles: 10_000, postCounts: [4, 10_000, 100_000, 1_000_000], sizedCommandBlocks: 50,
        scriptedPostCounts: [1_000, 10_000])
    /// Few sizes, but enough samples that two runs on one machine agree: a row's median over 15 samples of
    /// thousands of operations, with the fastest sample beside it.
    static let quick = Scale(
        samples: 15, teardownSizes: [1_000, 10_000, 100_000], commandLoopBlocks: 30, logInCycles: 50,
        composeCycles: 500, postCounts: [4, 10_000], sizedCommandBlocks: 15, scriptedPostCounts: [100, 1_000])
}
