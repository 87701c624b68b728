import Foundation

/// One declaration of a module, as the compiler reports it.
public struct SurfaceSymbol: Sendable, Hashable {
    /// The compiler's unique identifier (a mangled name).
    public let identifier: String
    /// A short kind: `class`, `struct`, `enum`, `case`, `protocol`, `func`, `static func`, `var`, `init` …
    public let kind: String
    /// The names from the outermost type down to this declaration, such as `["Window", "perform(_:)"]`.
    public let pathComponents: [String]
    /// `open`, `public`, `package` or `internal`.
    public let accessLevel: String
    /// The declaration as written, attributes included, such as `@MainActor final func start()`.
    public let declaration: String
    /// The module whose type this declaration extends, when it is in an extension of another module's type.
    public let extendedModule: String?
    /// The precise identifiers of the types the declaration mentions.
    public let mentionedIdentifiers: [String]
    /// The source file and line of the declaration, when the compiler recorded it.
    public let location: String?
    /// The qualified name, such as `Core.Window.perform(_:)`.
    public let path: String

    init(module: String, symbol: SymbolGraph.Symbol) {
        identifier = symbol.identifier.precise
        kind = Self.shortKinds[symbol.kind.identifier] ?? String(symbol.kind.identifier.trimmingPrefix("swift."))
        pathComponents = symbol.pathComponents
        accessLevel = symbol.accessLevel
        extendedModule = symbol.swiftExtension?.extendedModule
        let fragments = symbol.declarationFragments ?? []
        mentionedIdentifiers = fragments.compactMap { $0.kind == "typeIdentifier" ? $0.preciseIdentifier : nil }
        var spellings = fragments.map(\.spelling)
        if symbol.accessLevel == "open" || symbol.accessLevel == "package",
            let keyword = fragments.firstIndex(where: { $0.kind == "keyword" })
        {
            spellings.insert(symbol.accessLevel + " ", at: keyword)
        }
        declaration = spellings.joined()
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        path = ([extendedModule ?? module] + pathComponents).joined(separator: ".")
        location = symbol.location.flatMap { location in
            URL(string: location.uri).map { "\($0.path):\(location.position.line + 1)" }
        }
    }

    /// Where a violation points: the qualified name, then the source location in parentheses when known.
    public var pathAndLocation: String { path + (location.map { " (\($0))" } ?? "") }

    /// The last path component, such as `perform(_:)`.
    public var name: String { pathComponents.last ?? "" }

    /// Whether this declares a type (class, struct, enum, protocol, type alias).
    public var isType: Bool { ["class", "struct", "enum", "protocol", "typealias", "actor"].contains(kind) }

    /// The baseline line: kind, qualified name and declaration, such as
    /// `func Core.Window.perform(_:): @MainActor func perform(_ gesture: UserGesture) throws(NavigationError)`.
    public var line: String { "\(kind) \(path): \(declaration)" }

    /// The short kinds of the compiler's kinds that do not just drop `swift.` (`swift.class` is `class`).
    private static let shortKinds = [
        "swift.method": "func", "swift.func": "func", "swift.func.op": "operator", "swift.var": "var",
        "swift.type.method": "static func", "swift.property": "var", "swift.type.property": "static var",
        "swift.subscript": "subscript", "swift.type.subscript": "static subscript", "swift.enum.case": "case",
    ]
}
