public import Foundation

/// Compile-fail probes: every internal type and member of a module, named from outside it, must not compile.
///
/// One probe file per module, one reference per line, typechecked once (`swiftc -typecheck -swift-version 6`,
/// never `@testable import`, never `-package-name`). Every line must get an access-control error.
///
/// An error such as "cannot find in scope" proves nothing by itself if the line names something that does not
/// exist at all. So the same lines are also typechecked as a control, with `@testable import` of the module
/// (built with testing enabled, as debug builds are), which sees internal declarations: every control line must
/// compile (or fail only because a generic declaration's parameters are left open or overloads are ambiguous,
/// which the compiler reports only once the name was found). A line that fails otherwise in the control does not name the declaration it
/// is meant to probe, and fails the check.
public enum AccessProbe {
    /// What a module's probe found.
    public struct Outcome: Sendable {
        /// Internal declarations named by the probe.
        public let probedCount: Int
        /// Internal declarations that cannot be named from outside at all (operators, subscripts), and those
        /// whose probe compiled only because the name also finds a public declaration (an override of a public
        /// member, or a member with the name of a public one), so the reference says nothing about access.
        public let skipped: [String]
        /// Internal declarations that compiled from outside, or failed for another reason than access.
        public let violations: [Violation]
        /// The probe's source, for diagnosis.
        public let source: String
    }

    /// Errors that mean "not visible from outside".
    static let accessErrorFragments = [
        "is inaccessible due to 'internal' protection level",
        "is inaccessible due to 'package' protection level",
        "is inaccessible due to 'private' protection level",
        "is inaccessible due to 'fileprivate' protection level",
        "in scope",
        "has no member",
        "no type named",
    ]

    /// Errors of the control that the compiler gives only once the name was found: a generic function or
    /// initializer named without a call leaves its generic parameters open, and overloads that differ only in
    /// their parameter types are ambiguous. The line names a real declaration.
    static let resolvedNameFragments = ["could not be inferred", "ambiguous use of"]

    /// Builds and typechecks the probe of `module`.
    ///
    /// - Parameters:
    ///   - publicSurface: the module's public surface.
    ///   - internalSurface: the module's surface down to internal.
    ///   - publicNames: names of public declarations the module sees (its own and its dependencies'), which
    ///     shadow an internal declaration of the same name.
    ///   - referencing: writes the line that names a declaration (the checker's own tests hand it a faulty one).
    public static func run(
        module: String, publicSurface: ModuleSurface, internalSurface: ModuleSurface, publicNames: Set<String>,
        modulesDirectory: URL, additionalSearchPaths: [URL] = [], toolchain: Toolchain,
        referencing: (SurfaceSymbol, String, Int) -> String? = reference(to:module:index:)
    ) throws(BoundaryCheckError) -> Outcome {
        let publicIdentifiers = Set(publicSurface.symbols.map(\.identifier))
        let internals = internalSurface.symbols
            .filter { !publicIdentifiers.contains($0.identifier) && $0.accessLevel != "public" }
            .filter { $0.accessLevel != "open" }
            .sorted { $0.path == $1.path ? $0.identifier < $1.identifier : $0.path < $1.path }
        var imports: Set<String> = ["Core", module]
        var lines: [String] = []
        var probed: [SurfaceSymbol] = []
        var skipped: [String] = []
        for symbol in internals {
            guard let reference = referencing(symbol, module, probed.count) else {
                skipped.append("\(symbol.path) (cannot be named without calling it)")
                continue
            }
            if let extended = symbol.extendedModule { imports.insert(extended) }
            probed.append(symbol)
            lines.append(reference)
        }
        let header = imports.sorted().map { "import \($0)" }
        let source = (header + lines).joined(separator: "\n") + "\n"
        guard !probed.isEmpty else {
            return Outcome(probedCount: 0, skipped: skipped, violations: [], source: source)
        }
        let controlHeader = imports.sorted().map { $0 == module ? "@testable import \($0)" : "import \($0)" }
        let control = (controlHeader + lines).joined(separator: "\n") + "\n"
        let searchPaths = [modulesDirectory] + additionalSearchPaths
        let results = try typecheck(
            [(source, "\(module)AccessProbe"), (control, "\(module)AccessControl")], searchPaths: searchPaths,
            toolchain: toolchain)
        let errorsByLine = results[0]
        let controlErrorsByLine = results[1]
        let controlHeaderErrors = (1...header.count).flatMap { controlErrorsByLine[$0] ?? [] }
        guard controlHeaderErrors.isEmpty else {
            throw .toolFailed(
                "the control of the access probe of \(module) cannot `@testable import` it (debug builds enable "
                    + "testing; build with `swift build`): \(controlHeaderErrors.joined(separator: "; "))")
        }
        var violations: [Violation] = []
        for (offset, symbol) in probed.enumerated() {
            let lineNumber = header.count + offset + 1
            let errors = errorsByLine[lineNumber] ?? []
            let controlErrors = (controlErrorsByLine[lineNumber] ?? []).filter { error in
                !resolvedNameFragments.contains { error.contains($0) }
            }
            let location = symbol.pathAndLocation
            if !controlErrors.isEmpty {
                violations.append(
                    Violation(
                        rule: "internal-probe", location: location,
                        problem: "the probe line of \(symbol.accessLevel) \(symbol.kind) \(symbol.name) does not "
                            + "compile even with `@testable import \(module)`, so its failure from outside proves "
                            + "nothing: `\(lines[offset])`: \(controlErrors.joined(separator: "; "))",
                        fix: "the probe must name the declaration itself; report the probe line, or skip "
                            + "declarations of this kind in AccessProbe.reference(to:module:index:)"))
            } else if errors.isEmpty, !symbol.isType, publicNames.contains(symbol.name) {
                skipped.append("\(symbol.path) (its name finds a public declaration of the same name)")
            } else if errors.isEmpty {
                violations.append(
                    Violation(
                        rule: "internal-probe", location: location,
                        problem: "\(symbol.accessLevel) \(symbol.kind) \(symbol.name) of \(module) compiles when "
                            + "named from outside the module: `\(lines[offset])`",
                        fix: "check that nothing public re-exports it, and that no probe flag opens the module"))
            } else if !errors.contains(where: { error in accessErrorFragments.contains { error.contains($0) } }) {
                violations.append(
                    Violation(
                        rule: "internal-probe", location: location,
                        problem: "naming \(symbol.name) from outside \(module) failed, but not with an access "
                            + "error: \(errors.joined(separator: "; "))",
                        fix: "make sure the declaration is internal; if it is, report the probe line "
                            + "`\(lines[offset])`"))
            }
        }
        return Outcome(probedCount: probed.count, skipped: skipped, violations: violations, source: source)
    }

    /// A line that names `symbol` from outside its module, or `nil` when it cannot be named without a call.
    @usableFromInline
    static func reference(to symbol: SurfaceSymbol, module: String, index: Int) -> String? {
        let function = "probe\(index)"
        let qualified = ([symbol.extendedModule ?? module] + symbol.pathComponents).joined(separator: ".")
        if symbol.isType {
            return "@MainActor func \(function)() { _ = \(qualified).self }"
        }
        let owner = ([symbol.extendedModule ?? module] + symbol.pathComponents.dropLast()).joined(separator: ".")
        guard symbol.pathComponents.count > 1 else {
            // A global function or variable.
            if symbol.kind == "operator" { return nil }
            return "@MainActor func \(function)() { _ = \(qualified) }"
        }
        let member: String
        switch symbol.kind {
        case "operator", "subscript", "static subscript", "deinit": return nil
        case "init": member = "Self.\(compoundReference(symbol.name))"
        case "case", "static func", "static var": member = "Self.\(compoundReference(symbol.name))"
        default: member = "self.\(compoundReference(symbol.name))"
        }
        return "extension \(owner) { @MainActor func \(function)() { _ = \(member) } }"
    }

    /// `name(a:b:)` as a reference: `name(a:b:)`; `name()` as `name`.
    private static func compoundReference(_ name: String) -> String {
        name.hasSuffix("()") ? String(name.dropLast(2)) : name
    }

    /// Typechecks each `(source, name)` against the modules in `searchPaths`, side by side; returns each one's
    /// error messages by line.
    static func typecheck(
        _ sources: [(source: String, name: String)], searchPaths: [URL], toolchain: Toolchain
    ) throws(BoundaryCheckError) -> [[Int: [String]]] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("boundary-check-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [URL] = []
        for (source, name) in sources {
            let file = directory.appendingPathComponent("\(name).swift")
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try source.write(to: file, atomically: true, encoding: .utf8)
            } catch {
                throw .toolFailed("cannot write the probe \(file.path): \(error)")
            }
            files.append(file)
        }
        let results = try Toolchain.runAll(
            files.map { (toolchain.compiler, CompileProbe.typecheckArguments(file: $0, searchPaths: searchPaths)) })
        return zip(files, results).map { file, result in
            CompileProbe.errorsByLine(result.output, file: file.lastPathComponent)
        }
    }
}
