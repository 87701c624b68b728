/// The parts of a compiler symbol graph (`swift-symbolgraph-extract` output) the check reads.
struct SymbolGraph: Decodable {
    struct Symbol: Decodable {
        struct Identifier: Decodable { let precise: String }
        struct Kind: Decodable { let identifier: String }
        struct Fragment: Decodable { let kind: String, spelling: String, preciseIdentifier: String? }
        struct ExtensionInfo: Decodable { let extendedModule: String }
        struct Location: Decodable {
            struct Position: Decodable { let line: Int }
            let uri: String
            let position: Position
        }

        let identifier: Identifier
        let kind: Kind
        let pathComponents: [String]
        let accessLevel: String
        let declarationFragments: [Fragment]?
        let swiftExtension: ExtensionInfo?
        let location: Location?
    }

    struct Relationship: Decodable { let kind: String, source: String, target: String, targetFallback: String? }

    let symbols: [Symbol]
    let relationships: [Relationship]
}
