import AppFlows
import AppTerminal
import Foundation

/// Start-up of the app restoring the deepest place it keeps, against start-up at the first screen, in one run.
@MainActor
enum RestorationBenchmarks {
    /// The deepest place: Login with a typed email and sign-up pushed onto it at its last step, with its email and
    /// display name typed (four coordinators, four screens on the stack). Restoring it checks, as `next` does,
    /// that the email is still free.
    static let deepestPlace = [
        "set email typed@example.com", "signup", "set email new@example.com", "next", "set password pass-word-1",
        "set confirmation pass-word-1", "next", "set displayName Ann",
    ]

    /// Start-ups at the first screen (`--no-restore`) and restoring ``deepestPlace``, alternated so both see the
    /// same machine; each start-up is a whole run of the app on an empty input: the data directory opened and
    /// checked, the tree built and started, the place restored and saved, then stopped.
    static func startUp(samples: Int) async throws -> (root: Measurement, restoring: Measurement) {
        let rootDirectory = try AppBenchmarks.temporaryDirectory()
        let deepDirectory = try AppBenchmarks.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: rootDirectory)
            try? FileManager.default.removeItem(atPath: deepDirectory)
        }
        try await run(in: rootDirectory, lines: [])
        try await run(in: deepDirectory, lines: deepestPlace)
        var rootTimes: [Double] = []
        var restoringTimes: [Double] = []
        var rootBytes: UInt64 = 0
        var restoringBytes: UInt64 = 0
        for _ in 0..<samples {
            for (directory, arguments) in [(rootDirectory, ["--no-restore"]), (deepDirectory, [])] {
                let bytesBefore = Measure.allocatedBytes()
                let start = Measure.monotonicNanoseconds()
                try await run(in: directory, lines: [], arguments: arguments)
                let time = Double(Measure.monotonicNanoseconds() - start)
                let bytes = Measure.allocatedBytes() - bytesBefore
                if directory == rootDirectory {
                    rootTimes.append(time)
                    rootBytes += bytes
                } else {
                    restoringTimes.append(time)
                    restoringBytes += bytes
                }
            }
        }
        let root = Measurement(
            name: "start-up at the first screen (--no-restore)", nanosecondsPerOperation: rootTimes,
            bytesPerOperation: Double(rootBytes) / Double(samples), operationsPerSample: 1)
        let restoring = Measurement(
            name: "start-up restoring the deepest screen (signup.name)", nanosecondsPerOperation: restoringTimes,
            bytesPerOperation: Double(restoringBytes) / Double(samples), operationsPerSample: 1)
        return (root, restoring)
    }

    /// Runs the app on `directory` over `lines`; throws unless it exits 0 without a word on the error output
    /// (a restoration notice would mean the place was not restored).
    private static func run(in directory: String, lines: [String], arguments: [String] = []) async throws {
        let errors = KeptOutput()
        let status = await AppMain.run(
            app: LiveApp(), arguments: ["--data-dir", directory] + arguments,
            environment: ["APP_NOW": "2026-01-01T12:00:00Z", "HOME": directory],
            input: ScriptedSession(blocks: [lines]), output: DiscardedOutput(), error: errors)
        guard status == 0, errors.text.isEmpty else {
            throw AppBenchmarks.Failure(description: "the app exited with \(status): \(errors.text.prefix(500))")
        }
    }
}
