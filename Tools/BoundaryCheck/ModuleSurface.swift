public import Foundation
public import PackageReading

/// The declarations a built module exposes at some access level, as the compiler sees them.
///
/// Read from the module's symbol graphs (`M.symbols.json` and the `M@Other.symbols.json` files that hold its
/// extensions of other modules' types). Members that the compiler synthesizes from the standard library
/// (`hashValue`, `!=`, …) are left out: they follow from the conformances, which are listed.
public struct ModuleSurface: Sendable {
    /// The module's name.
    public let module: String
    /// Every declaration, in no particular order.
    public let symbols: [SurfaceSymbol]
    /// Conformance and inheritance lines, such as `conforms LoginFeature.LoginSession: Swift.Equatable`.
    public let relationshipLines: [String]
    /// The direct superclass of each class, by precise identifier.
    let superclassOf: [String: String]
    /// Which symbol each member belongs to, by precise identifier.
    let ownerOf: [String: String]
    /// The qualified names of other modules' symbols that relationships point to, by precise identifier.
    let externalNames: [String: String]

    /// Extracts the surface of `module` from the modules in `modulesDirectory`.
    ///
    /// - Parameter additionalSearchPaths: more directories of built modules, for a module that is not in
    ///   `modulesDirectory` itself but imports modules from there.
    /// - Parameter minimumAccessLevel: `"public"` for what other modules see; `"internal"` adds what only the
    ///   module itself sees (the module must be built with testing enabled, as debug builds are).
    public static func extract(
        module: String, modulesDirectory: URL, additionalSearchPaths: [URL] = [], minimumAccessLevel: String = "public",
        toolchain: Toolchain
    ) throws(ToolError) -> ModuleSurface {
        try withExtractedGraphs(
            module: module, modulesDirectory: modulesDirectory, additionalSearchPaths: additionalSearchPaths,
            minimumAccessLevel: minimumAccessLevel, toolchain: toolchain
        ) { directory throws(ToolError) in try read(module: module, from: directory) }
    }

    /// The names of the public declarations of `module` (the last component of each path), extracted from the
    /// modules in `modulesDirectory`: all an access probe needs of a module it imports. Reading only the names
    /// skips decoding every declaration's fragments, most of the time a large module's graph costs.
    public static func extractPublicNames(
        module: String, modulesDirectory: URL, toolchain: Toolchain
    ) throws(ToolError) -> Set<String> {
        try withExtractedGraphs(
            module: module, modulesDirectory: modulesDirectory, additionalSearchPaths: [],
            minimumAccessLevel: "public", toolchain: toolchain
        ) { directory throws(ToolError) in try names(from: directory) }
    }

    /// The names of the declarations in the symbol graphs in `directory` (the last component of each path).
    public static func names(from directory: URL) throws(ToolError) -> Set<String> {
        struct Names: Decodable {
            struct Symbol: Decodable { let pathComponents: [String] }
            let symbols: [Symbol]
        }
        var names: Set<String> = []
        for file in try graphFiles(in: directory) {
            do {
                let graph = try JSONDecoder().decode(Names.self, from: Data(contentsOf: file))
                names.formUnion(graph.symbols.compactMap(\.pathComponents.last))
            } catch {
                throw .unreadable("symbol graph \(file.lastPathComponent): \(error)")
            }
        }
        return names
    }

    /// Runs `swift-symbolgraph-extract` on `module` into a scratch directory, hands it to `body`, and removes it.
    private static func withExtractedGraphs<Result>(
        module: String, modulesDirectory: URL, additionalSearchPaths: [URL], minimumAccessLevel: String,
        toolchain: Toolchain, _ body: (URL) throws(ToolError) -> Result
    ) throws(ToolError) -> Result {
        let output = try Toolchain.scratchDirectory("boundary-check-symbols")
        defer { try? FileManager.default.removeItem(at: output) }
        let searchPaths = Toolchain.searchArguments([modulesDirectory] + additionalSearchPaths)
        let result = try Toolchain.run(
            toolchain.symbolGraphExtractor,
            ["-module-name", module] + searchPaths + [
                "-target", try toolchain.targetTriple, "-minimum-access-level", minimumAccessLevel,
                "-output-dir", output.path,
            ])
        guard result.status == 0 else {
            throw .toolFailed(
                "swift-symbolgraph-extract could not read module \(module) in \(modulesDirectory.path) "
                    + "(build it first):\n\(result.output)")
        }
        return try body(output)
    }

    /// The `.symbols.json` files in `directory`.
    private static func graphFiles(in directory: URL) throws(ToolError) -> [URL] {
        do {
            return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.lastPathComponent.hasSuffix(".symbols.json") }.sorted { $0.path < $1.path }
        } catch {
            throw .unreadable("symbol graphs in \(directory.path): \(error)")
        }
    }

    /// Reads the surface of `module` from the symbol graphs in `directory` (such as the ones a package plugin gets
    /// from `packageManager.getSymbolGraph`).
    public static func read(module: String, from directory: URL) throws(ToolError) -> ModuleSurface {
        ModuleSurface(module: module, graphs: try readGraphs(from: directory))
    }

    /// The symbol graphs of `module` down to `minimumAccessLevel`, extracted from the modules in
    /// `modulesDirectory`.
    ///
    /// With `cache`, the graphs are kept there by the content of the build's modules (every `.swiftmodule` of
    /// `modulesDirectory`, and the module's own `.swiftdoc` and `.swiftsourceinfo`: its comments and the places of
    /// its declarations), all of them in one answer, and read from there while those stay the same. Graphs are
    /// kept only when the modules did not change while they were extracted.
    static func extractGraphs(
        module: String, modulesDirectory: URL, minimumAccessLevel: String, toolchain: Toolchain,
        cache: AnswerCache? = nil
    ) throws(ToolError) -> [SymbolGraph] {
        let files =
            AnswerCache.files(in: [modulesDirectory], extensions: ["swiftmodule"])
            + ["swiftdoc", "swiftsourceinfo"].map { modulesDirectory.appendingPathComponent("\(module).\($0)").path }
        let question = [
            toolchain.symbolGraphExtractor.path, "-module-name", module, "-I", modulesDirectory.path,
            "-minimum-access-level", minimumAccessLevel,
        ]
        let key = cache?.key(of: question, files: files)
        let slot = "graphs \(module) \(minimumAccessLevel)"
        if let key, let kept = cache?.text(in: slot, for: key), let graphs = try? decodeKept(kept) {
            return graphs
        }
        return try withExtractedGraphs(
            module: module, modulesDirectory: modulesDirectory, additionalSearchPaths: [],
            minimumAccessLevel: minimumAccessLevel, toolchain: toolchain
        ) { directory throws(ToolError) in
            let graphs = try readGraphs(from: directory)
            if let cache, let key, cache.key(of: question, files: files) == key,
                let kept = try? encodeKept(from: directory)
            {
                cache.store(text: kept, in: slot, for: key)
            }
            return graphs
        }
    }

    /// The graph files of `directory` as one kept answer: each file's name and text, in JSON.
    private static func encodeKept(from directory: URL) throws -> String {
        var texts: [String: String] = [:]
        for file in try graphFiles(in: directory) {
            texts[file.lastPathComponent] = try String(contentsOf: file, encoding: .utf8)
        }
        return String(decoding: try JSONEncoder().encode(texts), as: UTF8.self)
    }

    /// The graphs of a kept answer (``encodeKept(from:)``).
    private static func decodeKept(_ kept: String) throws -> [SymbolGraph] {
        let texts = try JSONDecoder().decode([String: String].self, from: Data(kept.utf8))
        return try texts.keys.sorted().map { name in
            try JSONDecoder().decode(SymbolGraph.self, from: Data((texts[name] ?? "").utf8))
        }
    }

    /// The symbol graphs in `directory`.
    private static func readGraphs(from directory: URL) throws(ToolError) -> [SymbolGraph] {
        var graphs: [SymbolGraph] = []
        for file in try graphFiles(in: directory) {
            do { graphs.append(try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: file))) } catch {
                throw .unreadable("symbol graph \(file.lastPathComponent): \(error)")
            }
        }
        return graphs
    }

    init(module: String, graphs: [SymbolGraph]) {
        self.module = module
        let relationships = graphs.flatMap(\.relationships)
        /// The target of each source's relationship of one of `kinds`; the last one where a source has several.
        func targets(of kinds: Set<String>) -> [String: String] {
            Dictionary(
                relationships.filter { kinds.contains($0.kind) }.map { ($0.source, $0.target) },
                uniquingKeysWith: { _, last in last })
        }
        ownerOf = targets(of: ["memberOf", "requirementOf", "optionalRequirementOf"])
        superclassOf = targets(of: ["inheritsFrom"])
        externalNames = Dictionary(
            relationships.compactMap { relationship in relationship.targetFallback.map { (relationship.target, $0) } },
            uniquingKeysWith: { _, last in last })
        symbols = graphs.flatMap(\.symbols).filter { !$0.identifier.precise.contains("::SYNTHESIZED::") }
            .map { SurfaceSymbol(module: module, symbol: $0) }
        let pathOf = Dictionary(symbols.map { ($0.identifier, $0.path) }, uniquingKeysWith: { first, _ in first })
        let verbs = ["conformsTo": "conforms", "inheritsFrom": "inherits"]
        relationshipLines = relationships.compactMap { relationship in
            guard let verb = verbs[relationship.kind], let source = pathOf[relationship.source] else { return nil }
            let target = pathOf[relationship.target] ?? relationship.targetFallback ?? relationship.target
            return Self.implicitProtocols.contains(target) ? nil : "\(verb) \(source): \(target)"
        }
    }

    /// Conformances every type gets without asking, left out of the baseline as noise.
    static let implicitProtocols: Set<String> = [
        "Swift.Copyable", "Swift.Escapable", "Swift.BitwiseCopyable", "Swift.SendableMetatype",
    ]

    /// The surface as sorted text, one declaration or relationship a line: the baseline format.
    public var lines: [String] { Array(Set(symbols.map(\.line) + relationshipLines)).sorted() }

    /// The top-level types and functions declared by the module itself (not its extensions of other modules).
    public var topLevelSymbols: [SurfaceSymbol] {
        symbols.filter { $0.extendedModule == nil && $0.pathComponents.count == 1 }
    }

    /// Whether the class `identifier` inherits, directly or not, from the class whose path is `ancestorPath`.
    public func inherits(_ identifier: String, from ancestorPath: String) -> Bool {
        var current = superclassOf[identifier]
        var seen: Set<String> = []
        while let next = current, seen.insert(next).inserted {
            let path = symbols.first { $0.identifier == next }?.path ?? externalNames[next]
            if next == ancestorPath || path == ancestorPath { return true }
            current = superclassOf[next]
        }
        return false
    }

    /// The outermost declaration that `identifier` is a member of, at any depth, or `identifier` itself at the top
    /// level.
    func topLevelOwner(of identifier: String) -> String {
        var owners: [String] = []
        while let owner = ownerOf[owners.last ?? identifier], !owners.contains(owner), owner != identifier {
            owners.append(owner)
        }
        return owners.last ?? identifier
    }
}
