import ExecutableTesting
import Foundation
import Testing

@Suite("affected-tests run in a folder inside a package works on that package", .serialized)
struct PackageAboveTests {
    @Test("Run in a source folder with no --package-path, it selects from the package above, as git does")
    func selectsFromThePackageAbove() throws {
        let repository = try ScratchRepository.small()
        defer { repository.remove() }
        try repository.appendLine(to: "Sources/Alpha/Alpha.swift")
        try repository.commit("alpha")
        let run = try runBuiltAffectedTests(
            ["--base", "HEAD~1", "--list"], in: repository.root.appendingPathComponent("Sources/Alpha"))
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "AlphaTests\nBetaTests\n")
    }
}
