import ExecutableTesting
import Foundation
import Testing

@testable import Explore

/// `swift run explore` on the composed app over in-memory services.
@Suite("explore")
@MainActor
struct ExploreCommandTests {
    /// Runs the command with `arguments` and returns its exit code, standard output and standard error.
    static func run(_ arguments: [String]) -> (status: Int32, output: [String], errors: [String]) {
        var output: [String] = []
        var errors: [String] = []
        let status = AppExploration.run(arguments, output: { output.append($0) }, errors: { errors.append($0) })
        return (status, output, errors)
    }

    @Test("The composed app, explored two inputs deep with its deep links, keeps every invariant")
    func exploresTheApp() {
        let result = Self.run(["--depth", "2"])
        #expect(result.status == 0, "\(result.output)")
        let summary = result.output.last ?? ""
        #expect(summary.hasPrefix("explored ") && summary.hasSuffix(" transitions, 0 violations"), "\(summary)")
        let states = Int(summary.split(separator: " ")[1]) ?? 0
        #expect(states >= 10, "\(summary)")
    }

    @Test("Resuming from checkpoints finds the same states, transitions and violations as replaying every path")
    func checkpointsFindWhatReplayingFinds() throws {
        let resumed = try AppExploration.findings(depth: 3, states: 5_000, resumesFromCheckpoints: true)
        let replayed = try AppExploration.findings(depth: 3, states: 5_000, resumesFromCheckpoints: false)
        #expect(resumed.summary == replayed.summary)
        #expect(resumed.states == replayed.states, "the same states, found in the same order")
        #expect(resumed.violations == replayed.violations)
        #expect(replayed.violations.isEmpty, "\(replayed.violations)")
        // Deep enough that most states are resumed past Login: Main with either tab selected, a sheet over it, the
        // sign-up flow.
        #expect(resumed.states.count > 50, "\(resumed.summary)")
        #expect(resumed.states.contains { $0.contains("tab profile, selected") }, "the profile tab, tapped")
        #expect(resumed.states.contains { $0.contains("(presented ") }, "a sheet")
        #expect(resumed.states.contains { $0.contains("signup") }, "the sign-up flow")
    }

    @Test("A depth that is not a small number is a usage error, exit code 64")
    func usageErrors() {
        let wrong = [
            ["--depth", "-1"], ["--depth", "many"], ["--depth", "51"], ["--states", "0"], ["--jobs", "0"],
            ["--jobs", "65"], ["--jobs", "all"], ["--fast"],
        ]
        for arguments in wrong {
            let result = Self.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.errors.joined().contains("usage: swift run explore"), "\(arguments)")
        }
    }

    @Test("Stopped by the state budget before the depth is covered, it says so and exits 1, unless partial is allowed")
    func stateBudgetIsNoSilentSuccess() {
        let stopped = Self.run(["--depth", "2", "--states", "2"])
        #expect(stopped.status == 1)
        #expect(stopped.output.last?.contains("stopped at the state budget of 2 states") == true, "\(stopped.output)")
        #expect(stopped.errors.joined().contains("--allow-partial"))
        let allowed = Self.run(["--depth", "2", "--states", "2", "--allow-partial"])
        #expect(allowed.status == 0, "\(allowed.errors)")
    }

    @Test(
        "Processes sharing the levels find what one process finds: the same states in the same order, the same counts"
    )
    func processesFindWhatOneFinds() throws {
        // The built tool, a process of its own with one thread: the explorer forks only there, never in the tests'
        // process. Three processes share from the first level with three states, so states found by one are tried
        // by it, or handed to another, at the next.
        let arguments = ["--depth", "3", "--print-states"]
        let folder = FileManager.default.temporaryDirectory
        let alone = try BuiltExecutable.run("explore", arguments + ["--jobs", "1"], in: folder)
        let shared = try BuiltExecutable.run("explore", arguments + ["--jobs", "3"], in: folder)
        #expect(alone.status == 0 && shared.status == 0, "\(alone.errors)\(shared.errors)")
        #expect(shared.output == alone.output)
        // Every state printed, the last one numbered one below the count.
        let count = alone.output.split(separator: "\n").last.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        #expect(count > 10 && alone.output.contains("state \(count - 1):\n"), "\(alone.output.suffix(200))")
        #expect(shared.errors.isEmpty, "\(shared.errors)")
    }
}
