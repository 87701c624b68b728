public import Foundation

/// The targets of a `Package.swift`, read from its text: names, kinds, paths and declared dependencies.
///
/// The manifest is read rather than evaluated, so the check needs no second SwiftPM process (which would wait on
/// the running build's lock). Dependencies are read from string literals and `.target(name:)` /
/// `.product(name:)` forms inside each target's `dependencies: [...]`.
public struct PackageManifest: Sendable {
    /// One target declaration.
    public struct Target: Sendable, Equatable {
        /// `target`, `executableTarget`, `testTarget`, `systemLibrary`, …
        public let kind: String
        /// The target's name.
        public let name: String
        /// The names in its `dependencies`.
        public let dependencies: [String]
        /// Its source directory, relative to the package root.
        public let path: String
        /// The paths in its `exclude`, relative to its source directory.
        public let exclude: [String]
        /// The manifest line that declares it.
        public let line: Int

        /// Whether it is a test target.
        public var isTest: Bool { kind == "testTarget" }
    }

    /// The targets in declaration order.
    public let targets: [Target]

    /// Reads the manifest at `file`.
    public init(file: URL) throws(BoundaryCheckError) {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw .unreadable(file.path)
        }
        self.init(text: text)
    }

    /// Reads a manifest's text.
    public init(text: String) {
        let characters = Array(text)
        var targets: [Target] = []
        let kinds = ["target", "executableTarget", "testTarget", "systemLibrary", "binaryTarget", "plugin", "macro"]
        var index = 0
        while index < characters.count {
            guard characters[index] == "." else {
                index += 1
                continue
            }
            let nameStart = index + 1
            var nameEnd = nameStart
            while nameEnd < characters.count, characters[nameEnd].isLetter { nameEnd += 1 }
            let kind = String(characters[nameStart..<nameEnd])
            guard kinds.contains(kind), nameEnd < characters.count, characters[nameEnd] == "(",
                let close = Self.matchingClose(characters, from: nameEnd)
            else {
                index += 1
                continue
            }
            let arguments = String(characters[(nameEnd + 1)..<close])
            if let name = Self.stringArgument("name", in: arguments) {
                let line = characters[0..<index].filter { $0 == "\n" }.count + 1
                let defaultPath = kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)"
                targets.append(
                    Target(
                        kind: kind, name: name,
                        dependencies: Self.listArgument("dependencies", in: arguments),
                        path: Self.stringArgument("path", in: arguments) ?? defaultPath,
                        exclude: Self.listArgument("exclude", in: arguments), line: line))
                index = close
            } else {
                index += 1
            }
        }
        self.targets = targets
    }

    /// The target named `name`.
    public func target(_ name: String) -> Target? { targets.first { $0.name == name } }

    private static func matchingClose(_ characters: [Character], from open: Int) -> Int? {
        var depth = 0
        var inString = false
        var index = open
        while index < characters.count {
            let character = characters[index]
            if inString {
                if character == "\\" {
                    index += 1
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            } else if character == "(" || character == "[" {
                depth += 1
            } else if character == ")" || character == "]" {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// The value of `label: "value"` at the top level of `arguments`.
    private static func stringArgument(_ label: String, in arguments: String) -> String? {
        let top = topLevel(arguments)
        guard let range = top.range(of: "\(label):") else { return nil }
        let rest = top[range.upperBound...].drop { $0 == " " || $0 == "\n" }
        guard rest.first == "\"" else { return nil }
        return String(rest.dropFirst().prefix { $0 != "\"" })
    }

    /// The string literals inside `label: [ ... ]`, comments removed.
    private static func listArgument(_ label: String, in arguments: String) -> [String] {
        let characters = Array(arguments)
        let top = topLevel(arguments)
        guard let range = top.range(of: "\(label):") else { return [] }
        var index = top.distance(from: top.startIndex, to: range.upperBound)
        while index < characters.count, characters[index] == " " || characters[index] == "\n" { index += 1 }
        guard index < characters.count, characters[index] == "[",
            let close = matchingClose(characters, from: index)
        else { return [] }
        let list = String(characters[index..<close])
        let withoutComments = list.split(separator: "\n").map { line -> Substring in
            if let comment = line.range(of: "//") { return line[..<comment.lowerBound] }
            return line
        }.joined(separator: "\n")
        let pieces = withoutComments.split(separator: "\"", omittingEmptySubsequences: false)
        var values: [String] = []
        var previous = ""
        for (offset, piece) in pieces.enumerated() {
            if offset % 2 == 1, !previous.hasSuffix("package: ") { values.append(String(piece)) }
            previous = String(piece)
        }
        return values
    }

    /// `arguments` with every nested bracket's content blanked out, so labels are found only at the top level.
    private static func topLevel(_ arguments: String) -> String {
        var depth = 0
        var inString = false
        var result = ""
        for character in arguments {
            if character == "\"" { inString.toggle() }
            if !inString, character == "(" || character == "[" { depth += 1 }
            result.append(depth == 0 || character == "\n" ? character : " ")
            if !inString, character == ")" || character == "]" { depth -= 1 }
        }
        return result
    }
}
