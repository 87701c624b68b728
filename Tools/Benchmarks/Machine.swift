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
