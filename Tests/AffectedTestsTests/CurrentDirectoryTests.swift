import ExecutableTesting
import Foundation
import Testing

/// Runs the `affected-tests` executable that `swift build --build-tests` put beside this test bundle, with
/// `directory` as its current directory: as a CI runs a tool it built once, in another checkout.
func runBuiltAffectedTests(_ arguments: [String], in directory: URL) throws -> BuiltExecutable.Run {
    try BuiltExecutable.run("affected-tests", arguments, in: directory)
}

@Suite("affected-tests works on the package of the current directory", .serialized)
struct CurrentDirectoryTests {
    @Test("Built here and run in another repository with no --package-path, it selects from that repository")
    func selectsFromTheCurrentDirectory() throws {
        let repository = try ScratchRepository.small()
        defer { repository.remove() }
        try repository.appendLine(to: "Sources/Alpha/Alpha.swift")
        try repository.commit("alpha")
        let run = try runBuiltAffectedTests(["--base", "HEAD~1", "--list"], in: repository.root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "AlphaTests\nBetaTests\n")
        #expect(run.errors.contains("1 changed file since HEAD~1 in Alpha"))
    }

    @Test("Its history replay reads the current directory's repository and manifest too")
    func replaysTheCurrentDirectory() throws {
        let repository = try ScratchRepository.small()
        defer { repository.remove() }
        try repository.write("Tools/TestDurations.txt", "AlphaTests 1\nBetaTests 3\nGammaTests 6\n")
        try repository.commit("durations")
        try repository.appendLine(to: "Sources/Gamma/Gamma.swift")
        try repository.commit("gamma")
        let run = try runBuiltAffectedTests(["--history", "2"], in: repository.root)
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix(" 60.0%     6.00 s     1  gamma") }, "\(run.output)")
        #expect(lines.contains("          GammaTests"))
        #expect(lines.last == "2 commits: median 30.0%, 90th percentile 60.0% of the suite's 10.00 s (3 test targets)")
    }

    @Test("In a folder with no Package.swift it says so and exits 1")
    func noPackageHere() throws {
        let folder = ScratchSpace.directory.appendingPathComponent("no-package-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runBuiltAffectedTests(["--base", "HEAD", "--list"], in: folder)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("no Package.swift in \(folder.path)"))
        #expect(run.errors.contains("--package-path"))
    }
}
