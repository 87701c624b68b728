public import Foundation

/// How long each test target takes when it runs alone, as `--record-durations` measured it and the durations file
/// (by default `Tools/TestDurations.txt`) keeps it: one `Target seconds` a line, `#` starting a comment.
///
/// Each figure is the wall time of `swift test --skip-build --filter '^Target\.'` after one build of the tests,
/// so the figures add up to what the whole suite costs when each target runs alone, and a selection's share of
/// that sum is what it saves.
public struct TestDurations: Equatable, Sendable {
    /// Seconds by test target name.
    public let seconds: [String: Double]

    /// The durations file's place in a package, relative to its root, unless `--durations` names another.
    public static let defaultPath = "Tools/TestDurations.txt"

    /// Durations of `seconds`, by test target name.
    public init(seconds: [String: Double]) {
        self.seconds = seconds
    }

    /// Why a durations file cannot be read.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// What is wrong, naming the file and the line.
        public let description: String
    }

    /// Reads `text`, the contents of the durations file at `path` (named in errors).
    public init(parsing text: String, path: String) throws(Failure) {
        var seconds: [String: Double] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: \.isWhitespace)
            if fields.isEmpty { continue }
            guard fields.count == 2, let value = Double(fields[1]), value.isFinite, value >= 0 else {
                throw Failure(
                    description: "\(path):\(index + 1): expected `TestTarget seconds`, found '\(line)'")
            }
            guard seconds.updateValue(value, forKey: String(fields[0])) == nil else {
                throw Failure(description: "\(path):\(index + 1): \(fields[0]) is recorded twice")
            }
        }
        self.seconds = seconds
    }

    /// Reads the durations file at `file`.
    public init(contentsOf file: URL) throws(Failure) {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw Failure(
                description: "no durations at \(file.path): record them with `swift run affected-tests "
                    + "--record-durations`")
        }
        try self.init(parsing: text, path: file.path)
    }

    /// The file's text: a header saying how the figures were measured, then one `Target seconds` a line in the
    /// order of `testTargets` (the manifest's).
    public func text(order testTargets: [String]) -> String {
        let header = """
            # Seconds each test target takes alone, after one build of the tests: the wall time of
            # `swift test --skip-build --filter '^Target\\.'`. Written by `swift run affected-tests --record-durations`,
            # read by `affected-tests --history`; record them again when test targets are added, split or renamed.

            """
        let known =
            testTargets.filter { seconds[$0] != nil } + seconds.keys.filter { !testTargets.contains($0) }.sorted()
        return header + known.map { "\($0) \(String(format: "%.2f", seconds[$0] ?? 0))\n" }.joined()
    }

    /// The sum of the durations of `testTargets`, or the names among them that have none.
    func total(of testTargets: [String]) -> Result<Double, Failure> {
        let missing = testTargets.filter { seconds[$0] == nil }
        guard missing.isEmpty else {
            return .failure(
                Failure(
                    description: "no recorded duration for \(missing.joined(separator: ", ")): record them again "
                        + "with `swift run affected-tests --record-durations`"))
        }
        return .success(testTargets.reduce(0) { $0 + (seconds[$1] ?? 0) })
    }
}

/// Measures each test target of a package alone: one `swift build --build-tests`, then
/// `swift test --skip-build --filter '^Target\.'` for each test target, timed by the wall clock.
public enum DurationRecording {
    /// What one `swift` command did: its exit status, its output, and how long it took.
    public struct TimedRun: Sendable {
        /// The exit status; zero means success.
        public let status: Int32
        /// Its standard output and standard error, together.
        public let output: String
        /// Its wall time.
        public let seconds: Double

        /// A run that ended with `status` after `seconds`, having printed `output`.
        public init(status: Int32, output: String, seconds: Double) {
            self.status = status
            self.output = output
            self.seconds = seconds
        }
    }

    /// Builds the tests of the package at `packagePath`, then runs and times each of `testTargets` alone with
    /// `swift` (which `swift` runs, given the package and the arguments). Notes go to `progress`. Returns the
    /// durations, or why they could not all be measured.
    static func record(
        testTargets: [String], packagePath: URL, swift: (URL, [String]) -> TimedRun, progress: (String) -> Void
    ) -> Result<TestDurations, TestDurations.Failure> {
        progress("affected-tests: building the tests (swift build --build-tests)")
        let build = swift(packagePath, ["build", "--build-tests"])
        guard build.status == 0 else {
            return .failure(.init(description: "swift build --build-tests failed:\n\(build.output)"))
        }
        var seconds: [String: Double] = [:]
        var failed: [String] = []
        for target in testTargets {
            let run = swift(packagePath, ["test", "--skip-build", "--filter", "^\(target)\\."])
            if run.status == 0 {
                seconds[target] = run.seconds
                progress("affected-tests: \(target) \(String(format: "%.2f", run.seconds)) s")
            } else {
                failed.append(target)
                let tail = run.output.split(separator: "\n", omittingEmptySubsequences: false).suffix(40)
                progress("affected-tests: \(target) failed (status \(run.status)); the end of its output:")
                progress(tail.joined(separator: "\n"))
            }
        }
        guard failed.isEmpty else {
            return .failure(
                .init(
                    description: "\(failed.joined(separator: ", ")) failed, so the durations were not written: "
                        + "a failed run is not a full one"))
        }
        return .success(TestDurations(seconds: seconds))
    }

    /// Runs `swift ARGUMENTS --package-path PACKAGE` and times it with the wall clock.
    public static func runSwift(packagePath: URL, arguments: [String]) -> TimedRun {
        let clock = ContinuousClock()
        let start = clock.now
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments + ["--package-path", packagePath.path]
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("affected-tests-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        do {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
        } catch {
            return TimedRun(status: 1, output: "swift could not start: \(error)", seconds: 0)
        }
        process.waitUntilExit()
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return TimedRun(status: process.terminationStatus, output: output, seconds: seconds)
    }
}
