public import Foundation
import Synchronization

/// The compiler tools that read a package and its built modules: `swiftc`, `swift-symbolgraph-extract` and
/// `swift`, found together on `PATH`, and the target triple `swiftc` compiles for; and how the tools run them.
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
    /// the modules a plain `swift build` writes, read from `swiftc -print-target-info` the first time it is
    /// asked for (a check whose answers are all kept never needs it), then kept for the life of the process.
    public var targetTriple: String {
        get throws(ToolError) {
            if let known = Self.triples.withLock({ $0[compiler.path] }) { return known }
            let triple = try Self.targetTriple(of: compiler)
            Self.triples.withLock { $0[compiler.path] = triple }
            return triple
        }
    }

    /// The target triples read so far, by the compiler's path.
    private static let triples = Mutex<[String: String]>([:])

    /// The tools at these paths: a stand-in for a tool, for the checker's own tests.
    package init(compiler: URL, symbolGraphExtractor: URL, packageManager: URL) {
        self.compiler = compiler
        self.symbolGraphExtractor = symbolGraphExtractor
        self.packageManager = packageManager
    }

    /// Finds `swiftc` on `PATH` with `swift-symbolgraph-extract` and `swift` next to it.
    ///
    /// The answer is kept for the life of the process, one for each value of `PATH`: a process that checks many
    /// modules or packages asks the compiler once.
    public static func locate() throws(ToolError) -> Toolchain {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        if let known = located.withLock({ $0[path] }) { return known }
        let toolchain = try locate(onPath: path)
        located.withLock { $0[path] = toolchain }
        return toolchain
    }

    /// The toolchains found so far, by the `PATH` they were found on.
    private static let located = Mutex<[String: Toolchain]>([:])

    private static func locate(onPath path: String) throws(ToolError) -> Toolchain {
        let directories = path.split(separator: ":").map(String.init)
        for directory in directories {
            let compiler = URL(fileURLWithPath: directory).appendingPathComponent("swiftc")
            let extractor = URL(fileURLWithPath: directory).appendingPathComponent("swift-symbolgraph-extract")
            let packageManager = URL(fileURLWithPath: directory).appendingPathComponent("swift")
            let tools = [compiler, extractor, packageManager]
            if tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0.path) }) {
                return Toolchain(compiler: compiler, symbolGraphExtractor: extractor, packageManager: packageManager)
            }
        }
        throw .toolNotFound("swiftc, swift-symbolgraph-extract and swift were not found together on PATH")
    }

    /// The default target triple of `compiler`: `target.triple` in the JSON of `swiftc -print-target-info`.
    static func targetTriple(of compiler: URL) throws(ToolError) -> String {
        struct TargetInfo: Decodable {
            struct Target: Decodable { let triple: String }
            let target: Target
        }
        let result = try run(compiler, ["-print-target-info"])
        guard result.status == 0,
            let info = try? JSONDecoder().decode(TargetInfo.self, from: Data(result.standardOutput.utf8))
        else {
            throw .toolFailed("`\(compiler.path) -print-target-info` did not print a target triple:\n\(result.output)")
        }
        return info.target.triple
    }

    /// A new folder in the temporary directory, named `prefix` and a UUID, which the caller removes.
    public static func scratchDirectory(_ prefix: String) throws(ToolError) -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .toolFailed("cannot create \(directory.path): \(error)")
        }
        return directory
    }

    /// Runs `executable` with `arguments` and returns its exit status and its output.
    public static func run(_ executable: URL, _ arguments: [String]) throws(ToolError) -> ProcessResult {
        try runAll([(executable, arguments)])[0]
    }

    /// Runs several commands, at most one per processor at a time, and returns their results in order.
    ///
    /// The output goes through temporary files rather than pipes, so a chatty compiler can never block on a full
    /// pipe buffer. Each command is waited for by its termination handler, which fires as the command exits:
    /// `Process.waitUntilExit()` polls its run loop every 50 ms on Linux, which added about 25 ms to each of the
    /// many short compiler runs a check makes.
    ///
    /// The Swift driver (`swiftc`) makes a `TemporaryDirectory.*` folder in `TMPDIR` at every run and leaves it
    /// there, so the drivers these commands start get a temporary folder of their own, removed once they have
    /// ended: a check would otherwise leave one folder in the temporary directory for every compiler run.
    public static func runAll(_ commands: [(URL, [String])]) throws(ToolError) -> [ProcessResult] {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let driverTemporary = FileManager.default.temporaryDirectory.appendingPathComponent("swiftc-\(UUID())")
        defer { try? FileManager.default.removeItem(at: driverTemporary) }
        if commands.contains(where: { $0.0.lastPathComponent == "swiftc" }) {
            try? FileManager.default.createDirectory(at: driverTemporary, withIntermediateDirectories: true)
        }
        var results: [ProcessResult] = []
        for start in stride(from: 0, to: commands.count, by: width) {
            var running: [(process: Process, exited: DispatchSemaphore, logs: [URL])] = []
            for (executable, arguments) in commands[start..<min(start + width, commands.count)] {
                let logs = (0..<2).map { _ in
                    FileManager.default.temporaryDirectory.appendingPathComponent("tool-output-\(UUID()).log")
                }
                let process = Process()
                process.executableURL = executable
                process.arguments = arguments
                if executable.lastPathComponent == "swiftc" {
                    var environment = ProcessInfo.processInfo.environment
                    environment["TMPDIR"] = driverTemporary.path
                    process.environment = environment
                }
                let exited = DispatchSemaphore(value: 0)
                process.terminationHandler = { _ in exited.signal() }
                do {
                    for log in logs { _ = FileManager.default.createFile(atPath: log.path, contents: nil) }
                    process.standardOutput = try FileHandle(forWritingTo: logs[0])
                    process.standardError = try FileHandle(forWritingTo: logs[1])
                    try process.run()
                } catch {
                    throw .toolFailed("\(executable.lastPathComponent) could not start: \(error)")
                }
                running.append((process, exited, logs))
            }
            for (process, exited, logs) in running {
                exited.wait()
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

    /// A result as a command reported it, or as it was kept from an earlier run of the same command.
    public init(status: Int32, standardOutput: String, standardError: String) {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Both, standard output first: the whole report of a tool, for diagnostics and error messages.
    public var output: String { standardOutput + standardError }
}

extension Toolchain {
    /// The `-I` arguments that let a compiler tool read the modules in `directories`: each directory, and, beside
    /// each build's `Modules` directory among them, every C target's folder that SwiftPM wrote a module map into
    /// (`<build>/<Target>.build/module.modulemap`). A Swift module that imports a C target of its package, even
    /// internally, is read only where that target's module map is found.
    public static func searchArguments(_ directories: [URL]) -> [String] {
        var found: [URL] = []
        for directory in directories {
            found.append(directory)
            guard directory.lastPathComponent == "Modules" else { continue }
            let build = directory.deletingLastPathComponent()
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []
            for entry in entries.sorted() where entry.hasSuffix(".build") {
                let folder = build.appendingPathComponent(entry)
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path) {
                    found.append(folder)
                }
            }
        }
        return found.flatMap { ["-I", $0.path] }
    }
}
