/// The parts of a compiler symbol graph (`swift-symbolgraph-extract` output) the check reads.
struct SymbolGraph: Decodable, Sendable {
    struct Symbol: Decodable, Sendable {
        struct Identifier: Decodable, Sendable { let precise: String }
        struct Kind: Decodable, Sendable { let identifier: String }
        struct Fragment: Decodable, Sendable { let kind: String, spelling: String, preciseIdentifier: String? }
        struct ExtensionInfo: Decodable, Sendable { let extendedModule: String }
        struct Location: Decodable, Sendable {
            struct Position: Decodable, Sendable { let line: Int }
            let uri: String
            let position: Position
        }

        let identifier: Identifier
        let kind: Kind
        let pathComponents: [String]
        let accessLevel: String
        /// Whether the declaration is `@_spi`: public to the clients that import it by that name alone.
        let spi: Bool?
        let declarationFragments: [Fragment]?
        let swiftExtension: ExtensionInfo?
        let location: Location?
    }

    struct Relationship: Decodable, Sendable {
        let kind: String, source: String, target: String, targetFallback: String?
    }

    let symbols: [Symbol]
    let relationships: [Relationship]
}

extension SymbolGraph {
    /// `graphs` as an extraction at `public` would give them, from graphs extracted at a lower level: the
    /// declarations that are public or open, neither `@_spi` nor named with a leading underscore, whose owners (what
    /// they are members or requirements of) are kept too, and the relationships among those and to other modules'
    /// declarations. One extraction then serves both levels.
    static func publicPart(of graphs: [SymbolGraph]) -> [SymbolGraph] {
        let own = Set(graphs.flatMap(\.symbols).map(\.identifier.precise))
        let ownerKinds: Set<String> = ["memberOf", "requirementOf", "optionalRequirementOf"]
        let owners = Dictionary(
            graphs.flatMap(\.relationships).filter { ownerKinds.contains($0.kind) }.map { ($0.source, $0.target) },
            uniquingKeysWith: { first, _ in first })
        var kept = Set(
            graphs.flatMap(\.symbols).filter { symbol in
                ["public", "open"].contains(symbol.accessLevel) && symbol.spi != true
                    && !symbol.pathComponents.contains { $0.hasPrefix("_") }
            }.map(\.identifier.precise))
        // A public member of an internal type, or of an internal extension's type, is not public: drop it, and
        // then its own members, until nothing more goes.
        while true {
            let hidden = kept.filter { id in owners[id].map { own.contains($0) && !kept.contains($0) } ?? false }
            guard !hidden.isEmpty else { break }
            kept.subtract(hidden)
        }
        return graphs.map { graph in
            SymbolGraph(
                symbols: graph.symbols.filter { kept.contains($0.identifier.precise) },
                relationships: graph.relationships.filter {
                    (kept.contains($0.source) || !own.contains($0.source))
                        && (kept.contains($0.target) || !own.contains($0.target))
                })
        }
    }
}
