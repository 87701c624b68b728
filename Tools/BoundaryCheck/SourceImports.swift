public import Foundation
import PackageReading

/// The `import` declarations of a target's sources: which modules, from the compiler (`swiftc
/// -emit-imported-modules`, which evaluates `#if` and ignores comments); where and with which attributes, from a
/// line scan, which counts a declaration only where the compiler confirms that its file imports the module.
public enum SourceImports {
    /// One `import` declaration.
    public struct Import: Sendable, Equatable {
        /// The imported module (the first component of the path).
        public let module: String
        /// The names of its attributes without `@`, such as `testable`, `_spi`, `_exported`, `preconcurrency`.
        public let attributes: [String]
        /// The file and line of the `import` keyword, such as `Modules/LoginFeature/LoginScreen.swift:3`.
        public let location: String
        /// The file that declares it; `nil` for a module the compiler reports but the scan did not place.
        let file: URL?

        /// Whether it is `@testable import`, which opens the module's internals.
        public var isTestable: Bool { attributes.contains("testable") }
        /// Whether it is `@_exported import`, which re-exports the module's API as the importer's own.
        public var isExported: Bool { attributes.contains("_exported") }
        /// Whether it is `@_spi(…) import`, which opens the module's SPI.
        public var isSPI: Bool { attributes.contains("_spi") }
    }

    /// The `.swift` files under `directory`, sorted, skipping paths under `excluded` (relative to `directory`).
    static func files(under directory: URL, excluding excluded: [String]) -> [URL] {
        let excludedPaths = excluded.map { directory.appendingPathComponent($0).standardizedFileURL.path }
        let enumerator = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        return (enumerator?.compactMap { $0 as? URL } ?? []).filter { file in
            let path = file.standardizedFileURL.path
            return file.pathExtension == "swift"
                && !excludedPaths.contains { path == $0 || path.hasPrefix($0 + "/") }
        }.sorted { $0.path < $1.path }
    }

    /// The modules the compiler reads as imported by each group of files (`swiftc -emit-imported-modules`), one
    /// compiler run a group, side by side; a group `cache` holds an answer for is not asked again.
    static func modules(
        importedByEach groups: [[URL]], toolchain: Toolchain, cache: AnswerCache? = nil
    ) throws(ToolError) -> [Set<String>] {
        let keys = groups.map { group in group.isEmpty ? nil : cache?.key(of: group, compiler: toolchain.compiler) }
        var answers: [Set<String>?] = zip(groups, keys).map { group, key in
            group.isEmpty ? [] : key.flatMap { cache?.lines(under: $0) }
        }
        let asked = answers.indices.filter { answers[$0] == nil }
        let results = try Toolchain.runAll(
            asked.map { (toolchain.compiler, ["-emit-imported-modules"] + groups[$0].map(\.path)) })
        for (index, result) in zip(asked, results) {
            guard result.status == 0 else {
                throw .toolFailed("`swiftc -emit-imported-modules` could not read the sources:\n\(result.output)")
            }
            let modules = Set(result.standardOutput.split(whereSeparator: \.isNewline).map(String.init))
            answers[index] = modules
            if let cache, let key = keys[index] { cache.store(modules, under: key) }
        }
        return answers.map { $0 ?? [] }
    }

    /// The declarations of `file` that look like imports, found line by line: unconfirmed, so text in a comment,
    /// a literal or an inactive `#if` block can appear. `displayRoot` is removed from the front of the locations.
    public static func scan(_ file: URL, displayRoot: URL) -> [Import] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        let displayPath = relativePath(of: file, to: displayRoot)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var imports: [Import] = []
        for (index, line) in lines.enumerated() {
            for match in line.matches(of: declaration) {
                var attributes = attributeNames(match.output.attributes)
                // Attributes and modifiers on the lines above, across blank and comment lines.
                var above = index - 1
                while above >= 0, let prefix = lines[above].wholeMatch(of: prefixLine) {
                    attributes = attributeNames(prefix.output.1) + attributes
                    above -= 1
                }
                imports.append(
                    Import(
                        module: String(match.output.module), attributes: attributes,
                        location: "\(displayPath):\(index + 1)", file: file))
            }
        }
        return imports
    }

    /// `[@attribute…] [modifier] import [kind] Module`, at the start of a line or after a `;`.
    nonisolated(unsafe) private static let declaration =
        #/
        (?: ^ | ; ) \s*
        (?<attributes> (?: @\w+ (?: \( [^)]* \) )? \s* )* )
        (?: (?: public | package | internal | fileprivate | private | open ) \s+ )?
        import \s+ (?: (?: typealias | struct | class | enum | protocol | let | var | func ) \s+ )?
        `? (?<module> \w+ )
        /#

    /// A line with nothing but attributes, modifiers, a comment or whitespace, which may stand above an import.
    nonisolated(unsafe) private static let prefixLine =
        #/
        \s* ( (?: (?: @\w+ (?: \( [^)]* \) )? | public | package | internal | fileprivate | private | open ) \s* )* )
        (?: // .* | /\* .* \*/ )? \s*
        /#

    private static func attributeNames(_ text: Substring) -> [String] {
        text.matches(of: #/@(\w+)/#).map { String($0.output.1) }
    }

    static func relativePath(of file: URL, to root: URL) -> String {
        let path = file.standardizedFileURL.path
        let rootPath = root.standardizedFileURL.path
        return path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : path
    }
}
