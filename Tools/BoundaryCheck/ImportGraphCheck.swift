public import Foundation

/// Checks the import graph: each target's `import` declarations (``SourceImports``) and its dependencies in the
/// evaluated `Package.swift` against the rules.
public enum ImportGraphCheck {
    /// The violations of the package at `packageRoot` against `rules`.
    ///
    /// Beyond which modules a target may import: `@testable import` only by a module's own test target,
    /// `@_spi(…) import` of a checked module likewise, and no `@_exported import` in a feature.
    ///
    /// A declaration found by the scan breaks a rule only if the compiler confirms that its file imports the
    /// module; a package module the compiler reports for a target but the scan cannot place is checked at the
    /// target's folder.
    public static func violations(
        packageRoot: URL, manifest: PackageManifest, rules: BoundaryRules, rulesPath: String, toolchain: Toolchain
    ) throws(BoundaryCheckError) -> [Violation] {
        let packageModules = Set(manifest.targets.map(\.name))
        let libraries = Set(rules.checkedModules)
        let targets = manifest.targets.filter { !["system", "binary", "plugin"].contains($0.kind) }
        let files = targets.map { target in
            let directory = packageRoot.appendingPathComponent(target.path)
            return SourceImports.files(
                under: directory, excluding: target.exclude.map { directory.appendingPathComponent($0) })
        }
        let importedByTarget = try SourceImports.modules(importedByEach: files, toolchain: toolchain)
        // Each violation with the declaration it is about, which the compiler must confirm.
        var violations: [(violation: Violation, declaration: SourceImports.Import?)] = []
        for (target, (files, imported)) in zip(targets, zip(files, importedByTarget)) {
            let subject = target.isTest && target.name.hasSuffix("Tests") ? String(target.name.dropLast(5)) : nil
            let allowedImports: Set<String>
            let allowedDependencies: Set<String>
            if target.isTest {
                allowedImports = libraries.union([subject].compactMap { $0 })
                allowedDependencies = allowedImports
            } else if let imports = rules.imports[target.name] {
                allowedImports = Set(imports)
                allowedDependencies = allowedImports.union(rules.builds[target.name] ?? [])
            } else {
                violations.append(
                    nil,
                    Violation(
                        rule: "imports", location: target.location,
                        problem: "target \(target.name) has no import rule, so nothing says what it may import",
                        fix: "add `imports \(target.name): <modules>` to \(rulesPath)"))
                continue
            }
            let allowedText = allowedImports.sorted().joined(separator: ", ")
            let describedAllowed = allowedText.isEmpty ? "no module of the package" : allowedText
            var scanned = files.flatMap { SourceImports.scan($0, displayRoot: packageRoot) }
                .filter { imported.contains($0.module) }
            let placed = Set(scanned.map(\.module))
            scanned += imported.subtracting(placed).intersection(packageModules).sorted().map { module in
                SourceImports.Import(module: module, attributes: [], location: target.path, file: nil)
            }
            if rules.feature(target.name) != nil {
                for found in scanned where found.isExported {
                    violations.append(
                        found,
                        Violation(
                            rule: "exported-import", location: found.location,
                            problem: "\(target.name) uses `@_exported import \(found.module)`, which re-exports "
                                + "\(found.module)'s API as part of \(target.name)'s own public surface",
                            fix: "use `import \(found.module)` (or `public import` where a public declaration "
                                + "mentions its types); importers of \(target.name) import \(found.module) themselves"))
                }
            }
            for found in scanned where packageModules.contains(found.module) {
                if found.isSPI, libraries.contains(found.module), !(target.isTest && found.module == subject) {
                    violations.append(
                        found,
                        Violation(
                            rule: "spi-import", location: found.location,
                            problem: "\(target.name) uses `@_spi(…) import \(found.module)`, which opens "
                                + "\(found.module)'s SPI" + (target.isTest ? " (only \(found.module)Tests may)" : ""),
                            fix: "use `import \(found.module)` and only its public API"))
                }
                if found.isTestable, !(target.isTest && found.module == subject) {
                    violations.append(
                        found,
                        Violation(
                            rule: "testable-import", location: found.location,
                            problem: "\(target.name) uses `@testable import \(found.module)`, which opens "
                                + "\(found.module)'s internals"
                                + (target.isTest ? " (only \(found.module)Tests may)" : ""),
                            fix: "use `import \(found.module)` and only its public API"))
                } else if !rules.mayUseTestOnlyModules(target), rules.testOnly.contains(found.module) {
                    violations.append(
                        found,
                        Violation(
                            rule: "test-only", location: found.location,
                            problem: "\(target.name) imports \(found.module), which only test targets may import",
                            fix: "move the code that needs \(found.module) into a test target"))
                } else if !allowedImports.contains(found.module) {
                    violations.append(
                        found,
                        Violation(
                            rule: "imports", location: found.location,
                            problem: "\(target.name) imports \(found.module), but may import only "
                                + describedAllowed,
                            fix: target.isTest
                                ? "test the module through its public API, or import only library modules"
                                : "depend on \(found.module)'s public builder protocol through your Dependency "
                                    + "instead, or change the `imports \(target.name):` rule in \(rulesPath) "
                                    + "if the architecture really changed"))
                }
            }
            for dependency in target.dependencies where packageModules.contains(dependency) {
                let builtOnly = rules.builds[target.name]?.contains(dependency) ?? false
                if !rules.mayUseTestOnlyModules(target), !builtOnly, rules.testOnly.contains(dependency) {
                    violations.append(
                        nil,
                        Violation(
                            rule: "test-only", location: target.location,
                            problem: "\(target.name) depends on \(dependency), which only test targets may use",
                            fix: "remove \"\(dependency)\" from the dependencies of \(target.name)"))
                } else if !allowedDependencies.contains(dependency) {
                    violations.append(
                        nil,
                        Violation(
                            rule: "imports", location: target.location,
                            problem: "\(target.name) depends on \(dependency), but may depend only on "
                                + describedAllowed,
                            fix: "remove \"\(dependency)\" from the dependencies of \(target.name), or change the "
                                + "`imports \(target.name):` rule in \(rulesPath) if the architecture really changed"))
                }
            }
        }
        // The compiler's word on each file that holds a declaration that breaks a rule.
        let suspects = Array(Set(violations.compactMap(\.declaration?.file))).sorted { $0.path < $1.path }
        let importedByFile = Dictionary(
            uniqueKeysWithValues: zip(
                suspects, try SourceImports.modules(importedByEach: suspects.map { [$0] }, toolchain: toolchain)))
        return violations.filter { entry in
            guard let declaration = entry.declaration, let file = declaration.file else { return true }
            return importedByFile[file]?.contains(declaration.module) ?? false
        }.map(\.violation)
    }
}

extension Array where Element == (violation: Violation, declaration: SourceImports.Import?) {
    fileprivate mutating func append(_ declaration: SourceImports.Import?, _ violation: Violation) {
        append((violation, declaration))
    }
}
