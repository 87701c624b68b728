import BoundaryCheck
import Foundation
import Testing

/// The checker itself, on fixtures that each break one boundary: every break fails with its own message.
@Suite("The boundary checker catches each kind of violation")
struct CheckerCatchesViolationsTests {
    @Test("A feature that keeps every rule passes, its service protocol and value types found by mention")
    func cleanFeaturePasses() throws {
        let module = try FixtureModule.compile(fixture: "CleanFeature")
        defer { module.remove() }
        let violations = try module.featureViolations()
        #expect(violations.isEmpty, "\(PackageUnderTest.report(violations))")
    }

    @Test("A feature that publishes a concrete screen fails with [no-screen]")
    func publicScreenFails() throws {
        let module = try FixtureModule.compile(fixture: "PublicScreen")
        defer { module.remove() }
        let violations = try module.featureViolations()
        let violation = try #require(violations.first { $0.rule == "no-screen" })
        #expect(violation.location.hasPrefix("DemoFeature.DemoViewController"))
        #expect(
            violation.problem
                == "DemoFeature publishes class DemoViewController, a subclass of Core.ViewController; screens, "
                + "view models and coordinators are the feature's implementation")
        #expect(violation.fix.hasPrefix("make DemoViewController internal"))
        #expect(violation.description.hasPrefix("[no-screen] DemoFeature.DemoViewController ("))
    }

    @Test("A feature that adds an open class fails with [no-open]")
    func openClassFails() throws {
        let module = try FixtureModule.compile(fixture: "OpenClass")
        defer { module.remove() }
        let violations = try module.featureViolations()
        let violation = try #require(violations.first { $0.rule == "no-open" })
        #expect(violation.location.hasPrefix("DemoFeature.DemoStyle"))
        #expect(
            violation.problem
                == "DemoFeature declares `open class DemoStyle`; other modules could subclass it")
        // Mentioned by DemoResult, so the only other complaint is that it is a public class at all.
        #expect(violations.map(\.rule).sorted() == ["feature-surface", "no-open"])
    }

    @Test("A feature with a package declaration fails with [no-package]")
    func packageDeclarationFails() throws {
        let module = try FixtureModule.compile(
            fixture: "PackageDeclaration", extraArguments: ["-package-name", "fixture", "-enable-testing"])
        defer { module.remove() }
        let violations = try module.featureViolations()
        let violation = try #require(violations.first)
        #expect(violations.count == 1)
        #expect(violation.rule == "no-package")
        #expect(violation.location.hasPrefix("DemoFeature.makeDemoScreen()"))
    }

    @Test("A drifted public surface fails with [baseline], a diff naming the module and each changed symbol")
    func baselineDriftFails() throws {
        let module = try FixtureModule.compile(fixture: "BaselineDrift")
        defer { module.remove() }
        let baseline = PackageUnderTest.fixtures.appendingPathComponent("BaselineDrift/DemoFeature.txt")
        let violation = try #require(
            Baseline.compare(
                module: "DemoFeature", actual: try module.surface().lines, file: baseline,
                displayPath: "Fixtures/BaselineDrift/DemoFeature.txt"))
        #expect(violation.rule == "baseline")
        #expect(violation.location == "DemoFeature")
        let lines = violation.problem.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            lines.first
                == "the public surface of DemoFeature differs from Fixtures/BaselineDrift/DemoFeature.txt "
                + "(1 added, 1 removed):")
        #expect(lines.contains("--- Fixtures/BaselineDrift/DemoFeature.txt (committed baseline)"))
        #expect(lines.contains("+++ DemoFeature (built module)"))
        #expect(lines.contains("+case DemoFeature.DemoServiceError.rateLimited: case rateLimited"))
        #expect(lines.contains("-var DemoFeature.DemoResult.subtitle: let subtitle: String"))
        #expect(violation.fix.contains("swift run boundary-check --update-baselines"))
    }

    @Test("A feature that imports another feature's internals or test support fails with its own rule")
    func forbiddenImportsFail() throws {
        let root = PackageUnderTest.fixtures.appendingPathComponent("ForbiddenImports")
        let rulesText = try String(contentsOf: root.appendingPathComponent("BoundaryRules.txt"), encoding: .utf8)
        let violations = ImportGraphCheck.violations(
            packageRoot: root,
            manifest: try PackageManifest(file: root.appendingPathComponent("Package.swift.fixture")),
            rules: try BoundaryRules.parse(rulesText, file: "BoundaryRules.txt"), rulesPath: "BoundaryRules.txt")
        let found = violations.map { "[\($0.rule)] \($0.location): \($0.problem)" }
        #expect(
            found == [
                "[testable-import] Modules/DemoFeature/DemoCoordinator.swift:2: DemoFeature uses "
                    + "`@testable import OtherFeature`, which opens OtherFeature's internals",
                "[test-only] Modules/DemoFeature/DemoPreview.swift:1: DemoFeature imports CoreTesting, which only "
                    + "test targets may import",
                "[imports] Modules/DemoFeature/DemoViewController.swift:2: DemoFeature imports OtherFeature, but may "
                    + "import only Core",
                "[imports] Package.swift:11 (target DemoFeature): DemoFeature depends on OtherFeature, but may "
                    + "depend only on Core",
            ], "\(PackageUnderTest.report(violations))")
    }

    @Test("Internal declarations of a fixture fail to compile from outside, each on its own probe line")
    func accessProbeNamesEveryInternal() throws {
        let module = try FixtureModule.compile(fixture: "CleanFeature", extraArguments: ["-enable-testing"])
        defer { module.remove() }
        let outcome = try AccessProbe.run(
            module: module.name, publicSurface: try module.surface(),
            internalSurface: try module.surface(minimumAccessLevel: "internal"), publicNames: [],
            modulesDirectory: module.directory, additionalSearchPaths: [module.builtModules],
            toolchain: module.toolchain)
        #expect(outcome.violations.isEmpty, "\(PackageUnderTest.report(outcome.violations))\n\(outcome.source)")
        #expect(outcome.source.contains("_ = DemoFeature.DemoViewController.self"))
        #expect(outcome.source.contains("_ = DemoFeature.DemoCoordinator.self"))
        #expect(outcome.probedCount >= 4)
    }

    @Test("A probe that stops compiling, and a probe whose expected error is gone, fail with [compile-probe]")
    func compileProbesFail() throws {
        let directory = PackageUnderTest.fixtures.appendingPathComponent("Probes")
        let violations = try CompileProbe.violations(
            directory: directory, modulesDirectory: try BoundaryChecker.runningBuildModules(),
            toolchain: try Toolchain.locate(), displayRoot: PackageUnderTest.fixtures)
        #expect(violations.map(\.rule) == ["compile-probe", "compile-probe"])
        #expect(violations.map(\.location) == ["Probes/BrokenComposition.swift", "Probes/MismatchAccepted.swift"])
        #expect(violations.first?.problem.contains("cannot find 'ProfileContainer' in scope") == true)
        #expect(
            violations.last?.problem
                == "the probe must fail to compile (expected: does not conform to expected type 'Titled') "
                + "but compiled")
    }

    @Test("A rules file with a line the checker does not understand is refused with its line number")
    func invalidRuleIsRefused() {
        #expect(throws: BoundaryCheckError.invalidRule("rules.txt:2: `feature LoginFeature`")) {
            try BoundaryRules.parse("library Core\nfeature LoginFeature\n", file: "rules.txt")
        }
    }

    @Test("The manifest reader finds every target with its dependencies, path and exclusions")
    func manifestReaderReadsThisPackage() throws {
        let manifest = try PackageManifest(file: PackageUnderTest.root.appendingPathComponent("Package.swift"))
        let login = try #require(manifest.target("LoginFeature"))
        #expect(login.dependencies == ["Core", "SignUpFeature"])
        #expect(login.path == "Modules/LoginFeature")
        let tests = try #require(manifest.target("BoundaryCheckTests"))
        #expect(tests.isTest)
        #expect(tests.exclude == ["Fixtures"])
        #expect(tests.dependencies.contains("FeedFeature"))
        #expect(manifest.target("CCrypt")?.kind == "systemLibrary")
    }
}
