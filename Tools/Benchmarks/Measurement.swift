import Glibc

/// The figures of one benchmark: time and allocation per operation over many samples.
struct Measurement {
    /// What was measured, for example "push+pop (stack depth 1000)".
    let name: String
    /// Nanoseconds per operation, one value per sample.
    let nanosecondsPerOperation: [Double]
    /// Bytes allocated per operation, over all samples.
    let bytesPerOperation: Double
    /// Operations per sample.
    let operationsPerSample: Int

    var median: Double { percentile(0.5) }
    /// The fastest sample: what the operation costs when nothing else on the machine gets in the way.
    var minimum: Double { nanosecondsPerOperation.min() ?? 0 }
    var ninetiethPercentile: Double { percentile(0.9) }

    /// The value below which `fraction` of the samples fall (nearest rank).
    func percentile(_ fraction: Double) -> Double {
        let sorted = nanosecondsPerOperation.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}

/// Runs operations and measures them with a monotonic clock and the allocation counter.
@MainActor
enum Measure {
    /// How many bytes the process has allocated so far: set by the executable, which counts them; nothing (zero)
    /// where nothing counts, as in the tests of this module.
    static var allocatedBytes: () -> UInt64 = { 0 }

    /// Measures `operation` in `samples` samples of `operationsPerSample` calls each, after one
    /// unmeasured warm-up sample.
    static func repeating(
        _ name: String,
        samples: Int,
        operationsPerSample: Int,
        _ operation: () throws -> Void
    ) rethrows -> Measurement {
        for _ in 0..<operationsPerSample { try operation() }
        var times: [Double] = []
        let bytesBefore = Measure.allocatedBytes()
        for _ in 0..<samples {
            let start = monotonicNanoseconds()
            for _ in 0..<operationsPerSample { try operation() }
            times.append(Double(monotonicNanoseconds() - start) / Double(operationsPerSample))
        }
        let bytes = Double(Measure.allocatedBytes() - bytesBefore) / Double(samples * operationsPerSample)
        return Measurement(
            name: name, nanosecondsPerOperation: times, bytesPerOperation: bytes,
            operationsPerSample: operationsPerSample)
    }

    /// Measures one call of `operation` per sample, after one unmeasured warm-up call; `prepare` builds its input
    /// and is not measured.
    static func once<Input>(
        _ name: String,
        samples: Int,
        prepare: () throws -> Input,
        _ operation: (Input) throws -> Void
    ) rethrows -> Measurement {
        try operation(try prepare())
        var times: [Double] = []
        var bytes: UInt64 = 0
        for _ in 0..<samples {
            let input = try prepare()
            let bytesBefore = Measure.allocatedBytes()
            let start = monotonicNanoseconds()
            try operation(input)
            times.append(Double(monotonicNanoseconds() - start))
            bytes += Measure.allocatedBytes() - bytesBefore
        }
        return Measurement(
            name: name, nanosecondsPerOperation: times, bytesPerOperation: Double(bytes) / Double(samples),
            operationsPerSample: 1)
    }

    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Resident memory of this process in bytes, from `/proc/self/statm`.
    static func residentBytes() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0
        var resident = 0
        guard
            withUnsafeMutablePointer(
                to: &size,
                { sizePointer in
                    withUnsafeMutablePointer(to: &resident) { residentPointer in
                        withVaList([sizePointer, residentPointer]) { vfscanf(file, "%ld %ld", $0) }
                    }
                }) == 2
        else { return 0 }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
