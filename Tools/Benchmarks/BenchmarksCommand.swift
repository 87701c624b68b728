import ArgumentParsing
import Foundation
import Glibc

/// The `benchmarks` command: Core's and the app's figures, printed side by side with a git revision's on request.
/// Run in release mode:
///
///     swift run -c release benchmarks            # table
///     swift run -c release benchmarks --json     # JSON
///     swift run -c release benchmarks --markdown # Markdown, with the machine, for the README
///     swift run -c release benchmarks --quick    # a fast smoke run (small sizes)
///     swift run -c release benchmarks --at-size-only  # only the app at 4 to 1M posts (start-up, data check)
///     swift run -c release benchmarks --compare REF [--rounds N] [--quick]  # side by side with a git revision
///
/// The full run measures the app with 4, 10,000, 100,000 and 1,000,000 posts in its database and ends with a
/// soak of 10,000 log-ins (each verifies a yescrypt hash); it takes a few minutes, and its progress goes to
/// standard error. It exits 1 if a soak does not return to its live counts.
///
/// A library beside its executable (`BenchmarksMain`) so that what counts the process's allocations, which
/// replaces the C allocator of the program that links it, is linked into the `benchmarks` executable alone and
/// never into the test bundle that tests this module.
@MainActor
public enum BenchmarksCommand {
    /// Runs the command with the process's arguments and exits with its status. `allocatedBytes` tells how many
    /// bytes the process has allocated so far (each row's bytes an operation are its difference).
    public static func main(allocatedBytes: @escaping @MainActor () -> UInt64) async -> Never {
        Measure.allocatedBytes = allocatedBytes
        let json = ArgumentParser.Option.flag("--json")
        let markdown = ArgumentParser.Option.flag("--markdown")
        let quick = ArgumentParser.Option.flag("--quick")
        let atSizeOnly = ArgumentParser.Option.flag("--at-size-only")
        let compare = ArgumentParser.Option.value("--compare")
        let rounds = ArgumentParser.Option.value("--rounds")
        let parser = ArgumentParser(
            command: "benchmarks",
            usage:
                "usage: benchmarks [--json | --markdown] [--quick] [--at-size-only] [--compare REF [--rounds N]] [--help]\n",
            options: [json, markdown, quick, atSizeOnly, compare, rounds])
        let arguments = parser.parseOrExit()
        let scale = arguments.contains(quick) ? Scale.quick : Scale.full
        let machine = Machine.current()

        if let reference = arguments.value(of: compare) {
            guard let roundCount = Int(arguments.value(of: rounds) ?? String(Comparison.defaultRounds)), roundCount > 0
            else {
                printError("benchmarks: --rounds takes a number from 1\n")
                exit(64)
            }
            do {
                print(
                    try Comparison.run(
                        reference: reference, rounds: roundCount, passedOn: arguments.contains(quick) ? ["--quick"] : []
                    ))
                exit(0)
            } catch {
                printError("benchmarks: \(error)\n")
                exit(1)
            }
        }

        if arguments.contains(atSizeOnly) {
            do {
                var report = Report()
                try await AppAtSize.measureSizes(
                    scale.postCounts, commandBlocks: scale.sizedCommandBlocks, into: &report)
                print(arguments.contains(json) ? report.json() : report.table())
                exit(0)
            } catch {
                printError("benchmarks: \(error)\n")
                exit(1)
            }
        }

        do {
            var report = Report()
            let attach = try CoreBenchmarks.attachAndDetach(scale: scale)
            report.measurements.append(attach)
            var pushAndPop: [Measurement] = []
            for depth in [1, 1_000, 100_000] {
                pushAndPop.append(try CoreBenchmarks.pushAndPop(depth: depth, scale: scale))
            }
            report.measurements += pushAndPop
            report.measurements.append(try CoreBenchmarks.animatedPushAndPop(scale: scale))
            report.measurements.append(try CoreBenchmarks.cancelledSwipeBack(scale: scale))
            report.measurements.append(try CoreBenchmarks.presentAndDismiss(scale: scale))
            report.measurements.append(try CoreBenchmarks.switchContainerChild(scale: scale))
            report.measurements.append(try CoreBenchmarks.switchTab(scale: scale))
            report.measurements.append(try CoreBenchmarks.collapseAndExpandSplit(scale: scale))
            report.measurements.append(try CoreBenchmarks.swipePages(scale: scale))
            // Building a nested stack of 10,000 coordinators costs a second (each attach checks the ancestors for a
            // cycle), so the deep row takes few samples.
            let reTaps = [
                try CoreBenchmarks.reTapPopsToRoot(depth: 1_000, samples: scale.samples),
                try CoreBenchmarks.reTapPopsToRoot(depth: 10_000, samples: 5),
            ]
            report.measurements += reTaps
            report.notes.append(
                (
                    "re-tap pop, time a screen at depth 10,000 over depth 1,000 (linear is about 1)",
                    String((reTaps[1].median / reTaps[0].median * 100).rounded() / 100)
                ))
            // The two tasks of these rows take turns on one processor: see `OneProcessor`.
            let awaitedPush = try await OneProcessor.run {
                try await CoreBenchmarks.animatedPushWaitedFor(.awaited, scale: scale)
            }
            let completionPush = try await OneProcessor.run {
                try await CoreBenchmarks.animatedPushWaitedFor(.completion, scale: scale)
            }
            report.measurements += [awaitedPush, completionPush]
            let awaitedRatio = awaitedPush.median / max(completionPush.median, 1)
            report.notes.append(
                (
                    "target an awaited animated push within 2x of its completion form",
                    String(format: "%.2fx, ", awaitedRatio) + (awaitedRatio <= 2 ? "met" : "NOT met")
                ))
            var previousTeardown: Double?
            var ratios: [String] = []
            for size in scale.teardownSizes {
                // A teardown is timed once per sample, so the small ones take many samples: about a million children
                // torn down in all, at least three samples.
                let measurement = try CoreBenchmarks.stop(children: size, samples: max(3, min(100, 1_000_000 / size)))
                report.measurements.append(measurement)
                if let previousTeardown {
                    ratios.append(String((measurement.median / previousTeardown * 10).rounded() / 10))
                }
                previousTeardown = measurement.median
            }
            report.notes.append(
                ("teardown ratio between successive sizes (linear is about 10)", ratios.joined(separator: ", ")))
            report.measurements.append(try CoreBenchmarks.deepLinkThroughFourCoordinators(scale: scale))
            report.measurements.append(try PathAndLifecycleBenchmarks.planAndFollowTenSteps(scale: scale))
            report.measurements.append(
                try await PathAndLifecycleBenchmarks.lifecycleStream(coordinators: 10_000, samples: 5))
            report.measurements.append(
                try PathAndLifecycleBenchmarks.lifecycleObserver(coordinators: 10_000, samples: 5))

            let commandLoop = try await AppBenchmarks.commandLoop(blocks: scale.commandLoopBlocks)
            report.measurements.append(commandLoop.measurement)
            report.notes.append(("app command loop", "\(Int(commandLoop.commandsPerSecond.rounded())) commands/s"))
            report.notes.append(("app command loop mix", AppBenchmarks.navigationMixDescription))

            let pastes = try [60 << 10, 1 << 20].map { try PasteBenchmark.paste(bytes: $0, samples: 15) }
            report.measurements += pastes
            report.measurements.append(
                try PasteBenchmark.pasteIntoField(bytes: 60 << 10, heldCharacters: 5_000, samples: 15))
            if let megabyte = pastes.last {
                report.notes.append(
                    (
                        "target a 1 MB paste within a second",
                        String(format: "%.3f s, ", megabyte.median / 1e9) + (megabyte.median < 1e9 ? "met" : "NOT met")
                    ))
            }

            let startUp = try await RestorationBenchmarks.startUp(samples: scale.samples)
            report.measurements += [startUp.root, startUp.restoring]
            let startUpRatio = startUp.restoring.median / max(startUp.root.median, 1)
            report.notes.append(
                (
                    "target start-up restoring the deepest screen within 2x of start-up at the first screen",
                    String((startUpRatio * 100).rounded() / 100) + (startUpRatio <= 2 ? " (met)" : " (NOT met)")
                ))

            try await AppAtSize.measureSizes(scale.postCounts, commandBlocks: scale.sizedCommandBlocks, into: &report)
            let scripted = try await AppAtSize.postingThroughScript(counts: scale.scriptedPostCounts)
            report.notes.append(
                (
                    "posting through a script (cumulative)",
                    scripted.map { String(format: "%d posts %.2f s", $0.count, $0.seconds) }.joined(separator: ", ")
                ))
            if let first = scripted.first, let last = scripted.last, first.seconds > 0 {
                let ratio = last.seconds / first.seconds
                let expected = Double(last.count) / Double(first.count)
                report.notes.append(
                    (
                        "target posting linear (\(last.count) posts cost about \(Int(expected))x \(first.count))",
                        String(format: "%.1fx, ", ratio) + (ratio < expected * 1.5 ? "met" : "NOT met")
                    ))
            }

            let soak = try await AppBenchmarks.soak(logInCycles: scale.logInCycles, composeCycles: scale.composeCycles)
            report.measurements += soak.measurements
            report.soaks = soak.soaks

            let largestTeardown = report.measurements.last { $0.name.hasPrefix("stop a coordinator") }
            let depthGrowth = (pushAndPop.last?.median ?? 0) / max(pushAndPop.first?.median ?? 1, 1)
            report.notes.append(
                ("target attach+detach under 1 µs", attach.median < 1_000 ? "met" : "NOT met"))
            report.notes.append(
                (
                    "target \(largestTeardown?.name ?? "teardown") under 0.5 s",
                    (largestTeardown?.median ?? .infinity) < 500_000_000 ? "met" : "NOT met"
                ))
            report.notes.append(
                (
                    "push+pop median at depth 100000 / depth 1",
                    String((depthGrowth * 100).rounded() / 100)
                        + (depthGrowth < 2 ? " (no growth with depth)" : " (grows)")
                ))
            let command = "swift run -c release benchmarks --markdown" + (arguments.contains(quick) ? " --quick" : "")
            print(
                arguments.contains(json)
                    ? report.json()
                    : arguments.contains(markdown)
                        ? report.markdown(command: command, machine: machine) : report.table())
            if let leaking = report.soaks.first(where: { !$0.returnedToBaseline }) {
                printError(
                    "benchmarks: the \(leaking.name) soak did not return to its baseline: coordinators "
                        + "\(leaking.first.coordinators) -> \(leaking.last.coordinators), screens "
                        + "\(leaking.first.screens) -> \(leaking.last.screens)\n")
                exit(1)
            }
        } catch {
            printError("benchmarks: \(error)\n")
            exit(1)
        }
        exit(0)
    }
}

/// Writes `message` to standard error as it is.
func printError(_ message: String) {
    var bytes = Array(message.utf8)
    _ = write(STDERR_FILENO, &bytes, bytes.count)
}
