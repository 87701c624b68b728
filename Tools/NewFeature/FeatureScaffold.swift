import Foundation

/// Everything a new feature adds to the package, planned in full before anything is written.
struct FeatureScaffold {
    let name: FeatureName
    let packageRoot: URL

    /// The files to create, by path relative to the package root.
    let newFiles: [(String, String)]
    /// The edited `Package.swift` and rules file, by path.
    let editedFiles: [(String, String)]

    /// Plans the feature `name` in the package at `packageRoot`; refuses when any part of it exists.
    init(name: FeatureName, packageRoot: URL) throws(ScaffoldError) {
        self.name = name
        self.packageRoot = packageRoot
        let module = name.module
        var newFiles: [(String, String)] = []
        for (file, template) in FeatureTemplates.moduleFiles {
            newFiles.append(("Modules/\(module)/\(Self.fill(file, name))", Self.fill(template, name)))
        }
        for (file, template) in FeatureTemplates.testFiles {
            newFiles.append(("Tests/\(name.testTarget)/\(Self.fill(file, name))", Self.fill(template, name)))
        }
        newFiles.append(("Tools/Probes/Compose\(module).swift", Self.fill(FeatureTemplates.probe, name)))
        newFiles.append(("Tools/Baselines/\(module).txt", FeatureBaseline.text(for: name)))
        self.newFiles = newFiles

        for path in ["Modules/\(module)", "Tests/\(name.testTarget)"] + newFiles.map(\.0) {
            if FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(path).path) {
                throw .alreadyExists(name.prefix, "\(path) exists")
            }
        }
        let manifest = try Self.read("Package.swift", in: packageRoot)
        if manifest.contains("\"\(module)\"") {
            throw .alreadyExists(name.prefix, "Package.swift already names \"\(module)\"")
        }
        let rules = try Self.read("Tools/BoundaryRules.txt", in: packageRoot)
        if rules.split(separator: "\n").contains(where: { $0.split(separator: " ").contains { $0 == module } }) {
            throw .alreadyExists(name.prefix, "Tools/BoundaryRules.txt already has a rule for \(module)")
        }
        var editedManifest = manifest
        for (marker, line) in [
            ("// new-feature: feature products", ".library(name: \"\(module)\", targets: [\"\(module)\"]),"),
            (
                "// new-feature: feature targets",
                ".target(name: \"\(module)\", dependencies: [\"Core\"], path: \"Modules/\(module)\"),"
            ),
            (
                "// new-feature: feature test targets",
                ".testTarget(name: \"\(name.testTarget)\", dependencies: [\"\(module)\", \"Core\", \"CoreTesting\"]),"
            ),
            ("// new-feature: checked modules (boundary-check)", "\"\(module)\","),
            ("// new-feature: checked modules (BoundaryCheckTests)", "\"\(module)\","),
        ] {
            editedManifest = try Self.insert(line, before: marker, in: editedManifest, file: "Package.swift")
        }
        var editedRules = rules
        editedRules = try Self.insert(
            "feature \(module): \(name.prefix)", before: "# new-feature: features", in: editedRules,
            file: "Tools/BoundaryRules.txt")
        editedRules = try Self.insert(
            "imports \(module): Core", before: "# new-feature: imports", in: editedRules,
            file: "Tools/BoundaryRules.txt")
        editedFiles = [("Package.swift", editedManifest), ("Tools/BoundaryRules.txt", editedRules)]
    }

    /// Writes every planned file; returns the paths it created or changed.
    func apply() throws(ScaffoldError) -> [String] {
        for (path, text) in newFiles + editedFiles {
            let url = packageRoot.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                throw .fileSystem("cannot write \(path): \(error)")
            }
        }
        return newFiles.map(\.0) + editedFiles.map(\.0)
    }

    /// What was done, and what to wire in the app next.
    func report(created: [String]) -> String {
        let module = name.module
        let prefix = name.prefix
        return """
            Created \(module):
            \(created.map { "  " + $0 }.joined(separator: "\n"))

            Next, wire it into the app:
              1. Add "\(module)" to the App target's dependencies in Package.swift, and to the `imports App:` rule
                 in Tools/BoundaryRules.txt.
              2. Make the App's live services (or a small adapter) conform to \(prefix)Dependency.
              3. Build \(prefix)Container(dependency:) in the composition root and hand it, as
                 `any \(prefix)Containable`, to the parent that shows \(prefix) through the parent's Dependency.
              4. In that parent: attach `coordinator(listener:)` with addChild, then push, present or embed its
                 viewControllerable; detach it in \(name.lowercased)DidClose() and forget it in userDidRemove(_:).
              5. Add the `\(name.lowercased)` screen id to the README's list of screens.
            Then run: swift build && swift test
            """
    }

    static func fill(_ template: String, _ name: FeatureName) -> String {
        template.replacingOccurrences(of: "__Name__", with: name.prefix)
            .replacingOccurrences(of: "__name__", with: name.lowercased)
    }

    private static func read(_ path: String, in root: URL) throws(ScaffoldError) -> String {
        guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
            throw .fileSystem("cannot read \(path) in \(root.path): run new-feature in the package")
        }
        return text
    }

    /// `text` with `line` inserted above the line that is `marker`, with the marker's indentation.
    private static func insert(
        _ line: String, before marker: String, in text: String, file: String
    ) throws(ScaffoldError) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == marker }) else {
            throw .missingMarker(file, marker)
        }
        let indentation = String(lines[index].prefix { $0 == " " })
        lines.insert(indentation + line, at: index)
        return lines.joined(separator: "\n")
    }
}
