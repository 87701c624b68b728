import Testing

@testable import Benchmarks

/// `benchmarks --compare REF`: which figure of a row it compares, and how it tells two runs of one binary apart.
@Suite("benchmarks --compare")
struct ComparisonTests {
    /// A row whose rounds had these medians and fastest samples.
    static func row(medians: [Double], minimums: [Double?]) -> Comparison.Row {
        Comparison.Row(medians: medians, minimums: minimums)
    }

    /// The report for one row, `name`, of REF and this tree over `rounds` rounds.
    static func report(
        _ name: String, reference: Comparison.Row, own: Comparison.Row, rounds: Int = 4
    ) -> [String] {
        Comparison.report(
            reference: "abc1234", short: "abc1234", rounds: rounds, passedOn: ["--quick"], order: [name],
            own: [name: own], references: [name: reference], gone: []
        ).split(separator: "\n").map(String.init)
    }

    @Test("A figure is the fastest sample over every round, so a slow round does not move it")
    func fastestSample() {
        let row = Self.row(medians: [200, 410, 380, 220], minimums: [150, 300, 290, 152])
        #expect(row.figure(.fastestSample) == 150)
        #expect(row.figure(.fastestRoundMedian) == 200)
        #expect(row.disagreement(.fastestSample).map { abs($0 - 2.0 / 150) < 1e-9 } == true)
        #expect(row.disagreement(.fastestRoundMedian).map { abs($0 - 20.0 / 200) < 1e-9 } == true)
    }

    @Test("Rows are compared by their fastest samples, and a Core row over 1.1× misses its target")
    func ratioOfFastestSamples() throws {
        let lines = Self.report(
            "push+pop on a stack of depth 1",
            reference: Self.row(medians: [1_500, 1_600], minimums: [1_000, 1_010]),
            own: Self.row(medians: [1_400, 1_500], minimums: [1_200, 1_190]), rounds: 2)
        #expect(lines[0].contains("A figure is the fastest sample over every round"))
        let row = try #require(lines.first { $0.hasPrefix("| push+pop") })
        #expect(row.contains("| 1.19×"), "\(row)")
        #expect(row.contains("**NOT met**"), "\(row)")
        #expect(lines.contains("- targets NOT met: push+pop on a stack of depth 1"))
    }

    @Test("A REF that reports no fastest sample is compared by each binary's fastest round's median, and says so")
    func referenceWithoutFastestSample() throws {
        let lines = Self.report(
            "push+pop on a stack of depth 1",
            reference: Self.row(medians: [1_500, 1_000], minimums: [nil, nil]),
            own: Self.row(medians: [1_050, 1_600], minimums: [600, 610]), rounds: 2)
        #expect(lines[0].contains("abc1234 does not report its fastest sample"))
        let row = try #require(lines.first { $0.hasPrefix("| push+pop") })
        #expect(row.contains("| 1.05×"), "\(row)")
        #expect(row.contains("≤ 1.1× met"), "\(row)")
    }

    @Test("Two runs of this tree that differ by more than 10 % are named; within 10 % they agree")
    func twoRuns() {
        let apart = Self.report(
            "switch tabs (twice)", reference: Self.row(medians: [2_000, 2_000], minimums: [1_900, 1_900]),
            own: Self.row(medians: [2_000, 2_500], minimums: [1_900, 2_200]), rounds: 2)
        #expect(apart.contains("- two runs of this tree differ by more than 10 % on: switch tabs (twice)"))
        let close = Self.report(
            "switch tabs (twice)", reference: Self.row(medians: [2_000, 2_000], minimums: [1_900, 1_900]),
            own: Self.row(medians: [2_000, 2_500], minimums: [1_900, 2_000]), rounds: 2)
        #expect(close.contains("- two runs of this tree agree within 10 % on every row"))
        let single = Self.report(
            "switch tabs (twice)", reference: Self.row(medians: [2_000], minimums: [1_900]),
            own: Self.row(medians: [2_000], minimums: [1_900]), rounds: 1)
        #expect(!single.contains { $0.hasPrefix("- two runs") }, "one round has no second run to agree with")
    }

    @Test("An absolute target is held to the median of the rounds' medians, not to the fastest sample")
    func absoluteTarget() throws {
        let lines = Self.report(
            "start-up, 4 posts", reference: Self.row(medians: [500_000, 500_000], minimums: [400_000, 400_000]),
            own: Self.row(medians: [2_100_000, 2_300_000], minimums: [1_000_000, 1_000_000]), rounds: 2)
        let row = try #require(lines.first { $0.hasPrefix("| start-up") })
        #expect(row.contains("≤ 2.0 ms **NOT met**"), "\(row)")
    }
}
