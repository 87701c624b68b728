import Core
import Foundation
import Testing

/// Which seeds to run: 200 by default; `MODEL_TEST_SEEDS=N` runs seeds 1...N, `MODEL_TEST_SEEDS=A-B` runs
/// seeds A...B, `MODEL_TEST_SEED=S` runs seed S only; `MODEL_TEST_OPERATIONS` sets the sequence length.
struct ModelTestConfiguration {
    var seeds: ClosedRange<UInt64> = 1...200
    var operationCount = 500

    static func fromEnvironment() -> ModelTestConfiguration {
        var configuration = ModelTestConfiguration()
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
    func randomSequences() {
        let configuration = ModelTestConfiguration.fromEnvironment()
        for seed in configuration.seeds {
            let operations = ModelOperation.randomSequence(seed: seed, count: configuration.operationCount)
            guard let failure = ModelRun.replay(operations) else { continue }
            let shrunk = ModelRun.shrink(Array(operations.prefix(failure.step + 1)))
            let shrunkFailure = ModelRun.replay(shrunk).map(\.description) ?? "(the shrunk sequence passed)"
            Issue.record(
                """
                seed \(seed) failed at \(failure)
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
        let failure = ModelRun.replay(regression.operations)
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
