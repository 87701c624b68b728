public import Foundation

/// Finds the `import` lines of Swift sources.
public enum ImportScanner {
    /// One `import` line.
    public struct Import: Sendable, Equatable {
        /// The imported module (the first component of the path).
        public let module: String
        /// Whether it is `@testable import`, which opens the module's internals.
        public let isTestable: Bool
        /// The file and line, such as `Modules/LoginFeature/LoginScreen.swift:3`.
        public let location: String
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

    /// The imports of one source text.
    public static func imports(inSource text: String, displayPath: String) -> [Import] {
        var imports: [Import] = []
        var inMultilineString = false
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            // Lines inside a multi-line string literal (a template, say) are text, not imports.
            let delimiters = line.components(separatedBy: "\"\"\"").count - 1
            let startsInString = inMultilineString
            if delimiters % 2 == 1 { inMultilineString.toggle() }
            if startsInString || delimiters > 0 { continue }
            var tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            var isTestable = false
            while let token = tokens.first, token.hasPrefix("@") {
                if token == "@testable" { isTestable = true }
                tokens = tokens.dropFirst()
            }
            if let token = tokens.first, ["public", "package", "internal", "fileprivate", "private"].contains(token) {
                tokens = tokens.dropFirst()
            }
            guard tokens.first == "import" else { continue }
            tokens = tokens.dropFirst()
            let declarationKinds = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
            if let token = tokens.first, declarationKinds.contains(String(token)) { tokens = tokens.dropFirst() }
            guard let path = tokens.first else { continue }
            let module = path.prefix { $0 != "." && $0 != ";" }
            imports.append(
                Import(module: String(module), isTestable: isTestable, location: "\(displayPath):\(offset + 1)"))
        }
        return imports
    }

    static func relativePath(of file: URL, to root: URL) -> String {
        let path = file.standardizedFileURL.path
        let rootPath = root.standardizedFileURL.path
        return path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : path
    }
}
