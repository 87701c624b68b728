public import Foundation
public import PackageReading

/// Compile-fail probes: every internal type and member of a module, named from outside it, must not compile.
///
/// One probe file per module, one reference per line, each line must get an access-control error; the same lines
/// typechecked with `@testable import` (the control) must compile, so a line proves it names a real declaration.
/// `docs/boundary-check.md` ([internal-probe]) tells the whole story.
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
        public internal(set) var violations: [Violation]
        /// The probe's source, for diagnosis.
        public let source: String
    }

    /// Errors that mean "not visible from outside".
    static let accessErrorFragments = ["protection level", "in scope", "has no member", "no type named"]

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
    ///   - answersDirectory: where the compiler's answers are kept by the probe's text and the built modules'
    ///     content, so a check over the same modules asks the compiler nothing; `nil` asks every time.
    ///   - referencing: writes the line that names a declaration (the checker's own tests hand it a faulty one).
    public static func run(
        module: String, publicSurface: ModuleSurface, internalSurface: ModuleSurface, publicNames: Set<String>,
        modulesDirectory: URL, additionalSearchPaths: [URL] = [], toolchain: Toolchain, answersDirectory: URL? = nil,
        referencing: (SurfaceSymbol, String, Int) -> String? = reference(to:module:index:)
    ) throws(ToolError) -> Outcome {
        var probe = Probe(module: module, imports: ["Core", module])
        let publicIdentifiers = Set(publicSurface.symbols.map(\.identifier))
        for symbol in internalSurface.symbols.sorted(by: { ($0.path, $0.identifier) < ($1.path, $1.identifier) })
        where !publicIdentifiers.contains(symbol.identifier) && !["public", "open"].contains(symbol.accessLevel) {
            guard let reference = referencing(symbol, module, probe.probed.count) else {
                probe.skipped.append("\(symbol.path) (cannot be named without calling it)")
                continue
            }
            if let extended = symbol.extendedModule { probe.imports.insert(extended) }
            probe.probed.append((symbol, reference))
        }
        guard !probe.probed.isEmpty else { return probe.outcome(errors: [:], controlErrors: [:], publicNames: []) }
        let results = try typecheck(
            [
                (probe.source(testable: false), "\(module)AccessProbe"),
                (probe.source(testable: true), "\(module)AccessControl"),
            ],
            searchPaths: [modulesDirectory] + additionalSearchPaths, toolchain: toolchain,
            cache: answersDirectory.map { AnswerCache(directory: $0) })
        let controlHeaderErrors = (1...probe.imports.count).flatMap { results[1][$0] ?? [] }
        guard controlHeaderErrors.isEmpty else {
            throw .toolFailed(
                "the control of the access probe of \(module) cannot `@testable import` it (debug builds enable "
                    + "testing; build with `swift build`): \(controlHeaderErrors.joined(separator: "; "))")
        }
        return probe.outcome(errors: results[0], controlErrors: results[1], publicNames: publicNames)
    }

    /// The lines of one module's probe, the declarations they name, and what the typechecks of the probe and its
    /// control said about them.
    struct Probe {
        let module: String
        var imports: Set<String>
        var probed: [(symbol: SurfaceSymbol, line: String)] = []
        var skipped: [String] = []

        /// The probe's source; with `testable`, the control's, which imports the module with `@testable`.
        func source(testable: Bool) -> String {
            let header = imports.sorted().map { testable && $0 == module ? "@testable import \($0)" : "import \($0)" }
            return (header + probed.map(\.line)).joined(separator: "\n") + "\n"
        }

        /// The violations and skips, from the errors of the probe and of its control by line.
        func outcome(errors: [Int: [String]], controlErrors: [Int: [String]], publicNames: Set<String>) -> Outcome {
            var skipped = skipped
            var violations: [Violation] = []
            for (offset, (symbol, line)) in probed.enumerated() {
                let lineNumber = imports.count + offset + 1
                let control = (controlErrors[lineNumber] ?? []).filter { error in
                    !resolvedNameFragments.contains { error.contains($0) }
                }
                let errors = errors[lineNumber] ?? []
                if control.isEmpty, errors.isEmpty, !symbol.isType, publicNames.contains(symbol.name) {
                    skipped.append("\(symbol.path) (its name finds a public declaration of the same name)")
                } else if let violation = violation(of: symbol, line: line, errors: errors, control: control) {
                    violations.append(violation)
                }
            }
            return Outcome(
                probedCount: probed.count, skipped: skipped, violations: violations, source: source(testable: false))
        }

        /// The violation of the probe line `line` of `symbol`, if its errors and its control's say it has one.
        private func violation(
            of symbol: SurfaceSymbol, line: String, errors: [String], control: [String]
        ) -> Violation? {
            let (problem, fix): (String, String)
            if !control.isEmpty {
                problem =
                    "the probe line of \(symbol.accessLevel) \(symbol.kind) \(symbol.name) does not compile even with "
                    + "`@testable import \(module)`, so its failure from outside proves nothing: `\(line)`: "
                    + control.joined(separator: "; ")
                fix =
                    "the probe must name the declaration itself; report the probe line, or skip declarations of "
                    + "this kind in AccessProbe.reference(to:module:index:)"
            } else if errors.isEmpty {
                problem =
                    "\(symbol.accessLevel) \(symbol.kind) \(symbol.name) of \(module) compiles when named from "
                    + "outside the module: `\(line)`"
                fix = "check that nothing public re-exports it, and that no probe flag opens the module"
            } else if !errors.contains(where: { error in accessErrorFragments.contains { error.contains($0) } }) {
                problem =
                    "naming \(symbol.name) from outside \(module) failed, but not with an access error: "
                    + errors.joined(separator: "; ")
                fix = "make sure the declaration is internal; if it is, report the probe line `\(line)`"
            } else {
                return nil
            }
            return Violation(rule: "internal-probe", location: symbol.pathAndLocation, problem: problem, fix: fix)
        }
    }

    /// A line that names `symbol` from outside its module, or `nil` when it cannot be named without a call.
    @usableFromInline
    static func reference(to symbol: SurfaceSymbol, module: String, index: Int) -> String? {
        let function = "probe\(index)"
        let path = [symbol.extendedModule ?? module] + symbol.pathComponents
        let qualified = path.joined(separator: ".")
        if symbol.isType {
            return "@MainActor func \(function)() { _ = \(qualified).self }"
        }
        guard symbol.pathComponents.count > 1 else {
            // A global function or variable.
            return symbol.kind == "operator" ? nil : "@MainActor func \(function)() { _ = \(qualified) }"
        }
        guard !["operator", "subscript", "static subscript", "deinit"].contains(symbol.kind) else { return nil }
        let receiver = ["init", "case", "static func", "static var"].contains(symbol.kind) ? "Self" : "self"
        // `name()` is referenced as `name`, `name(a:b:)` as itself.
        let member = symbol.name.hasSuffix("()") ? String(symbol.name.dropLast(2)) : symbol.name
        let owner = path.dropLast().joined(separator: ".")
        return "extension \(owner) { @MainActor func \(function)() { _ = \(receiver).\(member) } }"
    }

    /// Typechecks each `(source, name)` against the modules in `searchPaths`, side by side, with the answers
    /// `cache` keeps (see ``CompileProbe/typecheck(_:searchPaths:toolchain:cache:)``); returns each one's error
    /// messages by line.
    static func typecheck(
        _ sources: [(source: String, name: String)], searchPaths: [URL], toolchain: Toolchain, cache: AnswerCache?
    ) throws(ToolError) -> [[Int: [String]]] {
        let directory = try Toolchain.scratchDirectory("boundary-check-probe")
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [URL] = []
        for (source, name) in sources {
            let file = directory.appendingPathComponent("\(name).swift")
            do { try source.write(to: file, atomically: true, encoding: .utf8) } catch {
                throw .toolFailed("cannot write the probe \(file.path): \(error)")
            }
            files.append(file)
        }
        let results = try CompileProbe.typecheck(files, searchPaths: searchPaths, toolchain: toolchain, cache: cache)
        // A probe the compiler failed on without a word about its lines (killed, crashed, a module it could not
        // load) would read as if every line compiled.
        for (file, result) in zip(files, results)
        where result.status != 0 && !CompileProbe.isFinished(result, file: file) {
            throw .toolFailed(
                "the compiler stopped on the probe \(file.lastPathComponent) without a diagnostic on its lines "
                    + "(status \(result.status)):\n\(result.output.split(separator: "\n").prefix(20).joined(separator: "\n"))"
            )
        }
        return zip(files, results).map { file, result in
            CompileProbe.errorsByLine(result.output, file: file.lastPathComponent)
        }
    }
}
