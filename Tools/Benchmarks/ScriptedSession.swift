import AppTerminal
import Core

/// Commands for the app's command loop, handed over one block per read, with a look at the process before
/// each block.
///
/// The command loop reads again only once every line it holds has run, and it runs on the main actor, so each
/// read marks the moment the previous block finished: the time, the bytes allocated, the live coordinators and
/// screens and the resident memory sampled there belong to the block before.
final class ScriptedSession: AppMain.ByteInput {
    /// The process seen just before a block was handed over (or after the last one).
    struct Sample {
        /// The monotonic time in nanoseconds.
        let nanoseconds: UInt64
        /// The bytes allocated by the process so far.
        let allocatedBytes: UInt64
        /// The coordinators alive.
        let coordinators: Int
        /// The screens alive.
        let screens: Int
        /// The resident memory in bytes.
        let residentBytes: Int
    }

    private let blocks: [[String]]
    private let samplesResidentMemory: Bool
    private let progress: (Int) -> Void
    private var nextBlock = 0
    /// One sample per block, taken before it is handed over, and a last one at the end of the input.
    private(set) var samples: [Sample] = []

    /// Creates a session of `blocks` of command lines; `progress` is told each block's index before it is
    /// handed over. Reading the resident memory costs a file read, so it is sampled only when asked.
    init(blocks: [[String]], samplesResidentMemory: Bool = false, progress: @escaping (Int) -> Void = { _ in }) {
        self.blocks = blocks
        self.samplesResidentMemory = samplesResidentMemory
        self.progress = progress
        samples.reserveCapacity(blocks.count + 1)
    }

    var isTerminal: Bool { false }

    func read(maximumCount: Int) -> [UInt8] {
        let samplesResidentMemory = samplesResidentMemory
        samples.append(
            MainActor.assumeIsolated {
                Sample(
                    nanoseconds: Measure.monotonicNanoseconds(), allocatedBytes: Measure.allocatedBytes(),
                    coordinators: LiveObjects.coordinatorCount, screens: LiveObjects.screenCount,
                    residentBytes: samplesResidentMemory ? Measure.residentBytes() : 0)
            })
        guard nextBlock < blocks.count else { return [] }
        progress(nextBlock)
        defer { nextBlock += 1 }
        return Array(blocks[nextBlock].map { $0 + "\n" }.joined().utf8)
    }

    func setEcho(_ isOn: Bool) {}

    /// The time and allocation of each block in `range`, per command of those blocks (or per block when
    /// `perCommand` is false), as a measurement named `name`.
    func measurement(_ name: String, blocks range: Range<Int>, perCommand: Bool) -> Measurement {
        let operations = perCommand ? blocks[range.lowerBound].count : 1
        let times = range.map { index in
            Double(samples[index + 1].nanoseconds - samples[index].nanoseconds) / Double(operations)
        }
        let bytes = samples[range.upperBound].allocatedBytes - samples[range.lowerBound].allocatedBytes
        return Measurement(
            name: name, nanosecondsPerOperation: times,
            bytesPerOperation: Double(bytes) / Double(range.count * operations), operationsPerSample: operations)
    }
}
