import Foundation

/// The machine a run measured, so a table of figures says where it came from.
struct Machine {
    /// The day of the run, `yyyy-MM-dd` in UTC.
    let date: String
    /// Processors online.
    let cores: Int
    /// The processor's model name from `/proc/cpuinfo`, when it has one.
    let processor: String?
    /// Physical memory in bytes.
    let memoryBytes: UInt64
    /// The kernel's name and release, such as `Linux 6.18.0`.
    let system: String
    /// The one-minute load average when the run started; other work on the machine slows the figures.
    let loadAverage: Double?

    /// This machine, now.
    static func current() -> Machine {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
        var names = utsname()
        uname(&names)
        let sysname = withUnsafeBytes(of: names.sysname) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let release = withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        var load = [0.0]
        return Machine(
            date: formatter.string(from: Date()), cores: ProcessInfo.processInfo.activeProcessorCount,
            processor: model, memoryBytes: ProcessInfo.processInfo.physicalMemory, system: "\(sysname) \(release)",
            loadAverage: getloadavg(&load, 1) == 1 ? load[0] : nil)
    }

    /// One sentence, such as `2 cores (Intel(R) Xeon(R) Processor), 23.5 GiB of memory, Linux 6.18.0, load
    /// average 1.3 at the start`.
    var description: String {
        let gibibytes = (Double(memoryBytes) / 1_073_741_824 * 10).rounded() / 10
        return "\(cores) cores" + (processor.map { " (\($0))" } ?? "") + ", \(gibibytes) GiB of memory, \(system)"
            + (loadAverage.map { ", load average \(($0 * 10).rounded() / 10) at the start" } ?? "")
    }
}

/// Every thread of this process held to one processor while a measurement runs: a measurement of two tasks that
/// take turns on the main actor otherwise measures how fast a parked thread wakes on the other processor (from
/// 15 to 60 µs here, depending on whether that processor was busy), not the turns themselves.
enum OneProcessor {
    /// Runs `body` with every thread of the process on the first processor the caller may run on, then gives each
    /// thread back the processors it had. Where the system refuses, `body` runs as the threads are.
    @MainActor
    static func run<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        var own = [UInt8](repeating: 0, count: maskBytes)
        guard let getAffinity, let setAffinity,
            own.withUnsafeMutableBytes({ getAffinity(0, maskBytes, $0.baseAddress!) }) == 0,
            let byte = own.firstIndex(where: { $0 != 0 })
        else { return try await body() }
        var only = [UInt8](repeating: 0, count: maskBytes)
        only[byte] = own[byte] & (~own[byte] &+ 1)
        var before: [(thread: pid_t, mask: [UInt8])] = []
        for thread in threads() {
            var mask = [UInt8](repeating: 0, count: maskBytes)
            guard mask.withUnsafeMutableBytes({ getAffinity(thread, maskBytes, $0.baseAddress!) }) == 0 else {
                continue
            }
            if only.withUnsafeMutableBytes({ setAffinity(thread, maskBytes, $0.baseAddress!) }) == 0 {
                before.append((thread, mask))
            }
        }
        defer {
            for (thread, var mask) in before {
                _ = mask.withUnsafeMutableBytes { setAffinity(thread, maskBytes, $0.baseAddress!) }
            }
        }
        return try await body()
    }

    /// The size of a processor mask: the C library's `cpu_set_t`, 1,024 processors.
    private static let maskBytes = 128

    /// glibc's `sched_getaffinity` and `sched_setaffinity`, which Swift's Glibc module does not show.
    private typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    private static let getAffinity = symbol("sched_getaffinity")
    private static let setAffinity = symbol("sched_setaffinity")

    private static func symbol(_ name: String) -> Affinity? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: Affinity.self) }
    }

    /// The ids of this process's threads.
    private static func threads() -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return names.compactMap { pid_t($0) }
    }
}
