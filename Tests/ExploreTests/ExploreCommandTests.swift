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

    @Test(
        "Resuming from checkpoints, or processes sharing the levels, find what one process replaying every path finds: the same states in the same order, the same transitions and violations"
    )
    func everyWayFindsTheSame() throws {
        let arguments = ["--depth", "3", "--states", "5000", "--print-states"]
        let replayed = Self.run(arguments)
        let resumed = Self.run(arguments + ["--checkpoints"])
        // The built tool, a process of one thread, where the explorer forks; in the tests' own process it never does.
        // Three processes share from the first level with three states, so the states one finds are tried by it, or
        // handed to another, at the next.
        let shared = try BuiltExecutable.run(
            "explore", arguments + ["--jobs", "3"], in: FileManager.default.temporaryDirectory)
        #expect(replayed.status == 0 && resumed.status == 0, "\(replayed.errors)\(resumed.errors)")
        #expect(resumed.output == replayed.output)
        #expect(shared.status == 0 && shared.errors.isEmpty, "\(shared.errors)")
        #expect(shared.output == replayed.output.map { $0 + "\n" }.joined(), "printed a line at a time")
        // Every state printed, then the summary, with no violation. Deep enough that most states are resumed past
        // Login: Main with either tab selected, a sheet over it, the sign-up flow.
        let summary = replayed.output.last ?? ""
        #expect(summary.hasSuffix(" 0 violations"), "\(replayed.output)")
        let states = replayed.output.dropLast()
        #expect(states.count > 50 && states.count == Int(summary.split(separator: " ")[1]), "\(summary)")
        #expect(states.contains { $0.contains("tab profile, selected") }, "the profile tab, tapped")
        #expect(states.contains { $0.contains("(presented ") }, "a sheet")
        #expect(states.contains { $0.contains("signup") }, "the sign-up flow")
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
}
