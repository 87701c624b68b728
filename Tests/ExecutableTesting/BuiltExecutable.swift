package import Foundation

/// The executables `swift build --build-tests` puts beside the test bundle, for tests that run them as processes of
/// their own: the app, the terminal's stand-in, the data writer.
package enum BuiltExecutable {
    /// An executable that is not built.
    package struct Missing: Error, CustomStringConvertible {
        package let description: String
    }

    /// The path of the executable `name` in the test bundle's build folder; throws, saying how to build it, when it
    /// is not there.
    package static func path(_ name: String) throws -> String {
        let testExecutable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var folder = URL(fileURLWithPath: testExecutable).deletingLastPathComponent()
        // On Linux the test bundle is an executable in the build folder; elsewhere the executable is inside it.
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        let path = folder.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Missing(description: "no \(name) executable at \(path): build it with `swift build --build-tests`")
        }
        return path
    }

    /// What a run of a built executable did: its exit status and what it wrote to each stream.
    package struct Run {
        package let status: Int32
        package let output: String
        package let errors: String
    }

    /// Runs the built executable `name` with `arguments` in `directory`, as a person or a CI runs a tool it built
    /// once, in another folder; its output goes through files, so a chatty tool never blocks on a full pipe.
    package static func run(_ name: String, _ arguments: [String], in directory: URL) throws -> Run {
        let launch = try Launch(name, arguments, in: directory)
        try launch.process.runToExit()
        return try launch.run()
    }

    /// ``run(_:_:in:)`` that holds no thread while the executable runs, so a test on the main actor can start
    /// several and do its own work meanwhile (`async let`).
    package static func run(_ name: String, _ arguments: [String], in directory: URL) async throws -> Run {
        let launch = try Launch(name, arguments, in: directory)
        try await withCheckedThrowingContinuation { (exited: CheckedContinuation<Void, any Error>) in
            launch.process.terminationHandler = { _ in exited.resume() }
            do {
                try launch.process.run()
            } catch {
                launch.process.terminationHandler = nil
                exited.resume(throwing: error)
            }
        }
        return try launch.run()
    }

    /// A built executable set up to run, its output and errors going to files of their own, removed with it.
    private final class Launch: Sendable {
        let process: Process
        private let logs: [URL]

        init(_ name: String, _ arguments: [String], in directory: URL) throws {
            process = Process()
            process.executableURL = URL(fileURLWithPath: try BuiltExecutable.path(name))
            process.arguments = arguments
            process.currentDirectoryURL = directory
            logs = (0..<2).map { _ in
                ScratchSpace.directory.appendingPathComponent("run-\(UUID()).log")
            }
            for log in logs { _ = FileManager.default.createFile(atPath: log.path, contents: nil) }
            process.standardOutput = try FileHandle(forWritingTo: logs[0])
            process.standardError = try FileHandle(forWritingTo: logs[1])
        }

        deinit {
            for log in logs { try? FileManager.default.removeItem(at: log) }
        }

        /// What the run did, once the process has exited.
        func run() throws -> Run {
            let texts = try logs.map { try String(contentsOf: $0, encoding: .utf8) }
            return Run(status: process.terminationStatus, output: texts[0], errors: texts[1])
        }
    }
}

extension Process {
    /// Starts the process, runs `whileRunning` (where a caller reads the process's pipe, so a full pipe never holds
    /// it up), then waits for the process to exit and returns what `whileRunning` returned.
    ///
    /// The wait is woken by the process's termination handler as it exits: `waitUntilExit()` polls its run loop
    /// every 50 ms on Linux, which added about 25 ms to each of the many short runs the tests make.
    package func runToExit<Result>(whileRunning: () throws -> Result = { () }) throws -> Result {
        let exited = DispatchSemaphore(value: 0)
        terminationHandler = { _ in exited.signal() }
        try run()
        let result: Result
        do {
            result = try whileRunning()
        } catch {
            exited.wait()
            throw error
        }
        exited.wait()
        return result
    }
}
