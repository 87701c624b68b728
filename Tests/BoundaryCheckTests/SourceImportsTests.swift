import ExecutableTesting
import Foundation
import PackageReading
import Testing

@testable import BoundaryCheck

/// Imports as the compiler reads them, placed and given their attributes by the scan.
@Suite("Source imports")
struct SourceImportsTests {
    /// A temporary Swift file holding `source`.
    private func withFile<Result>(_ source: String, _ body: (URL) throws -> Result) throws -> Result {
        let file = ScratchSpace.directory.appendingPathComponent("imports-\(UUID()).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try body(file)
    }

    /// The scanned declarations as `line: @attributes module`.
    private func scan(_ source: String) throws -> [String] {
        try withFile(source) { file in
            SourceImports.scan(file, displayRoot: file.deletingLastPathComponent()).map { found in
                let line = found.location.split(separator: ":").last ?? ""
                return "\(line): " + found.attributes.map { "@\($0) " }.joined() + found.module
            }
        }
    }

    @Test("The compiler reports imports in active code only: not in comments, literals or `#if false` blocks")
    func compilerReadsOnlyCode() throws {
        let source = #"""
            // import Commented
            import Foundation; import Real
            let text = """
                import InString
                """
            #if false
                import Inactive
            #endif
            @testable
            import `Escaped`
            """#
        let modules = try withFile(source) { file in
            try SourceImports.modules(importedByEach: [[file]], toolchain: try Toolchain.locate())[0]
        }
        #expect(modules == ["Foundation", "Real", "Escaped"])
    }

    @Test("The scan finds an import after a semicolon, and attributes on the lines above with the keyword's line")
    func scanPlacesDeclarations() throws {
        let source = """
            import Foundation; import SignUpFeature
            @testable
            // a comment between them
            import FeedFeature
            @_spi(Internals) @preconcurrency
              public import struct LoginFeature.LoginSession
            @_exported internal import Core.Sub
            """
        #expect(
            try scan(source) == [
                "1: Foundation", "1: SignUpFeature", "4: @testable FeedFeature",
                "6: @_spi @preconcurrency LoginFeature", "7: @_exported Core",
            ])
    }

    @Test("The scan ignores `import` as a member name, an argument label or a parameter's label")
    func keywordAsName() throws {
        let source = """
            let a = settings.import
            perform(import: 1)
            func load(_ first: Int, import module: String) {}
            """
        #expect(try scan(source).isEmpty)
    }

    @Test("Kept answers: a group asked once is answered from the cache until one of its files changes")
    func answersAreKeptByContent() throws {
        let toolchain = try Toolchain.locate()
        let cache = AnswerCache(
            directory: ScratchSpace.directory.appendingPathComponent("imports-cache-\(UUID())"))
        defer { try? FileManager.default.removeItem(at: cache.directory) }
        let stored = { Set((try? FileManager.default.contentsOfDirectory(atPath: cache.directory.path)) ?? []) }
        try withFile("import Foundation\nimport First\n") { first in
            try withFile("import Second\n") { second in
                let groups = [[first], [second], []]
                let asked = try SourceImports.modules(importedByEach: groups, toolchain: toolchain, cache: cache)
                #expect(asked == [["Foundation", "First"], ["Second"], []])
                #expect(stored().count == 2, "one answer for each group of files; none for an empty group")

                // A kept answer is what the compiler said: changed on disk, it is what the next check reads.
                let firstKey = try #require(cache.key(of: [first], compiler: toolchain.compiler))
                cache.store(["Kept"], under: firstKey)
                let again = try SourceImports.modules(importedByEach: groups, toolchain: toolchain, cache: cache)
                #expect(again == [["Kept"], ["Second"], []], "unchanged files are not read again")
                #expect(stored().count == 2)

                // A changed file is a new question: the compiler reads it again.
                try "import Second\nimport Third\n".write(to: second, atomically: true, encoding: .utf8)
                let changed = try SourceImports.modules(importedByEach: groups, toolchain: toolchain, cache: cache)
                #expect(changed == [["Kept"], ["Second", "Third"], []])
                #expect(stored().count == 3)
            }
        }
    }

    @Test("The package's import check keeps its answers beside the build's modules")
    func checkerKeepsAnswersBesideTheBuild() throws {
        let modules = URL(fileURLWithPath: "/work/p/.build/debug/Modules")
        #expect(
            BoundaryChecker.importsCacheDirectory(besideModules: modules).path
                == "/work/p/.build/debug/boundary-check-imports")
    }
}
