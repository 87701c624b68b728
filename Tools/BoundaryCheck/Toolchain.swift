public import Foundation
import Synchronization

/// The compiler tools the check runs: `swiftc`, `swift-symbolgraph-extract` and `swift`, found together on
/// `PATH`, and the target triple `swiftc` compiles for.
///
/// They come from the toolchain that builds the package, so the symbol graphs and probes read the modules with
/// the compiler that wrote them, for the target it wrote them for.
public struct Toolchain: Sendable {
    /// The `swiftc` the probes typecheck with.
    public let compiler: URL
    /// The `swift-symbolgraph-extract` next to `swiftc`, which reads a built module's declarations.
    public let symbolGraphExtractor: URL
    /// The `swift` next to `swiftc`, whose `swift package dump-package` evaluates a manifest.
    public let packageManager: URL
    /// The target triple `swiftc` compiles for by default, such as `x86_64-unknown-linux-gnu`: the triple of
    /// the modules a plain `swift build` writes, read from `swiftc -print-target-info`.
    public let targetTriple: String

    /// Finds `swiftc` on `PATH` with `swift-symbolgraph-extract` and `swift` next to it, and asks it for its
    /// target triple.
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(BoundaryCheckError) -> Toolchain {
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in directories {
            let compiler = URL(fileURLWithPath: directory).appendingPathComponent("swiftc")
            let extractor = URL(fileURLWithPath: directory).appendingPathComponent("swift-symbolgraph-extract")
            let packageManager = URL(fileURLWithPath: directory).appendingPathComponent("swift")
            let tools = [compiler, extractor, packageManager]
            if tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0.path) }) {
                return Toolchain(
                    compiler: compiler, symbolGraphExtractor: extractor, packageManager: packageManager,
                    targetTriple: try targetTriple(of: compiler))
            }
        }
        throw .toolNotFound("swiftc, swift-symbolgraph-extract and swift were not found together on PATH")
    }

    /// The default target triple of `compiler`: `target.triple` in the JSON of `swiftc -print-target-info`.
    static func targetTriple(of compiler: URL) throws(BoundaryCheckError) -> String {
        if let known = knownTriples.withLock({ $0[compiler.path] }) { return known }
        struct TargetInfo: Decodable {
            struct Target: Decodable { let triple: String }
            let target: Target
        }
        let result = try run(compiler, ["-print-target-info"])
        guard result.status == 0,
            let info = try? JSONDecoder().decode(TargetInfo.self, from: Data(result.output.utf8))
        else {
            throw .toolFailed("`\(compiler.path) -print-target-info` did not print a target triple:\n\(result.output)")
        }
        knownTriples.withLock { $0[compiler.path] = info.target.triple }
        return info.target.triple
    }

    /// The triples asked for so far, by compiler path: one `-print-target-info` a process.
    private static let knownTriples = Mutex<[String: String]>([:])

    /// Runs `executable` with `arguments` and returns its exit status and its combined output.
    ///
    /// The output goes through a temporary file rather than a pipe, so a chatty compiler can never block on a
    /// full pipe buffer.
    public static func run(_ executable: URL, _ arguments: [String]) throws(BoundaryCheckError) -> ProcessResult {
        try runAll([(executable, arguments)])[0]
    }

    /// Runs `executable` with `arguments`; standard output in `output`, standard error in `errorOutput`.
    public static func runSeparatingOutput(
        _ executable: URL, _ arguments: [String]
    ) throws(BoundaryCheckError) -> ProcessResult {
        try runAll([(executable, arguments)], separatingErrors: true)[0]
    }

    /// Runs several commands, at most one per processor at a time, and returns their results in order.
    public static func runAll(
        _ commands: [(URL, [String])], separatingErrors: Bool = false
    ) throws(BoundaryCheckError) -> [ProcessResult] {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var results: [ProcessResult] = []
        var index = 0
        while index < commands.count {
            let batch = commands[index..<min(index + width, commands.count)]
            var running: [(process: Process, output: URL, errors: URL)] = []
            for (executable, arguments) in batch {
                let outputFile = temporaryLog()
                let errorFile = separatingErrors ? temporaryLog() : outputFile
                let process = Process()
                process.executableURL = executable
                process.arguments = arguments
                do {
                    process.standardOutput = try FileHandle(forWritingTo: outputFile)
                    process.standardError =
                        separatingErrors ? try FileHandle(forWritingTo: errorFile) : process.standardOutput
                    try process.run()
                } catch {
                    throw .toolFailed("\(executable.lastPathComponent) could not start: \(error)")
                }
                running.append((process, outputFile, errorFile))
            }
            for (process, outputFile, errorFile) in running {
                process.waitUntilExit()
                let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
                let errors = separatingErrors ? (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" : ""
                try? FileManager.default.removeItem(at: outputFile)
                try? FileManager.default.removeItem(at: errorFile)
                results.append(ProcessResult(status: process.terminationStatus, output: output, errorOutput: errors))
            }
            index += width
        }
        return results
    }

    private static func temporaryLog() -> URL {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("boundary-check-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        return file
    }
}

/// What a finished command reported.
public struct ProcessResult: Sendable {
    /// The exit status; zero means success.
    public let status: Int32
    /// Standard output, interleaved with standard error unless they were asked for separately.
    public let output: String
    /// Standard error, when it was asked for separately; empty otherwise.
    public let errorOutput: String
}
