import Foundation
import Testing

@testable import BoundaryCheck

/// A module's public surface read from its graphs extracted down to internal: what an extraction at public gives.
@Suite("The public part of a module's symbol graphs")
struct PublicPartTests {
    /// A symbol of module `M` at `access`, named by `path`.
    private static func symbol(_ id: String, _ path: [String], _ access: String, spi: Bool = false) -> String {
        let components = path.map { "\"\($0)\"" }.joined(separator: ",")
        return """
            {"identifier":{"precise":"\(id)"},"kind":{"identifier":"swift.struct"},"pathComponents":[\(components)],
            "accessLevel":"\(access)"\(spi ? ",\"spi\":true" : "")}
            """
    }

    private static func relationship(_ kind: String, _ source: String, _ target: String) -> String {
        "{\"kind\":\"\(kind)\",\"source\":\"\(source)\",\"target\":\"\(target)\"}"
    }

    @Test("Public declarations in public owners stay; internal, @_spi and underscored ones go, with their members")
    func keepsWhatClientsSee() throws {
        let symbols = [
            Self.symbol("T", ["T"], "public"), Self.symbol("T.m", ["T", "m"], "public"),
            Self.symbol("T.i", ["T", "i"], "internal"), Self.symbol("I", ["I"], "internal"),
            Self.symbol("I.p", ["I", "p"], "public"), Self.symbol("H", ["_Hidden"], "public"),
            Self.symbol("H.p", ["_Hidden", "p"], "public"), Self.symbol("S", ["Tool"], "public", spi: true),
            Self.symbol("O", ["Open"], "open"),
        ]
        let relationships = [
            Self.relationship("memberOf", "T.m", "T"), Self.relationship("memberOf", "T.i", "T"),
            Self.relationship("memberOf", "I.p", "I"), Self.relationship("memberOf", "H.p", "H"),
            Self.relationship("conformsTo", "T", "s:SQ"), Self.relationship("conformsTo", "I", "s:SQ"),
            Self.relationship("conformsTo", "T", "I"), Self.relationship("conformsTo", "s:Si", "T"),
        ]
        let json =
            "{\"symbols\":[\(symbols.joined(separator: ","))],\"relationships\":[\(relationships.joined(separator: ","))]}"
        let graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(json.utf8))
        let part = try #require(SymbolGraph.publicPart(of: [graph]).first)
        #expect(Set(part.symbols.map(\.identifier.precise)) == ["T", "T.m", "O"])
        #expect(
            part.relationships.map { "\($0.kind) \($0.source) \($0.target)" }.sorted()
                == ["conformsTo T s:SQ", "conformsTo s:Si T", "memberOf T.m T"],
            "to and from other modules' declarations too; never to or from what was dropped")
    }
}
