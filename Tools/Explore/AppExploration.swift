import AppFlows
import ArgumentParsing
import Core
import CoreTesting
import Foundation

/// `swift run explore [--depth N] [--states N]`: explores the composed app over in-memory services with
/// CoreTesting's explorer, from Login, with every deep link the app follows, and prints each violation with the
/// script that reproduces it, then `explored <N> states, <M> transitions, <K> violations`.
///
/// Each input is tried on an app kept alive while it shows the state the input leaves, fields included, over equal
/// data (``ExplorableApp/unseenState(of:)``); when none does, on an app that replays the whole path of that state.
/// With `--checkpoints`, such an app is resumed instead from a checkpoint of the state (``ExplorableApp/Checkpoint``:
/// a copy of the data and the restoration record) whenever the resumed app shows exactly that state, and replayed
/// otherwise: the same states, transitions and violations. Up to depth 8 replaying costs less: building and
/// restoring an app costs more than replaying up to eight inputs. `--jobs N` processes share the levels of states
/// (one per processor, up to 8, by default in the command-line tool): the same states, in the same order.
///
/// Exit codes: 0 no violation; 1 a violation, or the exploration could not run; 64 usage error.
@MainActor
enum AppExploration {
    static let usage = """
        usage: swift run explore [--depth N] [--states N] [--jobs N] [--allow-partial] [--checkpoints]
                                 [--print-states]
          --depth N        the longest path of inputs tried from the start (default 6, at most 50)
          --states N       stop finding new states after N (default 20000)
          --jobs N         processes that share the levels of states, at most 64 (default: one per processor, up
                           to 8; the same states and transitions)
          --allow-partial  exit 0 when the state budget stopped the exploration before the depth was covered
          --checkpoints    resume each state from a checkpoint instead of replaying its path (same results)
          --print-states   print every state found, in the order found, each with the inputs that lead on from
                           it to a state found and which, before the summary
        exit codes: 0 no violation, every state to the depth explored; 1 a violation, the state budget reached
        (unless --allow-partial), or the exploration could not run; 64 usage error

        """

    static let depthOption = ArgumentParser.Option.value("--depth")
    static let statesOption = ArgumentParser.Option.value("--states")
    static let partialOption = ArgumentParser.Option.flag("--allow-partial")
    static let checkpointsOption = ArgumentParser.Option.flag("--checkpoints")
    static let jobsOption = ArgumentParser.Option.value("--jobs")
    static let printStatesOption = ArgumentParser.Option.flag("--print-states")

    /// What the explorer types, by screen and field: the demo account on Login, a new account on sign-up, a
    /// post on compose.
    static func sampleText(screenID: String, field: TextField) -> String {
        switch (screenID, field.id) {
        case ("login", "email"): ExplorableApp.demoCredentials.email
        case ("login", "password"): ExplorableApp.demoCredentials.password
        case (_, "email"): "newcomer@example.com"
        case (_, "password"), (_, "confirmation"): "a new password"
        case (_, "displayName"): "Newcomer"
        case (_, "text"): "A post from the explorer"
        default: "sample"
        }
    }

    /// Runs the command with `arguments` (without the program's name) and returns its exit code. The explorer forks
    /// only when the caller says it `mayFork`, as the command-line tool does (a process of one thread): its
    /// processes then share the levels, `--jobs` of them or one per processor up to 8. A caller running other
    /// threads (the tests) leaves it false, and one process explores whatever `--jobs` says.
    static func run(
        _ arguments: [String], mayFork: Bool = false, output: (String) -> Void, errors: (String) -> Void
    ) -> Int32 {
        let parser = ArgumentParser(
            command: "explore", usage: usage,
            options: [depthOption, statesOption, jobsOption, partialOption, checkpointsOption, printStatesOption])
        return parser.run(arguments, output: output, errors: errors) { parsed in
            guard let depth = number(parsed.value(of: depthOption), default: 6, in: 0...50),
                let states = number(parsed.value(of: statesOption), default: 20_000, in: 1...1_000_000),
                let jobs = number(
                    parsed.value(of: jobsOption),
                    default: min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8), in: 1...64)
            else {
                let ranges = "--depth takes a number from 0 to 50, --states one from 1, --jobs one from 1 to 64"
                errors(parser.message(for: UsageError(ranges)))
                return ArgumentParser.usageErrorStatus
            }
            do {
                let report = try explore(
                    depth: depth, states: states, processes: mayFork ? jobs : 1,
                    resumesFromCheckpoints: parsed.contains(checkpointsOption),
                    writesStateKeys: parsed.contains(printStatesOption))
                for violation in report.violations { output("\(violation)\n") }
                if parsed.contains(printStatesOption) {
                    var ways = [[ExplorationTransition]](repeating: [], count: report.states.count)
                    for transition in report.transitions { ways[transition.from].append(transition) }
                    for (index, state) in report.states.enumerated() {
                        let lines = ways[index].map { "  \($0.input) → state \($0.to)\n" }.joined()
                        output("state \(index):\n\(state)\n" + lines)
                    }
                }
                output(report.summary)
                if report.reachedStateBudget, !parsed.contains(partialOption) {
                    errors("explore: incomplete: raise --states, lower --depth, or pass --allow-partial")
                    return 1
                }
                return report.violations.isEmpty ? 0 : 1
            } catch {
                errors("explore: the app could not be built: \(error)")
                return 1
            }
        }
    }

    /// Explores the composed app `depth` inputs deep, finding at most `states` states, replaying every path or
    /// resuming states from checkpoints; the report holds the states' keys when `writesStateKeys`.
    ///
    /// - Throws: when the app cannot be built.
    static func explore(
        depth: Int, states: Int, processes: Int = 1, resumesFromCheckpoints: Bool = false,
        writesStateKeys: Bool = true
    ) throws -> ExplorationReport {
        let app = ExplorableApp()
        let links = ExplorableApp.deepLinks.map { url in
            ExplorationDeepLink(script: "open \(url)") { subject in
                try ExplorableApp.open(url, in: subject.root)
            }
        }
        return try CoreTesting.explore(
            depth: depth, stateBudget: states, deepLinks: links, sampleText: sampleText, processes: processes,
            writesStateKeys: writesStateKeys
        ) {
            subject(of: app.make(), in: app, takesSnapshots: resumesFromCheckpoints)
        }
    }

    /// The subject of an app `app` built, which takes its snapshots from the app's checkpoints when asked to.
    private static func subject(
        of made: (window: Window, root: Coordinator), in app: ExplorableApp, takesSnapshots: Bool
    ) -> ExplorationSubject {
        let unseenState: @MainActor () -> AnyHashable? = { [weak root = made.root] in
            root.flatMap { app.unseenState(of: $0) }
        }
        guard takesSnapshots else {
            return ExplorationSubject(window: made.window, root: made.root, unseenState: unseenState)
        }
        let takeSnapshot: @MainActor () -> ExplorationSnapshot? = { [weak root = made.root] in
            guard let root, let checkpoint = app.checkpoint(of: root) else { return nil }
            return { subject(of: app.resume(checkpoint), in: app, takesSnapshots: true) }
        }
        return ExplorationSubject(
            window: made.window, root: made.root, takeSnapshot: takeSnapshot, unseenState: unseenState)
    }

    /// `text` as a number in `range`, `fallback` when absent, `nil` when it is not one.
    private static func number(_ text: String?, default fallback: Int, in range: ClosedRange<Int>) -> Int? {
        guard let text else { return fallback }
        guard let value = Int(text), range.contains(value) else { return nil }
        return value
    }
}
