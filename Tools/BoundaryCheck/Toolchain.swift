public import Foundation
public import PackageReading

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
    public static func locate() throws(BoundaryCheckError) -> Toolchain {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
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
    static func scratchDirectory(_ prefix: String) throws(BoundaryCheckError) -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .toolFailed("cannot create \(directory.path): \(error)")
        }
        return directory
    }

    /// Runs `executable` with `arguments` (``ProcessRunner/run(_:_:)``).
    static func run(_ executable: URL, _ arguments: [String]) throws(BoundaryCheckError) -> ProcessResult {
        try runAll([(executable, arguments)])[0]
    }

    /// Runs several commands side by side (``ProcessRunner/runAll(_:)``).
    static func runAll(_ commands: [(URL, [String])]) throws(BoundaryCheckError) -> [ProcessResult] {
        do { return try ProcessRunner.runAll(commands) } catch { throw BoundaryCheckError(error) }
    }

    /// The evaluated manifest of the package at `packageRoot`, read with this toolchain's `swift`.
    public func manifest(of packageRoot: URL) throws(BoundaryCheckError) -> PackageManifest {
        do { return try PackageManifest(packageRoot: packageRoot, swift: packageManager) } catch {
            throw BoundaryCheckError(error)
        }
    }
}
