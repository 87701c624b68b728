public import Foundation

/// Checks the import graph: each target's `import` lines and its `Package.swift` dependencies against the rules.
public enum ImportGraphCheck {
    /// The violations of the package at `packageRoot` against `rules`.
    public static func violations(
        packageRoot: URL, manifest: PackageManifest, rules: BoundaryRules, rulesPath: String
    ) -> [Violation] {
        let packageModules = Set(manifest.targets.map(\.name))
        let libraries = Set(rules.checkedModules)
        var violations: [Violation] = []
        for target in manifest.targets where target.kind != "systemLibrary" {
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
                    Violation(
                        rule: "imports", location: "Package.swift:\(target.line) (target \(target.name))",
                        problem: "target \(target.name) has no import rule, so nothing says what it may import",
                        fix: "add `imports \(target.name): <modules>` to \(rulesPath)"))
                continue
            }
            let allowedText = allowedImports.sorted().joined(separator: ", ")
            let describedAllowed = allowedText.isEmpty ? "no module of the package" : allowedText
            let directory = packageRoot.appendingPathComponent(target.path)
            let scanned = ImportScanner.imports(
                under: directory, excluding: target.exclude.map { directory.appendingPathComponent($0) },
                displayRoot: packageRoot)
            for found in scanned where packageModules.contains(found.module) {
                if found.isTestable, !(target.isTest && found.module == subject) {
                    violations.append(
                        Violation(
                            rule: "testable-import", location: found.location,
                            problem: "\(target.name) uses `@testable import \(found.module)`, which opens "
                                + "\(found.module)'s internals"
                                + (target.isTest ? " (only \(found.module)Tests may)" : ""),
                            fix: "use `import \(found.module)` and only its public API"))
                } else if !target.isTest, rules.testOnly.contains(found.module) {
                    violations.append(
                        Violation(
                            rule: "test-only", location: found.location,
                            problem: "\(target.name) imports \(found.module), which only test targets may import",
                            fix: "move the code that needs \(found.module) into a test target"))
                } else if !allowedImports.contains(found.module) {
                    violations.append(
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
                if !target.isTest, !builtOnly, rules.testOnly.contains(dependency) {
                    violations.append(
                        Violation(
                            rule: "test-only", location: "Package.swift:\(target.line) (target \(target.name))",
                            problem: "\(target.name) depends on \(dependency), which only test targets may use",
                            fix: "remove \"\(dependency)\" from the dependencies of \(target.name)"))
                } else if !allowedDependencies.contains(dependency) {
                    violations.append(
                        Violation(
                            rule: "imports", location: "Package.swift:\(target.line) (target \(target.name))",
                            problem: "\(target.name) depends on \(dependency), but may depend only on "
                                + describedAllowed,
                            fix: "remove \"\(dependency)\" from the dependencies of \(target.name), or change the "
                                + "`imports \(target.name):` rule in \(rulesPath) if the architecture really changed"))
                }
            }
        }
        return violations
    }
}
