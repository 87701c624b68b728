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
    func everyWayFindsTheSame() async throws {
        let arguments = ["--states", "5000", "--print-states"]
        // The built tool, each way in a process of its own, all at once. It is a process of one thread, where the
        // explorer forks (in the tests' own process it never does): three processes share from the first level with
        // three states, so the states one finds are tried by it, or handed to another, at the next.
        let folder = ScratchSpace.directory
        let deep = arguments + ["--depth", "3"]
        async let replaying = BuiltExecutable.run("explore", deep + ["--jobs", "1"], in: folder)
        async let resuming = BuiltExecutable.run("explore", deep + ["--jobs", "1", "--checkpoints"], in: folder)
        async let sharing = BuiltExecutable.run("explore", deep + ["--jobs", "3"], in: folder)
        async let shallow = BuiltExecutable.run("explore", arguments + ["--depth", "2"], in: folder)
        // Meanwhile, in this process: the tool prints what the command prints here, a line at a time.
        let inProcess = Self.run(arguments + ["--depth", "2"])
        let (replayed, resumed, shared, printed) = try await (replaying, resuming, sharing, shallow)
        for run in [replayed, resumed, shared, printed] {
            #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
        }
        #expect(resumed.output == replayed.output)
        #expect(shared.output == replayed.output)
        #expect(printed.output == inProcess.output.map { $0 + "\n" }.joined(), "printed a line at a time")
        // Every state printed, then the summary, with no violation. Deep enough that most states are resumed past
        // Login: Main with either tab selected, a sheet over it, the sign-up flow.
        let lines = replayed.output.split(separator: "\n")
        let summary = lines.last ?? ""
        #expect(summary.hasSuffix(" 0 violations"), "\(replayed.output)")
        let states = lines.filter { $0.hasPrefix("state ") && $0.hasSuffix(":") }
        #expect(states.count > 50 && states.count == Int(summary.split(separator: " ")[1]), "\(summary)")
        #expect(replayed.output.contains("tab profile, selected"), "the profile tab, tapped")
        #expect(replayed.output.contains("(presented "), "a sheet")
        #expect(replayed.output.contains("signup"), "the sign-up flow")
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
