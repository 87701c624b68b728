import Foundation
import Testing

@testable import AffectedTests

/// The `swift` commands a recording ran, and what each one reports: a test target's run takes the seconds given
/// for it and fails when it is among `failing`.
final class FakeSwift {
    var commands: [[String]] = []
    let seconds: [String: Double]
    let failing: Set<String>

    init(seconds: [String: Double], failing: Set<String> = []) {
        self.seconds = seconds
        self.failing = failing
    }

    func run(_ package: URL, _ arguments: [String]) -> DurationRecording.TimedRun {
        commands.append(arguments)
        guard arguments.first == "test", let filter = arguments.last else {
            return .init(status: 0, output: "Build complete!", seconds: 40)
        }
        let target = String(filter.dropFirst().dropLast(2))
        return .init(
            status: failing.contains(target) ? 1 : 0, output: "\(target) ran", seconds: seconds[target] ?? 0)
    }
}

@Suite("affected-tests --record-durations measures each test target alone", .serialized)
struct TestDurationsTests {
    func record(_ arguments: [String], in repository: ScratchRepository, swift: FakeSwift) -> Run {
        var run = Run()
        run.status = AffectedTestsCommand.run(
            ["--record-durations", "--package-path", repository.root.path] + arguments,
            targets: { _ in SmallPackage.targets }, swift: swift.run,
            output: { run.output.append($0) }, errors: { run.errors.append($0) })
        return run
    }

    @Test("It builds the tests once, runs each test target alone, and writes one `Target seconds` a line")
    func writesTheDurations() throws {
        let repository = try ScratchRepository.small()
        defer { repository.remove() }
        let swift = FakeSwift(seconds: ["AlphaTests": 1.234, "BetaTests": 3, "GammaTests": 6.5])
        let run = record([], in: repository, swift: swift)
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            swift.commands == [
                ["build", "--build-tests"],
                ["test", "--skip-build", "--filter", "^AlphaTests\\."],
                ["test", "--skip-build", "--filter", "^BetaTests\\."],
                ["test", "--skip-build", "--filter", "^GammaTests\\."],
            ])
        let file = repository.root.appendingPathComponent("Tools/TestDurations.txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        let figures = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(figures == ["AlphaTests 1.23", "BetaTests 3.00", "GammaTests 6.50"])
        #expect(try TestDurations(contentsOf: file).seconds == ["AlphaTests": 1.23, "BetaTests": 3, "GammaTests": 6.5])
        #expect(run.output.last?.contains("3 test targets, 10.73 s in all") == true)
        let elsewhere = record(["--durations", "timings.txt"], in: repository, swift: swift)
        #expect(elsewhere.status == 0)
        #expect(FileManager.default.fileExists(atPath: repository.root.appendingPathComponent("timings.txt").path))
    }

    @Test("A test target that fails leaves the file as it was, names the target and exits 1")
    func failingTarget() throws {
        let repository = try ScratchRepository.small()
        defer { repository.remove() }
        try repository.write("Tools/TestDurations.txt", "AlphaTests 1\n")
        let run = record([], in: repository, swift: FakeSwift(seconds: [:], failing: ["BetaTests"]))
        #expect(run.status == 1)
        #expect(run.errors.joined().contains("BetaTests failed, so the durations were not written"))
        #expect(run.output.joined(separator: "\n").contains("BetaTests ran"))
        let text = try String(
            contentsOf: repository.root.appendingPathComponent("Tools/TestDurations.txt"), encoding: .utf8)
        #expect(text == "AlphaTests 1\n")
    }

    @Test("A recorded durations file changes no test's input: it selects nothing")
    func durationsSelectNothing() throws {
        let repository = try ScratchRepository.small()
        defer { repository.remove() }
        try repository.write("Tools/TestDurations.txt", "AlphaTests 1\n")
        let run = affectedTestsInSmallPackage(["--base", "HEAD", "--list"], in: repository)
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        #expect(run.errors.joined().contains("only documentation or files no test reads changed"))
    }

    @Test("The file's lines: comments and blank lines skipped; a bad line or a target twice is named")
    func parsing() throws {
        let durations = try TestDurations(parsing: "# header\n\nAlphaTests 2.5 # slow\n  BetaTests\t0\n", path: "f")
        #expect(durations.seconds == ["AlphaTests": 2.5, "BetaTests": 0])
        for (text, problem) in [
            ("AlphaTests\n", "f:1: expected `TestTarget seconds`"),
            ("AlphaTests 1\nBetaTests -3\n", "f:2: expected"),
            ("AlphaTests 1 2\n", "f:1: expected"),
            ("AlphaTests 1\nAlphaTests 2\n", "f:2: AlphaTests is recorded twice"),
        ] {
            #expect(throws: TestDurations.Failure.self) { try TestDurations(parsing: text, path: "f") }
            do {
                _ = try TestDurations(parsing: text, path: "f")
            } catch {
                #expect(error.description.contains(problem), "\(text)")
            }
        }
        let written = TestDurations(seconds: ["BetaTests": 3, "AlphaTests": 1]).text(order: ["AlphaTests", "BetaTests"])
        #expect(try TestDurations(parsing: written, path: "f").seconds == ["AlphaTests": 1, "BetaTests": 3])
    }

    @Test("--record-durations goes alone: with --base or --history it is a usage error")
    func recordGoesAlone() throws {
        let repository = try ScratchRepository.small()
        defer { repository.remove() }
        let swift = FakeSwift(seconds: [:])
        #expect(record(["--base", "HEAD"], in: repository, swift: swift).status == 64)
        #expect(record(["--history", "2"], in: repository, swift: swift).status == 64)
        #expect(record(["--json"], in: repository, swift: swift).status == 64)
        #expect(swift.commands.isEmpty)
    }
}
