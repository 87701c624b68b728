public import Foundation
public import PackageReading

/// Checks the import graph: each target's `import` declarations (``SourceImports``) and its dependencies in the
/// evaluated `Package.swift` against the rules.
public enum ImportGraphCheck {
    /// A violation with the declaration it is about, which the compiler must confirm; `nil` for one about the
    /// manifest or a module the scan could not place.
    typealias Finding = (violation: Violation, declaration: SourceImports.Import?)

    /// The violations of the package at `packageRoot` against `rules`.
    ///
    /// Beyond which modules a target may import: `@testable import` only by a module's own test target,
    /// `@_spi(…) import` of a checked module likewise, and no `@_exported import` in a feature. A declaration
    /// found by the scan breaks a rule only if the compiler confirms that its file imports the module; a package
    /// module the compiler reports for a target but the scan cannot place is checked at the target's folder.
    ///
    /// With `cacheDirectory`, the compiler's answers are kept there by the files' content, and a group of files
    /// whose answer is kept is not read again (see `AnswerCache`).
    public static func violations(
        packageRoot: URL, manifest: PackageManifest, rules: BoundaryRules, rulesPath: String, toolchain: Toolchain,
        cacheDirectory: URL? = nil
    ) throws(ToolError) -> [Violation] {
        let cache = cacheDirectory.map { AnswerCache(directory: $0) }
        let packageModules = Set(manifest.targets.map(\.name))
        let targets = manifest.targets.filter { !["system", "binary", "plugin"].contains($0.kind) }
        let files = targets.map {
            SourceImports.files(under: packageRoot.appendingPathComponent($0.path), excluding: $0.exclude)
        }
        let importedByTarget = try SourceImports.modules(importedByEach: files, toolchain: toolchain, cache: cache)
        var findings: [Finding] = unknownNames(in: rules, packageModules: packageModules, rulesPath: rulesPath)
            .map { ($0, nil) }
        for (target, (files, imported)) in zip(targets, zip(files, importedByTarget)) {
            guard let allowed = allowedModules(of: target, rules: rules) else {
                let problem = "target \(target.name) has no import rule, so nothing says what it may import"
                let fix = "add `imports \(target.name): <modules>` to \(rulesPath)"
                findings.append(
                    (Violation(rule: "imports", location: target.location, problem: problem, fix: fix), nil))
                continue
            }
            var scanned = files.flatMap { SourceImports.scan($0, displayRoot: packageRoot) }
                .filter { imported.contains($0.module) }
            let placed = Set(scanned.map(\.module))
            scanned += imported.subtracting(placed).intersection(packageModules).sorted().map { module in
                SourceImports.Import(module: module, attributes: [], location: target.path, file: nil)
            }
            let context = Context(target: target, allowed: allowed, rules: rules, rulesPath: rulesPath)
            findings += scanned.compactMap { found in context.exportViolation(found).map { ($0, found) } }
            for found in scanned where packageModules.contains(found.module) {
                findings += context.importViolations(found).map { ($0, found) }
            }
            for dependency in target.packageDependencies where packageModules.contains(dependency) {
                findings += context.useViolation(of: dependency, importedBy: nil).map { [($0, nil)] } ?? []
            }
        }
        return try confirmed(findings, toolchain: toolchain, cache: cache)
    }

    /// The modules `target` may import and depend on, or `nil` when no rule says: a test target `XTests` the
    /// checked modules and X; another target its `imports` rule (and for dependencies its `builds` rule).
    static func allowedModules(
        of target: PackageManifest.Target, rules: BoundaryRules
    ) -> (imports: Set<String>, dependencies: Set<String>)? {
        if target.isTest {
            let imports = Set(rules.checkedModules).union([Context.subject(of: target)].compactMap { $0 })
                .union(rules.imports[target.name] ?? [])
            return (imports, imports)
        }
        guard let imports = rules.imports[target.name] else { return nil }
        return (Set(imports), Set(imports).union(rules.builds[target.name] ?? []))
    }

    /// The findings the compiler confirms: those whose file it reads as importing the module.
    static func confirmed(
        _ findings: [Finding], toolchain: Toolchain, cache: AnswerCache?
    ) throws(ToolError) -> [Violation] {
        let suspects = Array(Set(findings.compactMap(\.declaration?.file))).sorted { $0.path < $1.path }
        let importedByFile = Dictionary(
            uniqueKeysWithValues: zip(
                suspects,
                try SourceImports.modules(
                    importedByEach: suspects.map { [$0] }, toolchain: toolchain, cache: cache)))
        return findings.filter { finding in
            guard let declaration = finding.declaration, let file = declaration.file else { return true }
            return importedByFile[file]?.contains(declaration.module) ?? false
        }.map(\.violation)
    }

    /// `[imports]`: an `imports` or `builds` rule that names a module that is no target of the package, as a
    /// misspelt one: it allows nothing, so the rule does not say what its author meant.
    static func unknownNames(in rules: BoundaryRules, packageModules: Set<String>, rulesPath: String) -> [Violation] {
        [(rules.imports, "imports"), (rules.builds, "builds")].flatMap { rule, keyword in
            rule.keys.sorted().flatMap { target in
                ([target] + (rule[target] ?? [])).filter { !packageModules.contains($0) }.map { unknown in
                    let line = rules.valueLines["\(keyword) \(target): \(unknown)"].map { ":\($0)" } ?? ""
                    return Violation(
                        rule: "imports", location: "\(rulesPath)\(line) (`\(keyword) \(target):`)",
                        problem: "the rule names \(unknown), which is no target of Package.swift",
                        fix: "name the package's targets, as Package.swift spells them, or remove the name")
                }
            }
        }
    }

    /// What one target may import, and the violations of one of its imports or dependencies.
    struct Context {
        let target: PackageManifest.Target
        let allowed: (imports: Set<String>, dependencies: Set<String>)
        let rules: BoundaryRules
        let rulesPath: String

        /// X for a test target `XTests`: the module whose internals it may open.
        static func subject(of target: PackageManifest.Target) -> String? {
            target.isTest && target.name.hasSuffix("Tests") ? String(target.name.dropLast(5)) : nil
        }

        /// What the target may import (or depend on), as the end of a sentence that starts "but may".
        private func describedAllowed(imported: Bool) -> String {
            let modules = imported ? allowed.imports : allowed.dependencies
            guard !modules.isEmpty else { return (imported ? "import" : "depend on") + " no module of the package" }
            return (imported ? "import only " : "depend only on ") + modules.sorted().joined(separator: ", ")
        }

        /// `[exported-import]`: a feature that re-exports a module.
        func exportViolation(_ found: SourceImports.Import) -> Violation? {
            guard rules.feature(target.name) != nil, found.isExported else { return nil }
            return Violation(
                rule: "exported-import", location: found.location,
                problem: "\(target.name) uses `@_exported import \(found.module)`, which re-exports "
                    + "\(found.module)'s API as part of \(target.name)'s own public surface",
                fix: "use `import \(found.module)` (or `public import` where a public declaration "
                    + "mentions its types); importers of \(target.name) import \(found.module) themselves")
        }

        /// `[spi-import]`, `[testable-import]`, `[test-only]` and `[imports]` of an import of a package module.
        func importViolations(_ found: SourceImports.Import) -> [Violation] {
            let ownTest = target.isTest && found.module == Self.subject(of: target)
            let openings: [(rule: String, spelling: String, opened: String, applies: Bool)] = [
                ("spi-import", "@_spi(…) import", "SPI", found.isSPI && rules.checkedModules.contains(found.module)),
                ("testable-import", "@testable import", "internals", found.isTestable),
            ]
            let violations = openings.filter { $0.applies && !ownTest }.map { rule, spelling, opened, _ in
                Violation(
                    rule: rule, location: found.location,
                    problem: "\(target.name) uses `\(spelling) \(found.module)`, which opens \(found.module)'s "
                        + opened + (target.isTest ? " (only \(found.module)Tests may)" : ""),
                    fix: "use `import \(found.module)` and only its public API")
            }
            if found.isTestable, !ownTest { return violations }
            return violations + [useViolation(of: found.module, importedBy: found)].compactMap { $0 }
        }

        /// `[test-only]` or `[imports]` of a package module the target uses: imports by the declaration `found`,
        /// or, when `found` is `nil`, depends on in the manifest.
        func useViolation(of module: String, importedBy found: SourceImports.Import?) -> Violation? {
            let imported = found != nil
            let location = found?.location ?? target.location
            let uses = imported ? "imports" : "depends on"
            let builtOnly = !imported && rules.builds[target.name]?.contains(module) == true
            if !rules.mayUseTestOnlyModules(target), !builtOnly, rules.testOnly.contains(module) {
                return Violation(
                    rule: "test-only", location: location,
                    problem:
                        "\(target.name) \(uses) \(module), which only test targets may \(imported ? "import" : "use")",
                    fix: imported
                        ? "move the code that needs \(module) into a test target"
                        : "remove \"\(module)\" from the dependencies of \(target.name)")
            }
            guard !(imported ? allowed.imports : allowed.dependencies).contains(module) else { return nil }
            let ruleChange =
                "change the `imports \(target.name):` rule in \(rulesPath) if the architecture really changed"
            return Violation(
                rule: "imports", location: location,
                problem: "\(target.name) \(uses) \(module), but may " + describedAllowed(imported: imported),
                fix: !imported
                    ? "remove \"\(module)\" from the dependencies of \(target.name), or \(ruleChange)"
                    : target.isTest
                        ? "test the module through its public API, or import only library modules"
                        : "depend on \(module)'s public builder protocol through your Dependency instead, or "
                            + ruleChange
            )
        }
    }
}
