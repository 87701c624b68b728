import AppFlows
import AppTerminal
import Foundation
import Glibc

/// Benchmarks of the whole app, run in process through `AppMain.run` on a temporary data directory.
@MainActor
enum AppBenchmarks {
    /// Why an app benchmark could not produce its figures.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The navigation commands of the command-loop benchmark, repeated in this order after one log-in.
    static let navigationMix = [
        "popular", "latest", "post.1", "back", "state", "open app://feed/post/2", "open app://feed/popular",
        "open app://feed", "post.3", "back",
    ]

    /// What `navigationMix` does, for the table.
    static let navigationMixDescription =
        "per 10 commands: 2 segment switches (popular, latest), 2 taps opening a post, 2 back, "
        + "1 state (JSON), 3 deep links (a post, the popular segment, the feed)"

    /// Commands per second of the command loop over a long scripted session: one log-in, then `blocks` blocks
    /// of the navigation mix repeated ten times (100 commands a block, one block a sample).
    static func commandLoop(blocks: Int) async throws -> (measurement: Measurement, commandsPerSecond: Double) {
        let login = ["set email demo@example.com", "set password demo-password", "login"]
        let block = Array(repeating: navigationMix, count: 10).flatMap { $0 }
        let session = ScriptedSession(blocks: [login] + Array(repeating: block, count: blocks))
        try await run(session)
        let measurement = session.measurement(
            "app command loop, navigation mix (per command)", blocks: 1..<(blocks + 1), perCommand: true)
        guard let first = session.samples.dropFirst().first, let last = session.samples.last else {
            throw Failure(description: "the command loop read no commands")
        }
        let seconds = Double(last.nanoseconds - first.nanoseconds) / 1_000_000_000
        return (measurement, Double(blocks * block.count) / seconds)
    }

    /// Log-in/log-out cycles (the log-out from the Profile tab, so each cycle builds and releases Main with both
    /// tabs), then compose/dismiss cycles, in one run of the app. The live coordinators and
    /// screens and the resident memory are sampled at the start of every cycle.
    static func soak(logInCycles: Int, composeCycles: Int) async throws -> (soaks: [Soak], measurements: [Measurement])
    {
        let logIn = ["set email demo@example.com", "set password demo-password", "login"]
        let blocks =
            Array(repeating: logIn + ["tab profile", "logout"], count: logInCycles) + [logIn]
            + Array(repeating: ["compose", "dismiss"], count: composeCycles) + [["tab profile", "logout"]]
        let composeStart = logInCycles + 1
        let started = Measure.monotonicNanoseconds()
        let session = ScriptedSession(blocks: blocks, samplesResidentMemory: true) { index in
            let isLogIn = index < logInCycles
            let number = isLogIn ? index : index - composeStart
            let total = isLogIn ? logInCycles : composeCycles
            guard number > 0, number < total, number % max(1, total / 10) == 0 else { return }
            let seconds = String(format: "%.1f", Double(Measure.monotonicNanoseconds() - started) / 1_000_000_000)
            let name = isLogIn ? "log-in/log-out" : "compose/dismiss"
            printError("soak: \(name) \(number)/\(total) cycles (\(seconds) s)\n")
        }
        try await run(session)
        let samples = session.samples
        let soaks = [
            Soak(
                name: "log-in/log-out", cycles: logInCycles, first: samples[0], last: samples[logInCycles]),
            Soak(
                name: "compose/dismiss", cycles: composeCycles, first: samples[composeStart],
                last: samples[composeStart + composeCycles]),
        ]
        let measurements = [
            session.measurement(
                "soak: log in (yescrypt) + log out, per cycle", blocks: 0..<logInCycles, perCommand: false),
            session.measurement(
                "soak: compose + dismiss, per cycle", blocks: composeStart..<(composeStart + composeCycles),
                perCommand: false),
        ]
        return (soaks, measurements)
    }

    /// Runs the app over `session` on a new temporary data directory, with a fixed clock; throws unless it
    /// exits 0.
    private static func run(_ session: ScriptedSession) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await run(session, in: directory)
    }

    /// Runs the app over `session` on the data directory `directory`, with a fixed clock and `extraArguments`;
    /// throws unless it exits 0.
    static func run(_ session: ScriptedSession, in directory: String, extraArguments: [String] = []) async throws {
        let errors = KeptOutput()
        let status = await AppMain.run(
            app: LiveApp(), arguments: ["--data-dir", directory] + extraArguments,
            environment: ["APP_NOW": "2026-01-01T12:00:00Z", "HOME": directory],
            input: session, output: DiscardedOutput(), error: errors)
        guard status == 0 else {
            throw Failure(description: "the app exited with \(status): \(errors.text.prefix(500))")
        }
    }

    static func temporaryDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/benchmarks-XXXXXX").utf8CString)
        guard let path = mkdtemp(&template) else {
            throw Failure(description: "cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        return String(cString: path)
    }
}
