import Foundation
import PackageReading

/// Everything a new feature adds to the package, planned in full before anything is written.
///
/// In a package with the `// new-feature:` marker lines (this one), the targets go in at the markers. In any
/// other package, they are appended to the end of `Package.swift` as one block, depending on `Core` and
/// `CoreTesting` of the package `corePackage` (the identity of the dependency that provides them), and
/// `notes` say so. The rules file gets the feature's rules where there is one (without one, the default rules
/// check it); the baseline and the compile probe are written where the package keeps baselines and probes.
struct FeatureScaffold {
    let name: FeatureName
    let packageRoot: URL

    /// The files to create, by path relative to the package root.
    let newFiles: [(String, String)]
    /// The edited `Package.swift` and rules file, by path.
    let editedFiles: [(String, String)]
    /// What the scaffolder decided for this package, one line each, for the report.
    let notes: [String]
    /// Whether the feature got a playground in the package's app (`app --feature`).
    var hasPlayground: Bool { newFiles.contains { $0.0.hasSuffix("/\(name.prefix)Playground.swift") } }
    /// Whether the app's flows target now depends on the feature (done with its playground).
    let addsAppDependency: Bool
    /// Whether the rules file's `imports` rule of the app's flows target now names the feature.
    let addsAppImportsRule: Bool
    /// The name the feature imports `Core` by: `Core`, or the package's alias of it.
    let coreModule: String
    /// The commands that bring up to date what the new targets make stale, where the package keeps it: the
    /// README's module graph, the recorded test durations.
    let followUps: [String]

    /// Plans the feature `name` in the package at `packageRoot`; refuses when any part of it exists, or when one
    /// of its targets has the name of a target in `graph`.
    ///
    /// - Parameters:
    ///   - corePackage: the identity of the package that provides `Core`, when it is not this package.
    ///   - coreModule: what the package calls that package's `Core`: `Core`, or its alias where the package renames
    ///     it with `moduleAliases` (because it has a `Core` of its own). The feature imports it by that name and
    ///     declares the same alias, and its targets also depend on the package's own `Core`: SwiftPM 6.3 honours
    ///     the new name only in a target that sees a `Core` of the package's own
    ///     (swiftlang/swift-package-manager#10417; the README's "Use it in your package").
    ///   - graph: the targets of the packages the package depends on.
    init(
        name: FeatureName, packageRoot: URL, corePackage: String? = nil, coreModule: String = "Core",
        graph: PackageGraph = PackageGraph(dependencyTargets: [])
    ) throws(ScaffoldError) {
        self.name = name
        self.packageRoot = packageRoot
        self.coreModule = coreModule
        let module = name.module
        let clashes = [module, name.testTarget].flatMap { graph.targets(named: $0) }
        if !clashes.isEmpty {
            throw .clashes(name.prefix, clashes.map { "\($0.name) (package \($0.package))" })
        }
        let manifest = try Self.read("Package.swift", in: packageRoot)
        let hasMarkers = manifest.contains("// new-feature: ")
        if !hasMarkers, corePackage == nil { throw .noMarkers(name.prefix) }
        let fileManager = FileManager.default
        let exists = { (path: String) in fileManager.fileExists(atPath: packageRoot.appendingPathComponent(path).path) }
        let sources = !exists("Modules") && exists("Sources") ? "Sources" : "Modules"
        var notes: [String] = []
        var newFiles: [(String, String)] = []
        for (file, template) in FeatureTemplates.moduleFiles {
            newFiles.append(
                ("\(sources)/\(module)/\(Self.fill(file, name))", Self.fill(template, name, core: coreModule)))
        }
        for (file, template) in FeatureTemplates.testFiles {
            newFiles.append(
                ("Tests/\(name.testTarget)/\(Self.fill(file, name))", Self.fill(template, name, core: coreModule)))
        }
        if exists("Tools/Probes") {
            newFiles.append(("Tools/Probes/Compose\(module).swift", Self.fill(FeatureTemplates.probe, name)))
        }
        if exists("Tools/Baselines") {
            newFiles.append(("Tools/Baselines/\(module).txt", FeatureBaseline.text(for: name)))
        } else {
            notes.append(
                "no Tools/Baselines: record the baselines with "
                    + "`swift package --allow-writing-to-package-directory update-boundary-baselines`")
        }

        for path in ["\(sources)/\(module)", "Tests/\(name.testTarget)"] + newFiles.map(\.0) where exists(path) {
            throw .alreadyExists(name.prefix, "\(path) exists")
        }
        for target in [module, name.testTarget] where manifest.contains("\"\(target)\"") {
            throw .alreadyExists(name.prefix, "Package.swift already names \"\(target)\"")
        }
        var editedManifest = manifest
        if hasMarkers {
            for (marker, call, arguments) in [
                ("// new-feature: feature products", ".library", ["name: \"\(module)\"", "targets: [\"\(module)\"]"]),
                (
                    "// new-feature: feature targets", ".target",
                    ["name: \"\(module)\"", "dependencies: [\"Core\"]", "path: \"\(sources)/\(module)\""]
                ),
                (
                    "// new-feature: feature test targets", ".testTarget",
                    [
                        "name: \"\(name.testTarget)\"",
                        "dependencies: [\"\(module)\", \"Core\", \"CoreTesting\", \"BoundaryCheck\"]",
                    ]
                ),
            ] {
                editedManifest = try Self.insert(
                    call: call, arguments: arguments, before: marker, in: editedManifest, file: "Package.swift")
            }
            editedManifest = try Self.insert(
                "\"\(module)\",", before: "// new-feature: checked modules (boundary-check)", in: editedManifest,
                file: "Package.swift")
        } else if let corePackage {
            let aliases = coreModule == "Core" ? "" : ", moduleAliases: [\"Core\": \"\(coreModule)\"]"
            let ownCore = coreModule == "Core" ? "" : "\"Core\", "
            let core = ownCore + ".product(name: \"Core\", package: \"\(corePackage)\"\(aliases))"
            let coreTesting = ".product(name: \"CoreTesting\", package: \"\(corePackage)\")"
            let boundaryCheck = ".product(name: \"BoundaryCheck\", package: \"\(corePackage)\")"
            editedManifest += """

                // \(module), added by new-feature: its library, its module and its tests.
                package.products.append(.library(name: "\(module)", targets: ["\(module)"]))
                package.targets += [
                    .target(name: "\(module)", dependencies: [\(core)], path: "\(sources)/\(module)"),
                    .testTarget(
                        name: "\(name.testTarget)",
                        dependencies: ["\(module)", \(core), \(coreTesting), \(boundaryCheck)]),
                ]

                """
            notes.append("Package.swift has no `// new-feature:` marker lines: appended \(module)'s targets at its end")
            if coreModule != "Core" {
                notes.append(
                    "the package renames \(corePackage)'s Core to \(coreModule) (`moduleAliases`): \(module) imports "
                        + coreModule + " and also depends on the package's own Core, without which SwiftPM 6.3 refuses "
                        + "the new name (swiftlang/swift-package-manager#10417); with the default boundary rules, "
                        + "check-boundaries reports that dependency")
            }
        }
        // Where the package hosts features alone (this repository's `app --feature`), the new one gets a playground.
        let playgrounds = "App/Flows/Playground/FeaturePlayground.swift"
        let playgroundMarker = "// new-feature: playgrounds"
        var playgroundRegistry: String?
        if let registry = try? Self.read(playgrounds, in: packageRoot), registry.contains(playgroundMarker) {
            let file = "App/Flows/Playground/\(name.prefix)Playground.swift"
            if exists(file) { throw .alreadyExists(name.prefix, "\(file) exists") }
            newFiles.append((file, Self.fill(FeatureTemplates.playground, name)))
            playgroundRegistry = try Self.insert(
                ".\(name.lowercased),", before: playgroundMarker, in: registry, file: playgrounds)
            editedManifest = try Self.insert(
                "\"\(module)\",", before: "// new-feature: app dependencies (feature playgrounds)", in: editedManifest,
                file: "Package.swift")
        }
        self.newFiles = newFiles
        addsAppDependency = playgroundRegistry != nil
        var addsAppImportsRule = false
        var editedFiles = [("Package.swift", editedManifest)]
        if let playgroundRegistry { editedFiles.append((playgrounds, playgroundRegistry)) }
        let rulesPath = "Tools/BoundaryRules.txt"
        if var rules = try? Self.read(rulesPath, in: packageRoot) {
            if rules.split(separator: "\n").contains(where: { $0.split(separator: " ").contains { $0 == module } }) {
                throw .alreadyExists(name.prefix, "\(rulesPath) already has a rule for \(module)")
            }
            let feature = "feature \(module): \(name.prefix)"
            // Core and BoundaryCheck are modules of the package only where the package has them itself.
            let imports = "imports \(module):" + (corePackage == nil ? " Core" : "")
            let testImports = corePackage == nil ? "imports \(name.testTarget): BoundaryCheck" : nil
            if rules.contains("# new-feature: features") {
                rules = try Self.insert(feature, before: "# new-feature: features", in: rules, file: rulesPath)
                rules = try Self.insert(imports, before: "# new-feature: imports", in: rules, file: rulesPath)
                if let testImports {
                    rules = try Self.insert(
                        testImports, before: "# new-feature: feature test imports", in: rules, file: rulesPath)
                }
                if playgroundRegistry != nil {
                    let before = rules
                    rules = Self.appending(module, toLineStartingWith: "imports AppFlows:", in: rules)
                    addsAppImportsRule = rules != before
                }
            } else {
                rules +=
                    (rules.hasSuffix("\n") || rules.isEmpty ? "" : "\n") + "\(feature)\n\(imports)\n"
                    + (testImports.map { "\($0)\n" } ?? "")
            }
            editedFiles.append((rulesPath, rules))
        } else {
            notes.append("no \(rulesPath): the default rules check \(module) as a feature")
        }
        self.editedFiles = editedFiles
        self.addsAppImportsRule = addsAppImportsRule
        self.notes = notes
        // What else a new target makes stale, where the package keeps it.
        var followUps: [String] = []
        if let readme = try? Self.read("README.md", in: packageRoot), readme.contains("<!-- module-graph: begin") {
            followUps.append(
                "swift run module-graph   (redraws the README's module graph; `module-graph --check` fails until then)")
        }
        if exists("Tools/TestDurations.txt") {
            followUps.append(
                "swift run affected-tests --record-durations   (`--history` refuses a test target without a duration)")
        }
        self.followUps = followUps
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

    /// What was done, and what is left to wire in the app: only the steps the scaffolder did not do itself.
    func report(created: [String]) -> String {
        let module = name.module
        let prefix = name.prefix
        var steps: [String] = []
        if !addsAppDependency {
            steps.append(
                """
                Add "\(module)" to the app's flows target's dependencies in Package.swift (and to its `imports` rule in
                Tools/BoundaryRules.txt, if the package has one).
                """)
        } else if !addsAppImportsRule, editedFiles.contains(where: { $0.0 == "Tools/BoundaryRules.txt" }) {
            steps.append("Add \(module) to the `imports` rule of the app's flows target in Tools/BoundaryRules.txt.")
        }
        steps += [
            "Make the app's live services (or a small adapter) conform to \(prefix)Dependency.",
            """
            Build \(prefix)Container(dependency:) in the composition root and hand it, as
            `any \(prefix)Containable`, to the parent that shows \(prefix) through the parent's Dependency.
            """,
            """
            In that parent: attach `coordinator(listener:)` with addChild, then push, present or embed its
            viewControllerable; detach it in \(name.lowercased)DidClose() and forget it in userDidRemove(_:).
            """,
            "Add the `\(name.lowercased)` screen id to the list of screens in your documentation.",
        ]
        // Each step numbered, its second line under its first.
        let numbered = steps.enumerated().map { index, step in
            "  \(index + 1). " + step.replacingOccurrences(of: "\n", with: "\n     ")
        }
        return """
            Created \(module):
            \(created.map { "  " + $0 }.joined(separator: "\n"))
            \(notes.map { "Note: " + $0 + "\n" }.joined())
            Next, wire it into the app:
            \(numbered.joined(separator: "\n"))
            \(hasPlayground ? "Try it alone meanwhile: swift run app --feature \(prefix)\n" : "")
            Then run: swift build && swift test\(followUps.map { "\nAnd: " + $0 }.joined())
            """
    }

    static func fill(_ template: String, _ name: FeatureName) -> String {
        template.replacingOccurrences(of: "__Name__", with: name.prefix)
            .replacingOccurrences(of: "__name__", with: name.lowercased)
    }

    /// `template` filled for `name`, its imports of `Core` importing `core` instead.
    static func fill(_ template: String, _ name: FeatureName, core: String) -> String {
        let filled = fill(template, name)
        guard core != "Core" else { return filled }
        return filled.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            switch line.trimmingCharacters(in: .whitespaces) {
            case "import Core": line.replacingOccurrences(of: "import Core", with: "import \(core)")
            case "public import Core": line.replacingOccurrences(of: "import Core", with: "import \(core)")
            default: String(line)
            }
        }.joined(separator: "\n")
    }

    private static func read(_ path: String, in root: URL) throws(ScaffoldError) -> String {
        guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
            throw .fileSystem("cannot read \(path) in \(root.path): run new-feature in the package")
        }
        return text
    }

    /// `text` with ` word` added at the end of the line that starts with `prefix`, if there is one.
    private static func appending(_ word: String, toLineStartingWith prefix: String, in text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return text }
        lines[index] += " " + word
        return lines.joined(separator: "\n")
    }

    /// The longest line `swift format` leaves alone in this repository (`.swift-format`'s `lineLength`).
    static let lineLength = 120

    /// `text` with the call `call(arguments),` inserted above the line that is `marker`, with the marker's
    /// indentation, laid out as `swift format` lays it out: on one line where it fits; else its arguments on a line
    /// of their own, the closing parenthesis after them where it fits and on a line of its own where not; else as
    /// many arguments to a line as fit, the closing parenthesis on a line of its own.
    static func insert(
        call: String, arguments: [String], before marker: String, in text: String, file: String
    ) throws(ScaffoldError) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indentation = lines.first { $0.trimmingCharacters(in: .whitespaces) == marker }?.prefix { $0 == " " }
        let outer = String(repeating: " ", count: indentation?.count ?? 0)
        let inner = outer + "    "
        let joined = arguments.joined(separator: ", ")
        if outer.count + "\(call)(\(joined)),".count <= lineLength {
            return try insert("\(call)(\(joined)),", before: marker, in: text, file: file)
        }
        if inner.count + "\(joined)),".count <= lineLength {
            return try insert("\(call)(\n\(inner)\(joined)),", before: marker, in: text, file: file)
        }
        var filled: [String] = []
        for (index, argument) in arguments.enumerated() {
            let piece = argument + (index < arguments.count - 1 ? "," : "")
            if let last = filled.last, inner.count + last.count + 1 + piece.count <= lineLength {
                filled[filled.count - 1] = last + " " + piece
            } else {
                filled.append(piece)
            }
        }
        let laidOut = "\(call)(\n" + filled.map { inner + $0 + "\n" }.joined() + outer + "),"
        return try insert(laidOut, before: marker, in: text, file: file)
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
