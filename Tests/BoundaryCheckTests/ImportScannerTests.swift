import BoundaryCheck
import Testing

/// The import scanner reads declarations as the compiler does, whatever the layout, and nothing else.
@Suite("The import scanner")
struct ImportScannerTests {
    /// The scanned imports as `line: @attributes module`.
    private func scan(_ source: String) -> [String] {
        ImportScanner.imports(inSource: source, displayPath: "File.swift").map { found in
            let line = found.location.dropFirst("File.swift:".count)
            return "\(line): " + found.attributes.map { "@\($0) " }.joined() + found.module
        }
    }

    @Test("It finds an import after a semicolon on the same line")
    func importAfterSemicolon() {
        #expect(scan("import Foundation; import SignUpFeature\n") == ["1: Foundation", "1: SignUpFeature"])
    }

    @Test("It finds attributes on the lines above the import keyword, and reports the keyword's line")
    func attributesAcrossLines() {
        let source = """
            @testable
            // a comment between them
            import FeedFeature
            @_spi(Internals) /* and here */ @preconcurrency
              public import struct LoginFeature.LoginSession
            @_exported internal import Core.Sub
            """
        #expect(
            scan(source) == [
                "3: @testable FeedFeature", "5: @_spi @preconcurrency LoginFeature", "6: @_exported Core",
            ])
    }

    @Test("It finds imports in a conditional block, and an import of a module named in backticks")
    func conditionalAndEscaped() {
        let source = """
            #if canImport(FeedFeature)
            @testable import `FeedFeature`
            #endif
            """
        #expect(scan(source) == ["2: @testable FeedFeature"])
    }

    @Test("It ignores imports in comments, strings, interpolations and regular expressions, as the compiler does")
    func textIsNotCode() {
        let source = #####"""
            // import A
            /* outer /* import B */ import C */
            let a = "import D \(value("import E")) \"import F"
            let b = """
                import G
                \(1) \""" import H
                """
            let c = #"import I \#("import J") "# + ##"import K "# "##
            let d = #"""
                import L """ still text
                """#
            let e = #/import M/#
            let f = /import N/
            let g = [1, 2].map { $0 / 2 }; import Real
            let h = /"/; import AfterRegex
            """#####
        #expect(scan(source) == ["14: Real", "15: AfterRegex"])
    }

    @Test("It ignores `import` as a member name, an argument label or a parameter's label")
    func keywordAsName() {
        let source = """
            let a = settings.import
            perform(import: 1)
            func load(_ first: Int, import module: String) {}
            func save(import: Int) {}
            """
        #expect(scan(source).isEmpty)
    }
}
