import Core
import Foundation
import Testing

/// Which seeds to run: 32 on each clock by default (keeping the default run short);
/// `MODEL_TEST_SEEDS=N` runs seeds 1...N, `MODEL_TEST_SEEDS=A-B` runs seeds A...B, `MODEL_TEST_SEED=S` runs
/// seed S only (both clocks); `MODEL_TEST_OPERATIONS` sets the sequence length (500 and 300 by default);
/// `MODEL_TEST_COVERAGE=1` prints how often the run reached each situation it is meant to test.
struct ModelTestConfiguration {
    var seeds: ClosedRange<UInt64>
    var operationCount: Int

    static func fromEnvironment(timed: Bool = false) -> ModelTestConfiguration {
        var configuration =
            timed
            ? ModelTestConfiguration(seeds: 1...32, operationCount: 300)
            : ModelTestConfiguration(seeds: 1...32, operationCount: 500)
        let environment = ProcessInfo.processInfo.environment
        if let value = environment["MODEL_TEST_SEEDS"] {
            let bounds = value.split(separator: "-").compactMap { UInt64($0) }
            if bounds.count == 2, bounds[0] <= bounds[1] {
                configuration.seeds = bounds[0]...bounds[1]
            } else if bounds.count == 1, bounds[0] > 0 {
                configuration.seeds = 1...bounds[0]
            }
        }
        if let value = environment["MODEL_TEST_SEED"], let seed = UInt64(value) {
            configuration.seeds = seed...seed
        }
        if let value = environment["MODEL_TEST_OPERATIONS"], let count = Int(value), count > 0 {
            configuration.operationCount = count
        }
        return configuration
    }
}

@Suite("Model-based routing")
@MainActor
struct ModelBasedTests {
    @Test("Random routing sequences keep Core equal to the reference model after every step")
    func randomSequences() async {
        await runRandomSequences(timed: false)
    }

    @Test(
        """
        On a manual clock, random animated routing, clock steps, held gestures and requests made while \
        things move keep Core equal to the model, and every idle point settled
        """)
    func randomTimedSequences() async {
        await runRandomSequences(timed: true)
    }

    /// Replays each seed's sequence, giving the main actor to the tests waiting for it between seeds: a run of
    /// seeds takes seconds, and a test waiting for the main actor meanwhile holds one of the places the test
    /// runner gives tests at once.
    private func runRandomSequences(timed: Bool) async {
        let configuration = ModelTestConfiguration.fromEnvironment(timed: timed)
        var coverage = ModelCoverage()
        defer {
            // Enough seeds reach every situation the generator is meant to test.
            if configuration.seeds.count >= 20 {
                let missing = coverage.missing(timed: timed)
                #expect(missing.isEmpty, "never reached: \(missing)")
            }
            if ProcessInfo.processInfo.environment["MODEL_TEST_COVERAGE"] != nil { print(coverage) }
        }
        for seed in configuration.seeds {
            await Task.yield()
            let operations =
                timed
                ? ModelOperation.randomTimedSequence(seed: seed, count: configuration.operationCount)
                : ModelOperation.randomSequence(seed: seed, count: configuration.operationCount)
            guard let failure = ModelRun.replay(operations, timed: timed, coverage: &coverage) else { continue }
            let shrunk = ModelRun.shrink(Array(operations.prefix(failure.step + 1))) {
                ModelRun.replay($0, timed: timed)?.step
            }
            let shrunkFailure =
                ModelRun.replay(shrunk, timed: timed).map(\.description) ?? "(the shrunk sequence passed)"
            Issue.record(
                """
                \(timed ? "timed " : "")seed \(seed) failed at \(failure)
                shrunk to \(shrunk.count) operations, which fail at \(shrunkFailure):
                [
                    \(shrunk.map(\.description).joined(separator: ",\n    ")),
                ]
                """)
            return
        }
    }

    @Test("Regression: sequences the random runs once found failing", arguments: ModelRegressions.all)
    func regression(_ regression: ModelRegressions) {
        let failure = ModelRun.replay(regression.operations, timed: regression.timed, splitTab: regression.splitTab)
        #expect(failure == nil, "\(failure.map(\.description) ?? "")")
    }

    @Test("Shrinking keeps only the operations a failure needs")
    func shrinkingFindsTheCause() {
        let operations = ModelOperation.randomSequence(seed: 3, count: 300)
        let first = operations.firstIndex { if case .stop = $0 { true } else { false } } ?? 0
        let second = operations[(first + 1)...].firstIndex(of: .swipeDown) ?? 0
        // A failure that needs a stop followed, later, by a swipe down.
        let failingStep = { (candidate: [ModelOperation]) -> Int? in
            guard let stop = candidate.firstIndex(of: operations[first]) else { return nil }
            return candidate[(stop + 1)...].firstIndex(of: .swipeDown)
        }
        #expect(failingStep(operations) == second)

        let shrunk = ModelRun.shrink(operations, failingStep: failingStep)

        #expect(shrunk == [operations[first], .swipeDown])
    }

    @Test("The generator is deterministic: a seed always gives the same operations")
    func generatorIsDeterministic() {
        #expect(ModelOperation.randomSequence(seed: 7, count: 50) == ModelOperation.randomSequence(seed: 7, count: 50))
        #expect(ModelOperation.randomSequence(seed: 7, count: 50) != ModelOperation.randomSequence(seed: 8, count: 50))
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    }
}
