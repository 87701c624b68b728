public import Foundation

/// The compiler tools the check runs: `swiftc` and `swift-symbolgraph-extract`, found on `PATH`.
///
/// Both come from the toolchain that builds the package, so the symbol graphs and probes read the modules with
/// the compiler that wrote them.
public struct Toolchain: Sendable {
    /// The `swiftc` the probes typecheck with.
    public let compiler: URL
    /// The `swift-symbolgraph-extract` next to `swiftc`, which reads a built module's declarations.
    public let symbolGraphExtractor: URL

    /// Finds `swiftc` on `PATH` and `swift-symbolgraph-extract` next to it.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(BoundaryCheckError) -> Toolchain {
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in directories {
            let compiler = URL(fileURLWithPath: directory).appendingPathComponent("swiftc")
            let extractor = URL(fileURLWithPath: directory).appendingPathComponent("swift-symbolgraph-extract")
            if FileManager.default.isExecutableFile(atPath: compiler.path),
                FileManager.default.isExecutableFile(atPath: extractor.path)
            {
                return Toolchain(compiler: compiler, symbolGraphExtractor: extractor)
            }
        }
        throw .toolNotFound("swiftc and swift-symbolgraph-extract were not found together on PATH")
    }

    /// The target triple of the machine the check runs on, which built the modules it reads.
    public static var hostTarget: String {
        #if arch(arm64)
            "aarch64-unknown-linux-gnu"
        #else
            "x86_64-unknown-linux-gnu"
        #endif
    }

    /// Runs `executable` with `arguments` and returns its exit status and its combined output.
    ///
    /// The output goes through a temporary file rather than a pipe, so a chatty compiler can never block on a
    /// full pipe buffer.
    public static func run(_ executable: URL, _ arguments: [String]) throws(BoundaryCheckError) -> ProcessResult {
        try runAll([(executable, arguments)])[0]
    }

    /// Runs several commands, at most one per processor at a time, and returns their results in order.
    public static func runAll(_ commands: [(URL, [String])]) throws(BoundaryCheckError) -> [ProcessResult] {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var results: [ProcessResult] = []
        var index = 0
        while index < commands.count {
            let batch = commands[index..<min(index + width, commands.count)]
            var running: [(Process, URL)] = []
            for (executable, arguments) in batch {
                let outputFile = FileManager.default.temporaryDirectory
                    .appendingPathComponent("boundary-check-\(UUID().uuidString).log")
                _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
                let process = Process()
                process.executableURL = executable
                process.arguments = arguments
                do {
                    let handle = try FileHandle(forWritingTo: outputFile)
                    process.standardOutput = handle
                    process.standardError = handle
                    try process.run()
                } catch {
                    throw .toolFailed("\(executable.lastPathComponent) could not start: \(error)")
                }
                running.append((process, outputFile))
            }
            for (process, outputFile) in running {
                process.waitUntilExit()
                let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
                try? FileManager.default.removeItem(at: outputFile)
                results.append(ProcessResult(status: process.terminationStatus, output: output))
            }
            index += width
        }
        return results
    }
}

/// What a finished command reported.
public struct ProcessResult: Sendable {
    /// The exit status; zero means success.
    public let status: Int32
    /// Standard output and standard error, interleaved.
    public let output: String
}
