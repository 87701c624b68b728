public import Foundation
import PackageReading

/// A target of the package, as the selection needs it: its name, whether it is a test target, its folder and
/// what it depends on.
public struct PackageTarget: Equatable, Sendable {
    /// The target's name.
    public let name: String
    /// Whether it is a test target.
    public let isTest: Bool
    /// Its source directory, relative to the package root.
    public let path: String
    /// The names of the targets (and products of other packages) it depends on.
    public let dependencies: [String]

    /// A target named `name` in the folder `path`.
    public init(name: String, isTest: Bool, path: String, dependencies: [String]) {
        self.name = name
        self.isTest = isTest
        self.path = path
        self.dependencies = dependencies
    }

    /// The targets of the package at `packageRoot`, in declaration order, from its manifest as SwiftPM evaluates
    /// it (`swift package dump-package`, the way `module-graph` reads it).
    public static func evaluated(in packageRoot: URL) throws -> [PackageTarget] {
        let consequence =
            "so affected-tests cannot tell the package's targets, nor which tests a change affects (it reads "
            + "them from the evaluated manifest, never from its text)"
        return try PackageManifest(packageRoot: packageRoot, toolchain: .locate(), consequence: consequence).targets
            .map { target in
                PackageTarget(
                    name: target.name, isTest: target.isTest, path: target.path,
                    dependencies: target.packageDependencies)
            }
    }
}

/// The test targets that a set of changed files can affect, worked out from the evaluated manifest.
///
/// Each changed file belongs to the target whose source directory holds it (the deepest, when directories nest).
/// Every target that depends on a changed target, directly or through others, is affected too, and a test
/// target is selected when it is affected: it tests a changed target or something built on one. Three kinds of
/// change select every test target, because no target's directory says what they reach: the manifest
/// (`Package.swift`, a `Package@swift-*.swift` variant), `Package.resolved`, and a file outside every target that
/// is not documentation (a script, a rules file, a fixture read at run time). Documentation outside every
/// target (Markdown, `docs/`, a licence) selects nothing. A module's baseline of the pattern's boundary check
/// (`Tools/Baselines/<Module>.txt`) is read by that module's own test target, which checks the module's surface
/// against it: it selects that test target alone, when the package has one. So does a compile probe
/// (`Tools/Probes/<Name>.swift`) that belongs to one module: of the package's modules it imports, the one that
/// depends on all the others, directly or through others (`ComposeProfileFeature.swift`, importing Core and
/// ProfileFeature, belongs to ProfileFeature), whose own test target compiles it. A probe of no single module
/// (one composing several features) is checked only by the whole package's check, and selects everything.
public struct TestSelection: Equatable, Sendable {
    /// The test targets to run, in the order the manifest declares them.
    public let testTargets: [String]
    /// Why every test target is selected, one sentence a reason; empty when the selection follows the targets.
    public let reasonsForEverything: [String]
    /// The targets that hold a changed file, in declaration order.
    public let changedTargets: [String]
    /// The changed baselines and probes of modules, each with the module's test target, which reads it and is
    /// selected for it rather than for a change in a target.
    public let changedBoundaryInputs: [BoundaryInput]

    /// A module's baseline (`Tools/Baselines/<Module>.txt`) or compile probe (`Tools/Probes/<Name>.swift`), and the
    /// module's test target, whose boundary test checks the module against it.
    public struct BoundaryInput: Equatable, Sendable {
        /// The file's path, relative to the package root.
        public let file: String
        /// The test target that reads it.
        public let reader: String
        /// What the file is to its reader: `baseline` or `probe`.
        public var kind: String { file.hasPrefix(TestSelection.baselinesFolder) ? "baseline" : "probe" }
    }
    /// The changed files that belong to no target and select nothing: documentation, and files no test reads.
    public let ignoredFiles: [String]

    /// Whether no test target is affected.
    public var isEmpty: Bool { testTargets.isEmpty }

    /// The selection for `changedFiles` (paths relative to the package root) in the package of `targets`;
    /// `notRead` names files outside every target that no test reads, which select nothing. `imports` gives the
    /// modules a probe (by path) imports, or `nil` for one it cannot read, which selects everything.
    public init(
        changedFiles: [String], targets: [PackageTarget], notRead: Set<String> = [],
        imports: (String) -> [String]? = { _ in nil }
    ) {
        let notRead = Set(notRead.map(Self.normalized))
        var changed: Set<String> = []
        var baselines: [BoundaryInput] = []
        var reasons: [String] = []
        var ignored: [String] = []
        for file in changedFiles.map(Self.normalized) {
            if Self.isManifestOrLock(file) {
                reasons.append("\(file) changed, and it can change every target")
            } else if let owner = Self.owner(of: file, among: targets) {
                changed.insert(owner)
            } else if let reader = Self.baselineReader(of: file, among: targets)
                ?? Self.probeReader(of: file, imports: imports, among: targets)
            {
                baselines.append(BoundaryInput(file: file, reader: reader))
            } else if Self.isDocumentation(file) || notRead.contains(file) {
                ignored.append(file)
            } else if file.hasPrefix(Self.probesFolder), imports(file) != nil {
                reasons.append("\(file) is a probe of no single module's test target, so any test may read it")
            } else {
                reasons.append("\(file) is outside every target and is not documentation, so any test may read it")
            }
        }
        let affected = Self.closingOverDependents(changed, in: targets).union(baselines.map(\.reader))
        self.reasonsForEverything = reasons
        self.changedTargets = targets.map(\.name).filter(changed.contains)
        self.changedBoundaryInputs = baselines
        self.ignoredFiles = ignored
        self.testTargets = targets.filter { $0.isTest && (!reasons.isEmpty || affected.contains($0.name)) }.map(\.name)
    }

    /// `changed` and every target that depends on one of them, directly or through others.
    static func closingOverDependents(_ changed: Set<String>, in targets: [PackageTarget]) -> Set<String> {
        var dependents: [String: [String]] = [:]
        for target in targets {
            for dependency in target.dependencies { dependents[dependency, default: []].append(target.name) }
        }
        var affected = changed
        var pending = Array(changed)
        while let name = pending.popLast() {
            for dependent in dependents[name] ?? [] where affected.insert(dependent).inserted {
                pending.append(dependent)
            }
        }
        return affected
    }

    /// The target whose source directory holds `file`: the deepest such directory, so a target nested in
    /// another's folder owns its own files.
    static func owner(of file: String, among targets: [PackageTarget]) -> String? {
        var best: (name: String, depth: Int)?
        for target in targets {
            let directory = normalized(target.path)
            let holds = directory.isEmpty || file == directory || file.hasPrefix(directory + "/")
            if holds, directory.count >= (best?.depth ?? -1) { best = (target.name, directory.count) }
        }
        return best?.name
    }

    /// The test target that reads `file` when it is a module's baseline (`Tools/Baselines/<Module>.txt`): the
    /// module's own test target, `<Module>Tests`, whose boundary test checks the module against it; `nil` for any
    /// other file, or a module without such a test target.
    static func baselineReader(of file: String, among targets: [PackageTarget]) -> String? {
        let folder = baselinesFolder
        guard file.hasPrefix(folder), file.hasSuffix(".txt") else { return nil }
        let module = String(file.dropFirst(folder.count).dropLast(".txt".count))
        guard !module.contains("/"), targets.contains(where: { $0.name == module && !$0.isTest }) else { return nil }
        return targets.first { $0.isTest && $0.name == module + "Tests" }?.name
    }

    /// Where the pattern's boundary check keeps the modules' baselines.
    static let baselinesFolder = "Tools/Baselines/"
    /// Where it keeps the compile probes.
    static let probesFolder = "Tools/Probes/"

    /// The test target that compiles `file` when it is a compile probe of one module (`Tools/Probes/<Name>.swift`):
    /// of the package's modules it imports (`imports(file)`), the one that depends on all the others, directly or
    /// through others, when there is exactly one, and its own test target, `<Module>Tests`. `nil` for any other
    /// file, a probe that cannot be read (gone, in a replayed commit), one of no single module, or one whose module
    /// has no such test target.
    static func probeReader(
        of file: String, imports: (String) -> [String]?, among targets: [PackageTarget]
    ) -> String? {
        guard file.hasPrefix(probesFolder), file.hasSuffix(".swift"),
            !file.dropFirst(probesFolder.count).contains("/"), let imported = imports(file)
        else { return nil }
        let modules = Set(targets.filter { !$0.isTest }.map(\.name)).intersection(imported)
        let owners = modules.filter { candidate in
            modules.subtracting([candidate]).isSubset(of: dependencies(of: candidate, in: targets))
        }
        guard owners.count == 1, let owner = owners.first else { return nil }
        return targets.first { $0.isTest && $0.name == owner + "Tests" }?.name
    }

    /// Every target `name` depends on, directly or through others.
    static func dependencies(of name: String, in targets: [PackageTarget]) -> Set<String> {
        var reached: Set<String> = []
        var pending = targets.first { $0.name == name }?.dependencies ?? []
        while let next = pending.popLast() {
            if reached.insert(next).inserted { pending += targets.first { $0.name == next }?.dependencies ?? [] }
        }
        return reached
    }

    /// The modules the Swift source `text` imports: the first name of each `import` line, whatever attributes
    /// and access level precede it (`@testable import X`, `public import X`, `import struct X.Y`).
    public static func importedModules(of text: String) -> [String] {
        let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(whereSeparator: \.isWhitespace).drop {
                $0.hasPrefix("@") || ["public", "package", "internal", "fileprivate", "private"].contains($0)
            }
            guard words.first == "import" else { return nil }
            let path = words.dropFirst().drop { kinds.contains(String($0)) }.first
            return path.map { String($0.split(separator: ".").first ?? $0) }
        }
    }

    /// The modules the probe at `path` (relative to `packageRoot`) imports, read from the working tree; `nil` when
    /// it cannot be read.
    public static func probeImports(in packageRoot: URL) -> @Sendable (String) -> [String]? {
        { path in
            (try? String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8))
                .map(importedModules(of:))
        }
    }

    /// Whether `file` is the manifest, a versioned manifest or the resolved dependencies, at the package root.
    static func isManifestOrLock(_ file: String) -> Bool {
        file == "Package.swift" || file == "Package.resolved"
            || (file.hasPrefix("Package@swift-") && file.hasSuffix(".swift") && !file.contains("/"))
    }

    /// Whether `file`, outside every target, is documentation: Markdown or reStructuredText anywhere, anything
    /// under a top-level `docs/` or `Documentation/` folder, or a licence, notice or change log.
    static func isDocumentation(_ file: String) -> Bool {
        let components = file.split(separator: "/")
        let folder = components.count > 1 ? components[0].lowercased() : ""
        let name = (components.last.map(String.init) ?? file).lowercased()
        let documentExtensions = [".md", ".markdown", ".rst", ".adoc"]
        let documentNames = ["license", "licence", "notice", "copying", "changelog", "authors", "contributors"]
        return folder == "docs" || folder == "documentation"
            || documentExtensions.contains { name.hasSuffix($0) }
            || documentNames.contains { name == $0 || name.hasPrefix($0 + ".") }
    }

    /// `path` without a leading `./` and without trailing slashes; `.` becomes the empty path (the package root).
    static func normalized(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasSuffix("/") { path = path.dropLast() }
        return path == "." ? "" : String(path)
    }
}
