import BoundaryCheck
import Foundation
import PackageReading
import Testing

/// What only this package as a whole can answer, read from its manifest, sources and rules, never from its built
/// modules, so no module's change selects it: the import graph, the baselines' files, and that every checked
/// module's own test target checks it. Each module's surface is checked by its own test target
/// (`<Module>BoundaryTests.swift`), and `swift run boundary-check` checks everything at once.
@Suite("This package's module boundaries")
struct PackageBoundaryTests {
    /// This package's root, above `Tests/PackageBoundaryTests`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A checker of this package; the checks here read no built module.
    static func checker() throws -> BoundaryChecker {
        try BoundaryChecker(packageRoot: root, modulesDirectory: try BoundaryChecker.runningBuildModules())
    }

    /// The violations as one readable message.
    static func report(_ violations: [Violation]) -> String {
        violations.map(\.description).joined(separator: "\n\n")
    }

    @Test("The rules file parses and names the modules to check")
    func rulesParse() throws {
        let rules = try Self.checker().rules
        #expect(rules.checkedModules.contains("Core"))
        #expect(!rules.features.isEmpty)
    }

    @Test("Every checked module's own test target depends on the checker and checks the module")
    func everyModuleChecksItself() throws {
        let checker = try Self.checker()
        let manifest = try PackageManifest(packageRoot: Self.root, toolchain: checker.toolchain)
        #expect(checker.rules.checkedModules.count >= 8)
        for module in checker.rules.checkedModules {
            let target = try #require(manifest.target("\(module)Tests"), "\(module) has no test target")
            #expect(target.dependencies.contains("BoundaryCheck"), "\(target.name) does not depend on BoundaryCheck")
            let folder = Self.root.appendingPathComponent(target.path)
            let file = folder.appendingPathComponent("\(module)BoundaryTests.swift")
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            #expect(
                text.contains("ModuleBoundary.check(\"\(module)\")"),
                "\(target.path)/\(module)BoundaryTests.swift does not check \(module)")
        }
    }

    @Test("Every baseline file belongs to a checked module")
    func noStaleBaselines() throws {
        let violations = try Self.checker().checkStaleBaselines()
        #expect(violations.isEmpty, "\(Self.report(violations))")
    }

    @Test("Every target imports and depends on only what the import graph allows")
    func importsFollowGraph() throws {
        let violations = try Self.checker().checkImports()
        #expect(violations.isEmpty, "\(Self.report(violations))")
    }

    @Test("The evaluated manifest of this package has every target with its dependencies, path and exclusions")
    func manifestOfThisPackage() throws {
        let manifest = try PackageManifest(packageRoot: Self.root, toolchain: try Toolchain.locate())
        let login = try #require(manifest.target("LoginFeature"))
        #expect(login.dependencies == ["Core", "InputRules", "SignUpFeature"])
        #expect(login.path == "Modules/LoginFeature")
        #expect(login.location.hasPrefix("Package.swift:"))
        let tests = try #require(manifest.target("BoundaryCheckTests"))
        #expect(tests.isTest)
        #expect(tests.exclude == ["Fixtures"])
        #expect(
            tests.dependencies == ["BoundaryCheck", "ExecutableTesting", "PackageReading"],
            "the checker's tests check no module")
        #expect(manifest.target("CCrypt")?.kind == "system")
    }

    @Test("Every library target under Modules/ and App/ has a test target named after it, depending on it")
    func everyRoomIsTestedAlone() throws {
        let manifest = try PackageManifest(packageRoot: Self.root, toolchain: try Toolchain.locate())
        let libraries = manifest.targets.filter { target in
            target.kind == "regular" && (target.path.hasPrefix("Modules/") || target.path.hasPrefix("App/"))
        }
        #expect(libraries.count >= 12)
        for library in libraries {
            let tests = try #require(manifest.target("\(library.name)Tests"), "\(library.name) has no test target")
            #expect(tests.isTest && tests.dependencies.contains(library.name), "\(tests.name) does not test it")
        }
    }

    @Test("No Swift file of the app is over 400 lines: a file that grows past it is split by job")
    func appFilesStaySmall() throws {
        let app = Self.root.appendingPathComponent("App")
        let files = try #require(FileManager.default.enumerator(at: app, includingPropertiesForKeys: nil))
        var checked = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count <= 401, "\(file.path.dropFirst(Self.root.path.count + 1)) has \(lines.count) lines")
            checked += 1
        }
        #expect(checked > 50)
    }
}
