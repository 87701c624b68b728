public import Foundation

/// Finds the `import` declarations of Swift sources with a lexer (``SwiftTokenizer``), not by lines: an import
/// after a `;`, with its attributes on the lines above, or with an access modifier or a kind is found; text in
/// comments and literals is not.
public enum ImportScanner {
    /// One `import` declaration.
    public struct Import: Sendable, Equatable {
        /// The imported module (the first component of the path).
        public let module: String
        /// The names of its attributes without `@`, such as `testable`, `_spi`, `_exported`, `preconcurrency`.
        public let attributes: [String]
        /// The file and line of the `import` keyword, such as `Modules/LoginFeature/LoginScreen.swift:3`.
        public let location: String

        /// Whether it is `@testable import`, which opens the module's internals.
        public var isTestable: Bool { attributes.contains("testable") }
        /// Whether it is `@_exported import`, which re-exports the module's API as the importer's own.
        public var isExported: Bool { attributes.contains("_exported") }
        /// Whether it is `@_spi(…) import`, which opens the module's SPI.
        public var isSPI: Bool { attributes.contains("_spi") }
    }

    /// The imports of every `.swift` file under `directory`, skipping paths under `excluded`.
    /// `displayRoot` is removed from the front of the locations.
    public static func imports(under directory: URL, excluding excluded: [URL], displayRoot: URL) -> [Import] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        let excludedPaths = excluded.map { $0.standardizedFileURL.path }
        var imports: [Import] = []
        let files = enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
        for file in files {
            let path = file.standardizedFileURL.path
            if excludedPaths.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let displayPath = relativePath(of: file, to: displayRoot)
            imports += self.imports(inSource: text, displayPath: displayPath)
        }
        return imports
    }

    /// Access modifiers that may come before `import`.
    static let accessModifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private", "open"]
    /// Kinds that may come after `import`, as in `import struct Module.Type`.
    static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]

    /// The import declarations of one source text.
    ///
    /// `import` is a keyword, so outside comments and literals it starts an import declaration unless it is a
    /// member name (after `.`), an argument label (before `:`) or a parameter's label (after `(` or `,`, before
    /// its attributes). The attributes and modifiers before it are read back to the previous token that is not
    /// one of them.
    public static func imports(inSource text: String, displayPath: String) -> [Import] {
        let tokens = SwiftTokenizer.tokens(of: text)
        var imports: [Import] = []
        for (index, token) in tokens.enumerated() where token.isKeyword("import") {
            if index > 0, tokens[index - 1].isPunctuation(".") { continue }
            if index + 1 < tokens.count, tokens[index + 1].isPunctuation(":") { continue }
            var attributes: [String] = []
            var before = index - 1
            while before >= 0 {
                if let name = tokens[before].identifier, accessModifiers.contains(name),
                    tokens[before].isKeyword(name)
                {
                    before -= 1
                } else if let attribute = attribute(endingAt: before, in: tokens) {
                    attributes.insert(attribute.name, at: 0)
                    before = attribute.start - 1
                } else {
                    break
                }
            }
            if before >= 0, tokens[before].isPunctuation("(") || tokens[before].isPunctuation(",") { continue }
            var after = index + 1
            if after < tokens.count, let kind = tokens[after].identifier, importKinds.contains(kind),
                tokens[after].isKeyword(kind)
            {
                after += 1
            }
            guard after < tokens.count, let module = tokens[after].identifier else { continue }
            imports.append(
                Import(module: module, attributes: attributes, location: "\(displayPath):\(token.line)"))
        }
        return imports
    }

    /// The attribute `@name` or `@name(…)` whose last token is at `end`, and the index of its `@`.
    private static func attribute(
        endingAt end: Int, in tokens: [SwiftTokenizer.Token]
    ) -> (name: String, start: Int)? {
        var nameIndex = end
        if tokens[end].isPunctuation(")") {
            var depth = 0
            var open = end
            while open >= 0 {
                if tokens[open].isPunctuation(")") { depth += 1 }
                if tokens[open].isPunctuation("(") { depth -= 1 }
                if depth == 0 { break }
                open -= 1
            }
            guard open > 0 else { return nil }
            nameIndex = open - 1
        }
        guard nameIndex > 0, let name = tokens[nameIndex].identifier, tokens[nameIndex - 1].isPunctuation("@")
        else { return nil }
        return (name, nameIndex - 1)
    }

    static func relativePath(of file: URL, to root: URL) -> String {
        let path = file.standardizedFileURL.path
        let rootPath = root.standardizedFileURL.path
        return path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : path
    }
}
