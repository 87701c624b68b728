import Foundation
import Glibc

/// `benchmarks --compare REF`: this tree's benchmarks side by side with those of the git revision `REF`, both
/// built in release mode and run alternately on the same machine, so both see the same load.
///
/// REF is extracted with `git archive` into `.build/compare/<commit>/source` and built there with its own scratch
/// path (`.build/compare/<commit>/build`); both are kept, so a second comparison with the same REF builds nothing.
/// This tree's side is the running binary, which `swift run -c release` has just built.
/// Each round runs REF's binary, then this tree's, each with `--json` (and `--quick` when given). A row's figure is
/// its fastest sample over every round, with the median of the rounds' medians beside it; the ratio compares the
/// figures. On a shared machine what runs beside a benchmark only ever adds time, and it slows whole stretches of a
/// run, so a median moves by up to 2× between two runs of one binary while the fastest sample stays put: it is what
/// the code itself costs, the figure Python's `timeit` recommends for the same reason, taken the same way for both
/// binaries. A REF from before the benchmarks printed their fastest sample is compared by each binary's fastest
/// round's median instead, and the report says so. An absolute target (a start-up under 2 ms) is held to the median
/// of the medians, which a person meets more often than the fastest.
///
/// *Two runs* shows how far two runs of this tree's binary agree: the figure from the odd rounds against the figure
/// from the even ones, with every row over 10 % named at the end.
enum Comparison {
    /// Why a comparison could not run.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// One binary's figures of one row: a median per round, and the fastest sample of each round when the binary
    /// reports it.
    struct Row {
        var medians: [Double] = []
        var minimums: [Double?] = []

        /// The fastest sample of every round, or `nil` when some round did not report it.
        var fastestSample: Double? {
            let known = minimums.compactMap { $0 }
            return known.isEmpty || known.count < minimums.count ? nil : known.min()
        }

        /// The row's figure by `rule`.
        func figure(_ rule: FigureRule) -> Double {
            switch rule {
            case .fastestSample: fastestSample ?? medians.min() ?? 0
            case .fastestRoundMedian: medians.min() ?? 0
            }
        }

        /// How far the figure of the odd rounds and that of the even rounds differ, over the smaller one; `nil`
        /// with fewer than two rounds.
        func disagreement(_ rule: FigureRule) -> Double? {
            guard medians.count >= 2 else { return nil }
            let halves = [0, 1].map { parity in
                Row(
                    medians: medians.enumerated().filter { $0.offset % 2 == parity }.map(\.element),
                    minimums: minimums.enumerated().filter { $0.offset % 2 == parity }.map(\.element)
                ).figure(rule)
            }
            return abs(halves[0] - halves[1]) / max(min(halves[0], halves[1]), 1)
        }
    }

    /// Which figure of a row a comparison reads.
    enum FigureRule {
        /// The fastest sample over every round.
        case fastestSample
        /// The median of the fastest round: for a REF whose benchmarks do not report their fastest sample.
        case fastestRoundMedian
    }

    /// What a row is held to, from the performance issue's targets.
    enum Target: Equatable {
        /// At most this many times REF's figure (its fastest round's median).
        case ratio(Double)
        /// A median of the rounds' medians at most this many nanoseconds.
        case absolute(Double)

        var description: String {
            switch self {
            case .ratio(let ratio): "≤ \(ratio)×"
            case .absolute(let nanoseconds): "≤ " + duration(nanoseconds)
            }
        }
    }

    /// The target of the row `name`, or `nil` when it has none: Core's rows within 1.1× of REF, the command loop
    /// within 1.2×, a re-tap pop at most 3 µs a screen, a start-up under 2 ms.
    static func target(of name: String) -> Target? {
        let coreRows = [
            "attach+start", "push+pop", "animated push+pop", "interactive swipe back", "present+dismiss",
            "switch a container", "stop a coordinator", "deep link through", "switch tabs",
        ]
        if coreRows.contains(where: name.hasPrefix) { return .ratio(1.1) }
        if name.hasPrefix("app command loop") || name.hasPrefix("command loop mix") { return .ratio(1.2) }
        if name.hasPrefix("re-tap pop") { return .absolute(3_000) }
        if name.hasPrefix("start-up, ") || name.hasPrefix("start-up at the first screen") {
            return .absolute(2_000_000)
        }
        return nil
    }

    /// Builds REF and this tree, runs them alternately `rounds` times with `passedOn` arguments, and returns the
    /// report as Markdown.
    static func run(reference: String, rounds: Int, passedOn: [String]) throws -> String {
        let root = try output(of: ["git", "rev-parse", "--show-toplevel"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let commit = try output(of: ["git", "-C", root, "rev-parse", "--verify", reference + "^{commit}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let short = String(commit.prefix(7))
        let scratch = root + "/.build/compare/" + short
        let source = scratch + "/source"
        if access(source + "/Package.swift", F_OK) != 0 {
            printError("compare: extracting \(reference) (\(short)) into \(source)\n")
            try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
            try check(["/bin/sh", "-c", "git -C '\(root)' archive \(commit) | tar -x -C '\(source)'"])
        }
        printError("compare: building \(reference) in release\n")
        let referenceBuild = [
            "swift", "build", "-c", "release", "--product", "benchmarks", "--package-path", source,
            "--scratch-path", scratch + "/build",
        ]
        try check(referenceBuild)
        let referenceBinary =
            try output(of: referenceBuild + ["--show-bin-path"]).trimmingCharacters(in: .whitespacesAndNewlines)
            + "/benchmarks"
        // This tree's benchmarks are the running binary, which `swift run -c release` built just before.
        try requireReleaseBuild()
        let ownBinary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")

        var referenceRows: [String: Row] = [:]
        var ownRows: [String: Row] = [:]
        var order: [String] = []
        for round in 1...rounds {
            for (label, binary) in [(short, referenceBinary), ("this tree", ownBinary)] {
                printError("compare: round \(round) of \(rounds), \(label)\n")
                let text = try output(of: [binary, "--json"] + passedOn)
                for result in try results(in: text) {
                    if binary == referenceBinary {
                        referenceRows[result.name, default: Row()].medians.append(result.median)
                        referenceRows[result.name, default: Row()].minimums.append(result.minimum)
                    } else {
                        if ownRows[result.name] == nil { order.append(result.name) }
                        ownRows[result.name, default: Row()].medians.append(result.median)
                        ownRows[result.name, default: Row()].minimums.append(result.minimum)
                    }
                }
            }
        }
        let gone = referenceRows.keys.filter { ownRows[$0] == nil }.sorted()
        return report(
            reference: reference, short: short, rounds: rounds, passedOn: passedOn, order: order, own: ownRows,
            references: referenceRows, gone: gone)
    }

    /// The report: one line per row of this tree, then the rows only REF has.
    static func report(
        reference: String, short: String, rounds: Int, passedOn: [String], order: [String], own: [String: Row],
        references: [String: Row], gone: [String]
    ) -> String {
        let machine = Machine.current()
        // The fastest sample when REF reports it for every row it shares with this tree.
        let rule: FigureRule =
            references.allSatisfy { own[$0.key] == nil || $0.value.fastestSample != nil }
            ? .fastestSample : .fastestRoundMedian
        let figureText =
            rule == .fastestSample
            ? "A figure is the fastest sample over every round"
            : "\(short) does not report its fastest sample, so a figure is the fastest round's median"
        var lines = [
            "Measured on \(machine.date) with `swift run -c release benchmarks --compare \(reference)"
                + "\(passedOn.isEmpty ? "" : " " + passedOn.joined(separator: " "))"
                + "\(rounds == defaultRounds ? "" : " --rounds \(rounds)")` on \(machine.description): \(rounds) "
                + "rounds, \(short) then this tree in each. \(figureText), the median of the rounds' medians in "
                + "brackets; the ratio compares the figures, and an absolute target is held to the median of the "
                + "medians; *two runs* is how far this tree's figure from the odd rounds and from the even rounds "
                + "differ.",
            "",
            "| Row | \(short) | This tree | Ratio | Two runs | Target |",
            "| --- | ---: | ---: | ---: | ---: | --- |",
        ]
        var missed: [String] = []
        var disagreeing: [String] = []
        for name in order {
            guard let row = own[name] else { continue }
            let mine = row.figure(rule)
            let myMedian = median(row.medians)
            let ownCell = "\(duration(mine)) (\(duration(myMedian)))"
            let disagreement = row.disagreement(rule)
            if let disagreement, disagreement > agreementLimit { disagreeing.append(name) }
            var referenceCell = "new"
            var ratioCell = "–"
            var ratio: Double?
            if let before = references[name] {
                let theirs = before.figure(rule)
                referenceCell = "\(duration(theirs)) (\(duration(median(before.medians))))"
                ratio = mine / max(theirs, 1)
                ratioCell = String(format: "%.2f×", ratio ?? 0)
            }
            var targetCell = ""
            if let target = target(of: name) {
                let isMet: Bool
                switch target {
                case .ratio(let limit): isMet = ratio.map { $0 <= limit } ?? true
                case .absolute(let limit): isMet = myMedian <= limit
                }
                targetCell = target.description + (isMet ? " met" : " **NOT met**")
                if !isMet { missed.append(name) }
            }
            let agreementCell = disagreement.map { String(format: "%.0f %%", $0 * 100) } ?? "–"
            lines.append(
                "| \(name) | \(referenceCell) | \(ownCell) | \(ratioCell) | \(agreementCell) | \(targetCell) |")
        }
        for name in gone {
            guard let row = references[name] else { continue }
            lines.append("| \(name) | \(duration(median(row.medians))) | gone | – | – | |")
        }
        if let awaited = own.first(where: { $0.key.hasPrefix("awaited animated push") })?.value,
            let completion = own.first(where: { $0.key.hasPrefix("animated push with a completion") })?.value
        {
            let ratio = awaited.figure(rule) / max(completion.figure(rule), 1)
            lines += [
                "",
                "- awaited animated push over its completion form: " + String(format: "%.2f×", ratio)
                    + (ratio <= 2 ? " (target ≤ 2×, met)" : " (target ≤ 2×, **NOT met**)"),
            ]
            if ratio > 2 { missed.append("awaited push") }
        }
        lines.append(
            missed.isEmpty ? "- every target met" : "- targets NOT met: " + missed.joined(separator: "; "))
        if rounds >= 2 {
            lines.append(
                disagreeing.isEmpty
                    ? "- two runs of this tree agree within 10 % on every row"
                    : "- two runs of this tree differ by more than 10 % on: " + disagreeing.joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }

    /// The rounds of a comparison unless `--rounds` says otherwise.
    static let defaultRounds = 4

    /// How far two runs of one binary may differ and still agree: 10 %.
    static let agreementLimit = 0.1

    /// One row of a `--json` run: its name, its median, and its fastest sample when the binary reports it.
    struct Result {
        let name: String
        let median: Double
        let minimum: Double?
    }

    /// Each result of a `--json` run.
    static func results(in text: String) throws -> [Result] {
        guard let start = text.firstIndex(of: "{"),
            let object = try JSONSerialization.jsonObject(with: Data(text[start...].utf8)) as? [String: Any],
            let results = object["results"] as? [[String: Any]]
        else { throw Failure(description: "a run printed no JSON results") }
        return results.compactMap { result in
            guard let name = result["name"] as? String, let median = result["medianNanoseconds"] as? Double else {
                return nil
            }
            return Result(name: name, median: median, minimum: result["minimumNanoseconds"] as? Double)
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func duration(_ nanoseconds: Double) -> String {
        let format = { (value: Double) -> String in
            value >= 100 ? String(Int(value.rounded())) : String((value * 10).rounded() / 10)
        }
        switch nanoseconds {
        case ..<1_000: return format(nanoseconds) + " ns"
        case ..<1_000_000: return format(nanoseconds / 1_000) + " µs"
        case ..<1_000_000_000: return format(nanoseconds / 1_000_000) + " ms"
        default: return format(nanoseconds / 1_000_000_000) + " s"
        }
    }

    /// Throws unless this binary was built in release mode: a debug build's figures say nothing of REF's.
    private static func requireReleaseBuild() throws {
        #if DEBUG
            throw Failure(description: "--compare measures release builds: run it with swift run -c release")
        #endif
    }

    // MARK: - Processes

    /// Runs `arguments` (the first found on `PATH`), its standard error passed through, and throws unless it
    /// exits 0.
    private static func check(_ arguments: [String]) throws {
        _ = try output(of: arguments, keepsOutput: false)
    }

    /// Runs `arguments` and returns its standard output; its standard error is passed through.
    @discardableResult
    private static func output(of arguments: [String], keepsOutput: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = keepsOutput ? pipe : FileHandle.standardError
        try process.run()
        let data = keepsOutput ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
