public import Foundation
public import PackageReading

/// Runs every boundary check of a package against its built modules.
///
/// ```swift
/// let checker = try BoundaryChecker(packageRoot: root, modulesDirectory: BoundaryChecker.runningBuildModules())
/// let violations = try checker.checkAll()
/// ```
public struct BoundaryChecker: Sendable {
    /// The package's root directory (the one with `Package.swift`).
    public let packageRoot: URL
    /// The directory of the built `.swiftmodule` files, such as `.build/debug/Modules`.
    public let modulesDirectory: URL
    /// The directory of the baselines, one `<Module>.txt` each: `Tools/Baselines`.
    public var baselinesDirectory: URL { packageRoot.appendingPathComponent("Tools/Baselines") }
    /// Symbol graphs made by the caller, as `<directory>/<public|internal>/<Module>/`; where a module has none,
    /// its graph is extracted from `modulesDirectory`.
    public let symbolGraphsDirectory: URL?
    /// The parsed rules.
    public let rules: BoundaryRules
    /// Whether the package has recorded baselines; until it has, surfaces are checked against the rules alone.
    public let recordsBaselines: Bool
    /// Whether the package has no rules file, so it is checked with ``BoundaryRules/defaults(for:)``.
    public let usesDefaultRules: Bool
    /// One line for each default the check fell back on (no rules file, no baselines), naming ``updateCommand`` as
    /// the way to record baselines.
    public var notes: [String] {
        var notes: [String] = []
        if usesDefaultRules {
            notes.append("no \(rulesPath); checking with the default rules (every `XFeature` target is a feature)")
        }
        if !recordsBaselines {
            notes.append(
                "no baselines recorded in Tools/Baselines; checking the rules alone until `\(updateCommand)` "
                    + "records them")
        }
        return notes
    }
    /// The compiler tools.
    public let toolchain: Toolchain
    /// The command that records the baselines, as the person runs it here, for messages and baseline headers.
    public var updateCommand = Baseline.updateCommand
    /// The rules file, relative to the package root.
    let rulesPath = "Tools/BoundaryRules.txt"
    /// The surfaces read so far, shared by every check of this checker.
    private let surfaces = SurfaceCache()

    /// A checker for the package at `packageRoot`, whose rules (`Tools/BoundaryRules.txt`), baselines
    /// (`Tools/Baselines`) and probes (`Tools/Probes`) are under `Tools/`.
    ///
    /// A package without a rules file is checked with ``BoundaryRules/defaults(for:)``; one without baselines
    /// against its rules alone, until `--update-baselines` records them; one without probes has none to run.
    public init(packageRoot: URL, modulesDirectory: URL, symbolGraphsDirectory: URL? = nil) throws(ToolError) {
        self.packageRoot = packageRoot
        self.modulesDirectory = modulesDirectory
        self.symbolGraphsDirectory = symbolGraphsDirectory
        toolchain = try Toolchain.locate()
        let rulesFile = packageRoot.appendingPathComponent(rulesPath)
        usesDefaultRules = !FileManager.default.fileExists(atPath: rulesFile.path)
        if let text = try? String(contentsOf: rulesFile, encoding: .utf8) {
            rules = try BoundaryRules.parse(text, file: rulesPath)
        } else if !FileManager.default.fileExists(atPath: rulesFile.path) {
            let manifest = try PackageManifest(packageRoot: packageRoot, toolchain: toolchain)
            rules = try BoundaryRules.parse(BoundaryRules.defaults(for: manifest.targets), file: "default rules")
        } else {
            throw .unreadable("rules file \(rulesFile.path)")
        }
        recordsBaselines = !Self.baselineFiles(in: packageRoot.appendingPathComponent("Tools/Baselines")).isEmpty
    }

    /// The checked modules whose sources changed after the build in `modulesDirectory` last compiled them: a
    /// source file under the target's path in the manifest newer than the newest record the build writes each
    /// time it compiles the target (the `.o`, `.swiftdeps` and `primary.priors` files of `<Target>.build`, beside
    /// `Modules`). The `.swiftmodule` is no such record: the compiler leaves it as it was when its content does not
    /// change, as after an edit of a body. A module without that build folder (built some other way) is not judged.
    public func modulesChangedSinceBuilt() throws(ToolError) -> [String] {
        let buildFolder = modulesDirectory.deletingLastPathComponent()
        let fileManager = FileManager.default
        func modified(_ url: URL) -> Date? {
            (try? fileManager.attributesOfItem(atPath: url.path)[.modificationDate]) as? Date
        }
        var changed: [String] = []
        var manifest: PackageManifest?
        for module in rules.checkedModules {
            let records = buildFolder.appendingPathComponent("\(module).build")
            let compiled = ((try? fileManager.contentsOfDirectory(atPath: records.path)) ?? [])
                .filter { $0.hasSuffix(".o") || $0.hasSuffix(".swiftdeps") || $0 == "primary.priors" }
                .compactMap { modified(records.appendingPathComponent($0)) }.max()
            guard let compiled else { continue }
            if manifest == nil { manifest = try PackageManifest(packageRoot: packageRoot, toolchain: toolchain) }
            guard let target = manifest?.target(module) else { continue }
            let sources = packageRoot.appendingPathComponent(target.path)
            let files = fileManager.enumerator(at: sources, includingPropertiesForKeys: [.contentModificationDateKey])
            let newest = (files?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
                .compactMap(modified).max()
            if let newest, newest > compiled { changed.append(module) }
        }
        return changed
    }

    /// The `.txt` files of the baselines directory, sorted.
    private static func baselineFiles(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".txt") }
            .sorted()
    }

    /// The `Modules` directory of the build that produced the running executable (a test bundle or a tool),
    /// found from `/proc/self/exe`.
    public static func runningBuildModules() throws(ToolError) -> URL {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw .unreadable("/proc/self/exe")
        }
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // A bundle (`X.xctest/...`) sits one level deeper on some platforms.
        for _ in 0..<3 {
            let modules = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.path) { return modules }
            directory = directory.deletingLastPathComponent()
        }
        throw .unreadable("no Modules directory next to \(executable)")
    }

    /// The surface of `module` down to `minimumAccessLevel` (`public` or `internal`): from the given symbol graphs
    /// if there are some, else extracted from the built module. Each surface is read once per checker, and one
    /// extraction down to `internal` serves both levels.
    func surface(of module: String, minimumAccessLevel: String = "public") throws(ToolError) -> ModuleSurface {
        try surfaces.surface(of: module, accessLevel: minimumAccessLevel) { () throws(ToolError) in
            let given = symbolGraphsDirectory?.appendingPathComponent(minimumAccessLevel)
                .appendingPathComponent(module)
            if let given, FileManager.default.fileExists(atPath: given.path) {
                return try ModuleSurface.read(module: module, from: given)
            }
            let graphs = try surfaces.graphs(of: module) { () throws(ToolError) in
                try ModuleSurface.extractGraphs(
                    module: module, modulesDirectory: modulesDirectory, minimumAccessLevel: "internal",
                    toolchain: toolchain, cache: AnswerCache(directory: answersCacheDirectory))
            }
            return ModuleSurface(
                module: module, graphs: minimumAccessLevel == "public" ? SymbolGraph.publicPart(of: graphs) : graphs)
        }
    }

    /// The names of the public declarations of `module`: from its surface if this checker has read it, else read
    /// alone (a module that is imported, not checked, here), kept beside the build by the built module's content
    /// (``namesCacheDirectory``), so the checks of every feature read Core's once while Core stays as it is.
    private func publicNames(of module: String) throws(ToolError) -> Set<String> {
        if let surface = surfaces.cached(of: module, accessLevel: "public") { return Set(surface.symbols.map(\.name)) }
        let given = symbolGraphsDirectory?.appendingPathComponent("public").appendingPathComponent(module)
        if let given, FileManager.default.fileExists(atPath: given.path) { return try ModuleSurface.names(from: given) }
        let cache = AnswerCache(directory: namesCacheDirectory)
        let key = cache.key(
            of: [modulesDirectory.appendingPathComponent("\(module).swiftmodule")],
            compiler: toolchain.symbolGraphExtractor)
        if let key, let names = cache.lines(under: key) { return names }
        let names = try ModuleSurface.extractPublicNames(
            module: module, modulesDirectory: modulesDirectory, toolchain: toolchain)
        if let key { cache.store(names, under: key) }
        return names
    }

    /// Where ``publicNames(of:)`` keeps the names of an imported module's public declarations:
    /// `boundary-check-names` beside the `Modules` directory of the build, which `swift package clean` removes with
    /// the build.
    var namesCacheDirectory: URL {
        modulesDirectory.deletingLastPathComponent().appendingPathComponent("boundary-check-names")
    }

    /// Where the symbol graphs of the checked modules and the compiler's answers to the probes are kept, by the
    /// content of the build's modules: `boundary-check-answers` beside the `Modules` directory of the build, which
    /// `swift package clean` removes with the build. A check after a change that leaves every module's interface as
    /// it was (a change inside a function) reads them from there instead of asking the compiler again.
    public var answersCacheDirectory: URL {
        modulesDirectory.deletingLastPathComponent().appendingPathComponent("boundary-check-answers")
    }

    /// The baseline drift of `module`, if any; none until the package records baselines.
    public func checkBaseline(of module: String) throws(ToolError) -> [Violation] {
        guard recordsBaselines else { return [] }
        let file = baselineFile(of: module)
        let drift = Baseline.compare(
            module: module, actual: try surface(of: module).lines, file: file, displayPath: displayPath(of: file),
            updateCommand: updateCommand)
        return drift.map { [$0] } ?? []
    }

    /// Baseline files of modules the rules do not check (a module renamed or removed, or missing from the rules).
    public func checkStaleBaselines() -> [Violation] {
        let recorded = Self.baselineFiles(in: baselinesDirectory).map { String($0.dropLast(".txt".count)) }
        return recorded.filter { !rules.checkedModules.contains($0) }.map { module in
            let path = displayPath(of: baselineFile(of: module))
            return Violation(
                rule: "baseline", location: path,
                problem: "there is a baseline for \(module), but \(rulesPath) does not check a module of that name",
                fix: "delete \(path) if \(module) is gone, or add `library \(module)` or "
                    + "`feature \(module): <Prefix>` to \(rulesPath)")
        }
    }

    /// Rewrites the baseline of every checked module from the built modules; returns the files it changed.
    @discardableResult
    public func updateBaselines() throws(ToolError) -> [String] {
        var changed: [String] = []
        for module in rules.checkedModules {
            let file = baselineFile(of: module)
            let lines = try surface(of: module).lines
            // The header names the command that wrote it; a baseline whose lines match is left as it is, so
            // `swift run boundary-check --update-baselines` and the plugin do not rewrite each other's header.
            if let existing = try? String(contentsOf: file, encoding: .utf8), Baseline.lines(of: existing) == lines {
                continue
            }
            let text = Baseline.text(module: module, lines: lines, updateCommand: updateCommand)
            do {
                try FileManager.default.createDirectory(at: baselinesDirectory, withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            } catch {
                throw .toolFailed("cannot write \(file.path): \(error)")
            }
            changed.append(displayPath(of: file))
        }
        return changed
    }

    /// The feature rules' violations of `module`; none when it is not a feature.
    public func checkFeatureRules(of module: String) throws(ToolError) -> [Violation] {
        guard let feature = rules.feature(module) else { return [] }
        return relative(
            FeatureSurfaceCheck.violations(
                surface: try surface(of: module),
                internalSurface: try surface(of: module, minimumAccessLevel: "internal"),
                feature: feature, rules: rules, rulesPath: rulesPath))
    }

    /// The import graph's violations, from the sources and from the evaluated `Package.swift`.
    ///
    /// The compiler's reading of each target's imports is kept beside the build, in ``importsCacheDirectory``, by
    /// the files' content: a check after a change reads again only the targets whose files changed.
    public func checkImports() throws(ToolError) -> [Violation] {
        let manifest = try PackageManifest(packageRoot: packageRoot, toolchain: toolchain)
        return try ImportGraphCheck.violations(
            packageRoot: packageRoot, manifest: manifest, rules: rules, rulesPath: rulesPath, toolchain: toolchain,
            cacheDirectory: importsCacheDirectory)
    }

    /// Where ``checkImports()`` keeps the compiler's reading of each target's imports: `boundary-check-imports`
    /// beside the `Modules` directory of the build, such as `.build/debug/boundary-check-imports`, which
    /// `swift package clean` removes with the build.
    public var importsCacheDirectory: URL { Self.importsCacheDirectory(besideModules: modulesDirectory) }

    /// The folder ``importsCacheDirectory`` names for the build whose modules are in `modulesDirectory`.
    static func importsCacheDirectory(besideModules modulesDirectory: URL) -> URL {
        modulesDirectory.deletingLastPathComponent().appendingPathComponent("boundary-check-imports")
    }

    /// The access probe of `module`: every internal declaration, named from outside, must not compile.
    public func checkInternals(of module: String) throws(ToolError) -> AccessProbe.Outcome {
        var visibleNames = Set(try surface(of: module).symbols.map(\.name))
        if module != "Core" { visibleNames.formUnion(try publicNames(of: "Core")) }
        var outcome = try AccessProbe.run(
            module: module, publicSurface: try surface(of: module),
            internalSurface: try surface(of: module, minimumAccessLevel: "internal"), publicNames: visibleNames,
            modulesDirectory: modulesDirectory, toolchain: toolchain, answersDirectory: answersCacheDirectory)
        outcome.violations = relative(outcome.violations)
        return outcome
    }

    /// The hand-written probes' violations: the probes of `Tools/Probes`.
    public func checkCompileProbes() throws(ToolError) -> [Violation] {
        try CompileProbe.violations(
            directory: packageRoot.appendingPathComponent("Tools/Probes"), modulesDirectory: modulesDirectory,
            toolchain: toolchain, displayRoot: packageRoot, answersDirectory: answersCacheDirectory)
    }

    /// Every check, in the order a reader fixes them: imports, feature rules, baselines, probes.
    public func checkAll() throws(ToolError) -> [Violation] {
        var violations = try checkImports() + checkStaleBaselines()
        for module in rules.checkedModules {
            violations += try checkFeatureRules(of: module)
            violations += try checkBaseline(of: module)
            violations += try checkInternals(of: module).violations
        }
        return violations + (try checkCompileProbes())
    }

    /// The baseline file of `module`.
    private func baselineFile(of module: String) -> URL { baselinesDirectory.appendingPathComponent("\(module).txt") }

    /// `file` relative to the package root, for a message.
    private func displayPath(of file: URL) -> String { SourceImports.relativePath(of: file, to: packageRoot) }

    /// `violations` with paths inside the package shown relative to its root.
    func relative(_ violations: [Violation]) -> [Violation] {
        let prefix = packageRoot.standardizedFileURL.path + "/"
        return violations.map { violation in
            Violation(
                rule: violation.rule, location: violation.location.replacingOccurrences(of: prefix, with: ""),
                problem: violation.problem.replacingOccurrences(of: prefix, with: ""), fix: violation.fix)
        }
    }
}
