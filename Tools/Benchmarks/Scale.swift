/// How long the benchmarks run: `--quick` for a smoke run, the default for the figures.
struct Scale {
    /// Samples per benchmark.
    let samples: Int
    /// Child counts for the teardown benchmark.
    let teardownSizes: [Int]
    /// Cycles for the soak runs.
    let soakCycles: Int

    static let full = Scale(samples: 50, teardownSizes: [10_000, 100_000, 1_000_000], soakCycles: 10_000)
    static let quick = Scale(samples: 5, teardownSizes: [1_000, 10_000, 100_000], soakCycles: 200)
}
