public import Foundation

/// Runs the command-line tools that read a package (`swift`, `swiftc`, `git`) and collects what they report.
public enum ProcessRunner {
    /// Runs `executable` with `arguments` and returns its exit status and its output.
    public static func run(_ executable: URL, _ arguments: [String]) throws(PackageReadingError) -> ProcessResult {
        try runAll([(executable, arguments)])[0]
    }

    /// Runs several commands, at most one per processor at a time, and returns their results in order.
    ///
    /// The output goes through temporary files rather than pipes, so a chatty compiler can never block on a full
    /// pipe buffer.
    public static func runAll(_ commands: [(URL, [String])]) throws(PackageReadingError) -> [ProcessResult] {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var results: [ProcessResult] = []
        for start in stride(from: 0, to: commands.count, by: width) {
            var running: [(process: Process, logs: [URL])] = []
            for (executable, arguments) in commands[start..<min(start + width, commands.count)] {
                let logs = (0..<2).map { _ in
                    FileManager.default.temporaryDirectory.appendingPathComponent("package-reading-\(UUID()).log")
                }
                let process = Process()
                process.executableURL = executable
                process.arguments = arguments
                do {
                    for log in logs { _ = FileManager.default.createFile(atPath: log.path, contents: nil) }
                    process.standardOutput = try FileHandle(forWritingTo: logs[0])
                    process.standardError = try FileHandle(forWritingTo: logs[1])
                    try process.run()
                } catch {
                    throw .toolFailed("\(executable.lastPathComponent) could not start: \(error)")
                }
                running.append((process, logs))
            }
            for (process, logs) in running {
                process.waitUntilExit()
                let texts = logs.map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "" }
                for log in logs { try? FileManager.default.removeItem(at: log) }
                results.append(
                    ProcessResult(status: process.terminationStatus, standardOutput: texts[0], standardError: texts[1]))
            }
        }
        return results
    }
}

/// What a finished command reported.
public struct ProcessResult: Sendable {
    /// The exit status; zero means success.
    public let status: Int32
    /// What it wrote to standard output.
    public let standardOutput: String
    /// What it wrote to standard error, where compilers write their diagnostics.
    public let standardError: String

    /// Both, standard output first: the whole report of a tool, for diagnostics and error messages.
    public var output: String { standardOutput + standardError }
}
