import ExecutableTesting
import Foundation
import PackageReading
import Testing

@testable import BoundaryCheck

/// The checker itself, on fixtures that each break one boundary: every break fails with its own message.
///
/// A violation fixture is the clean feature (`Fixtures/CleanFeature`) compiled with one file of
/// `Fixtures/Violations` that adds only the violation, so the clean feature is written once and each file shows
/// its break at a glance.
@Suite("The boundary checker catches each kind of violation")
struct CheckerCatchesViolationsTests {
    @Test("A feature that keeps every rule passes, its service protocol and value types found by mention")
    func cleanFeaturePasses() throws {
        let module = try FixtureModule.compile(["CleanFeature"])
        defer { module.remove() }
        let violations = try module.featureViolations()
        #expect(violations.isEmpty, "\(Fixture.report(violations))")
    }

    @Test("A feature that publishes a concrete screen fails with [no-screen]")
    func publicScreenFails() throws {
        let module = try FixtureModule.compile(["CleanFeature", "Violations/PublicScreen.swift"])
        defer { module.remove() }
        let violations = try module.featureViolations()
        let violation = try #require(violations.first, "no violation")
        #expect(violations.count == 1, "\(Fixture.report(violations))")
        #expect(violation.rule == "no-screen")
        #expect(violation.location.hasPrefix("DemoFeature.DemoDetailViewController"))
        #expect(
            violation.problem
                == "DemoFeature publishes class DemoDetailViewController, a subclass of Core.ViewController; "
                + "screens, view models and coordinators are the feature's implementation")
        #expect(violation.fix.hasPrefix("make DemoDetailViewController internal"))
        #expect(violation.description.hasPrefix("[no-screen] DemoFeature.DemoDetailViewController ("))
    }

    @Test("A feature that adds an open class fails with [no-open]")
    func openClassFails() throws {
        let module = try FixtureModule.compile(["CleanFeature", "Violations/OpenClass.swift"])
        defer { module.remove() }
        let violations = try module.featureViolations()
        let violation = try #require(violations.first { $0.rule == "no-open" }, "no [no-open]")
        #expect(violation.location.hasPrefix("DemoFeature.DemoStyle"))
        #expect(
            violation.problem
                == "DemoFeature declares `open class DemoStyle`; other modules could subclass it")
        // An open class is also a public class other than the builder, which [feature-surface] forbids on its
        // own: no feature can declare one without both rules firing, once each.
        let publicClass = try #require(violations.first { $0.rule == "feature-surface" }, "no [feature-surface]")
        #expect(
            publicClass.problem
                == "DemoFeature publishes class DemoStyle; the only public class of a feature is its builder "
                + "DemoContainer")
        #expect(violations.count == 2, "\(Fixture.report(violations))")
    }

    @Test("A feature with a package declaration fails with [no-package]")
    func packageDeclarationFails() throws {
        let module = try FixtureModule.compile(
            ["CleanFeature", "Violations/PackageDeclaration.swift"],
            extraArguments: ["-package-name", "fixture", "-enable-testing"])
        defer { module.remove() }
        let violations = try module.featureViolations()
        let violation = try #require(violations.first, "no violation")
        #expect(violations.count == 1, "\(Fixture.report(violations))")
        #expect(violation.rule == "no-package")
        #expect(violation.location.hasPrefix("DemoFeature.makeDemoScreen()"))
        #expect(
            violation.problem
                == "DemoFeature declares `package func makeDemoScreen()`, which every target of the package can use")
    }

    @Test("A drifted public surface fails with [baseline], a diff naming the module and each changed symbol")
    func baselineDriftFails() throws {
        // The clean feature against a baseline written before DemoResult.subtitle was renamed to title.
        let module = try FixtureModule.compile(["CleanFeature"])
        defer { module.remove() }
        let baseline = Fixture.directory.appendingPathComponent("Violations/BaselineDrift.txt")
        let violation = try #require(
            Baseline.compare(
                module: "DemoFeature", actual: try module.surface().lines, file: baseline,
                displayPath: "Fixtures/Violations/BaselineDrift.txt"))
        #expect(violation.rule == "baseline")
        #expect(violation.location == "DemoFeature")
        let lines = violation.problem.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            lines.first
                == "the public surface of DemoFeature differs from Fixtures/Violations/BaselineDrift.txt "
                + "(1 added, 1 removed):")
        #expect(lines.contains("--- Fixtures/Violations/BaselineDrift.txt (committed baseline)"))
        #expect(lines.contains("+++ DemoFeature (built module)"))
        #expect(lines.contains("+var DemoFeature.DemoResult.title: let title: String"))
        #expect(lines.contains("-var DemoFeature.DemoResult.subtitle: let subtitle: String"))
        #expect(violation.fix.contains("swift run boundary-check --update-baselines"))
    }

    @Test("A feature that imports another feature's internals or test support fails with its own rule")
    func forbiddenImportsFail() throws {
        let package = try FixturePackage(fixture: "ForbiddenImports")
        defer { package.remove() }
        let violations = try package.importViolations()
        let found = violations.map { "[\($0.rule)] \($0.location): \($0.problem)" }
        #expect(
            found == [
                "[exported-import] Modules/DemoFeature/DemoReexport.swift:3: DemoFeature uses `@_exported import "
                    + "Core`, which re-exports Core's API as part of DemoFeature's own public surface",
                "[testable-import] Modules/DemoFeature/DemoCoordinator.swift:2: DemoFeature uses "
                    + "`@testable import OtherFeature`, which opens OtherFeature's internals",
                "[imports] Modules/DemoFeature/DemoOneLine.swift:1: DemoFeature imports OtherFeature, but may import "
                    + "only Core",
                "[test-only] Modules/DemoFeature/DemoPreview.swift:1: DemoFeature imports CoreTesting, which only "
                    + "test targets may import",
                "[spi-import] Modules/DemoFeature/DemoReexport.swift:6: DemoFeature uses `@_spi(…) import "
                    + "OtherFeature`, which opens OtherFeature's SPI",
                "[imports] Modules/DemoFeature/DemoReexport.swift:6: DemoFeature imports OtherFeature, but may "
                    + "import only Core",
                "[imports] Modules/DemoFeature/DemoViewController.swift:2: DemoFeature imports OtherFeature, but may "
                    + "import only Core",
                "[imports] Package.swift:12 (target DemoFeature): DemoFeature depends on OtherFeature, but may "
                    + "depend only on Core",
                "[testable-import] Tests/DemoFeatureTests/DemoSplitAttribute.swift:5: DemoFeatureTests uses "
                    + "`@testable import OtherFeature`, which opens OtherFeature's internals (only OtherFeatureTests "
                    + "may)",
            ], "\(Fixture.report(violations))")
    }

    @Test("A dependency that the manifest adds in code, not in a literal, fails with [imports]")
    func dependencyAddedInCodeFails() throws {
        let package = try FixturePackage(fixture: "DependencyAddedInCode")
        defer { package.remove() }
        let violations = try package.importViolations()
        #expect(
            violations.map(\.description) == [
                "[imports] Package.swift:11 (target FeedFeature): FeedFeature depends on SignUpFeature, but may "
                    + "depend only on Core\n    fix: remove \"SignUpFeature\" from the dependencies of FeedFeature, "
                    + "or change the `imports FeedFeature:` rule in BoundaryRules.txt if the architecture really "
                    + "changed"
            ])
    }

    @Test("An import the compiler reports but the line scan cannot place still fails, at the target's folder")
    func unplacedImportFails() throws {
        let package = try FixturePackage(fixture: "DependencyAddedInCode")
        defer { package.remove() }
        // The module's name on the line after `import`: the compiler reads it, the line scan does not.
        try "import\n    SignUpFeature\n".write(
            to: package.root.appendingPathComponent("Modules/FeedFeature/Split.swift"), atomically: true,
            encoding: .utf8)
        let violations = try package.importViolations()
        #expect(
            violations.map { "[\($0.rule)] \($0.location): \($0.problem)" }.first
                == "[imports] Modules/FeedFeature: FeedFeature imports SignUpFeature, but may import only Core",
            "\(Fixture.report(violations))")
    }

    @Test("A package without a rules file gets default rules: each XFeature target is a feature that imports none")
    func defaultRulesFitFeatureNaming() throws {
        let targets = try [("regular", "ProfileFeature"), ("regular", "Models"), ("executable", "App"), ("test", "T")]
            .map { kind, name in try Fixture.target(name, kind: kind) }
        let rules = try BoundaryRules.parse(BoundaryRules.defaults(for: targets), file: "default rules")
        #expect(rules.features == [BoundaryRules.Feature(module: "ProfileFeature", prefix: "Profile")])
        #expect(rules.imports["ProfileFeature"] == [])
        #expect(rules.imports["App"] == ["ProfileFeature", "Models"])
        #expect(rules.imports["T"] == nil, "test targets follow the rule for tests")
        #expect(rules.screenBases.contains("Core.ViewController"))
    }

    @Test("Under an alias of Core, the default rules name the screens' classes by the alias")
    func defaultRulesFollowTheCoreAlias() throws {
        let json = """
            {"targets": [{"name": "GalleryFeature", "type": "regular", "exclude": [], "dependencies": [
                {"product": ["Core", "coordinators", {"Core": "CoordinatorCore"}, null]}]}]}
            """
        let targets = try PackageManifest(json: Data(json.utf8), manifestText: "").targets
        let rules = try BoundaryRules.parse(BoundaryRules.defaults(for: targets), file: "default rules")
        #expect(rules.screenBases.contains("CoordinatorCore.ViewController"))
        #expect(!rules.screenBases.contains("Core.ViewController"))
    }

    @Test("A manifest that cannot be evaluated stops the check with the reason, never a guess from its text")
    func unevaluableManifestFails() throws {
        let package = try FixturePackage(fixture: "DependencyAddedInCode")
        defer { package.remove() }
        let manifest = package.root.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try (text + "\nlet broken: Int = \"not a number\"\n").write(to: manifest, atomically: true, encoding: .utf8)
        #expect {
            try package.importViolations()
        } throws: { error in
            guard case ToolError.toolFailed(let detail) = error else { return false }
            return detail.hasPrefix("`swift package dump-package` could not evaluate ")
                && detail.contains("never falls back to reading the manifest as text")
                && detail.contains("cannot convert value of type 'String' to specified type 'Int'")
        }
    }

    @Test("A manifest changed at the same path is evaluated again, not answered from an earlier evaluation")
    func changedManifestIsEvaluatedAgain() throws {
        let package = try FixturePackage(fixture: "OwnPackage")
        defer { package.remove() }
        let toolchain = try Toolchain.locate()
        #expect(
            try PackageManifest(packageRoot: package.root, toolchain: toolchain).targets.map(\.name) == ["Greeting"])
        let manifest = package.root.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let twoTargets = text.replacingOccurrences(
            of: #"[.target(name: "Greeting")]"#,
            with: #"[.target(name: "Greeting"), .target(name: "Farewell", path: "Sources/Greeting")]"#)
        #expect(twoTargets != text)
        try twoTargets.write(to: manifest, atomically: true, encoding: .utf8)
        #expect(
            try PackageManifest(packageRoot: package.root, toolchain: toolchain).targets.map(\.name)
                == ["Greeting", "Farewell"])
    }

    @Test("A manifest is evaluated with one scratch path for each package, outside the package")
    func manifestScratchPathIsOnePerPackage() {
        let package = URL(fileURLWithPath: "/work/Adopter")
        let scratch = PackageManifest.scratchPath(for: package)
        #expect(scratch == PackageManifest.scratchPath(for: URL(fileURLWithPath: "/work/Other/../Adopter/")))
        #expect(scratch != PackageManifest.scratchPath(for: URL(fileURLWithPath: "/work/Other")))
        #expect(
            scratch.deletingLastPathComponent().standardizedFileURL.path
                == FileManager.default.temporaryDirectory.standardizedFileURL.path)
        #expect(scratch.lastPathComponent.hasPrefix("package-manifest-"))
    }

    @Test("Internal declarations of a fixture fail to compile from outside, each on its own probe line")
    func accessProbeNamesEveryInternal() throws {
        let module = try FixtureModule.compile(["CleanFeature"], extraArguments: ["-enable-testing"])
        defer { module.remove() }
        let outcome = try module.accessProbe()
        #expect(outcome.violations.isEmpty, "\(Fixture.report(outcome.violations))\n\(outcome.source)")
        #expect(outcome.source.contains("_ = DemoFeature.DemoViewController.self"))
        #expect(outcome.source.contains("_ = DemoFeature.DemoCoordinator.self"))
        #expect(outcome.probedCount >= 4)
    }

    @Test("A probe line that names nothing real fails with [internal-probe], although it fails from outside too")
    func probeLineNamingNothingFails() throws {
        let module = try FixtureModule.compile(["CleanFeature"], extraArguments: ["-enable-testing"])
        defer { module.remove() }
        let outcome = try module.accessProbe { symbol, module, index in
            let line = AccessProbe.reference(to: symbol, module: module, index: index)
            guard symbol.path == "DemoFeature.DemoViewController" else { return line }
            return line?.replacingOccurrences(of: "DemoViewController", with: "DemoViewControler")
        }
        let violation = try #require(outcome.violations.first, "\(outcome.source)")
        #expect(outcome.violations.count == 1, "\(Fixture.report(outcome.violations))")
        #expect(violation.rule == "internal-probe")
        #expect(violation.location.hasPrefix("DemoFeature.DemoViewController ("))
        #expect(
            violation.problem.hasPrefix(
                "the probe line of internal class DemoViewController does not compile even with `@testable import "
                    + "DemoFeature`, so its failure from outside proves nothing: "))
        #expect(violation.problem.contains("DemoViewControler"))
    }

    @Test("A probe that stops compiling, and a probe whose expected error is gone, fail with [compile-probe]")
    func compileProbesFail() throws {
        let toolchain = try Toolchain.locate()
        let modules = try ScratchSpace.folder("boundary-fixture-core")
        defer { try? FileManager.default.removeItem(at: modules) }
        try Fixture.compileCore(into: modules)
        let violations = try CompileProbe.violations(
            directory: Fixture.directory.appendingPathComponent("Probes"), modulesDirectory: modules,
            toolchain: toolchain, displayRoot: Fixture.directory)
        #expect(violations.map(\.rule) == ["compile-probe", "compile-probe"])
        #expect(violations.map(\.location) == ["Probes/BrokenComposition.swift", "Probes/MismatchAccepted.swift"])
        #expect(violations.first?.problem.contains("cannot find 'ProfileContainer' in scope") == true)
        #expect(
            violations.last?.problem
                == "the probe must fail to compile (expected: does not conform to expected type 'Titled') "
                + "but compiled")
    }

    @Test("A rules file with a line the checker does not understand is refused with its line number and the form")
    func invalidRuleIsRefused() {
        #expect(
            throws: ToolError.invalidRule(
                "rules.txt:2: `feature LoginFeature`: a feature rule is written `feature M: Prefix`")
        ) {
            try BoundaryRules.parse("library Core\nfeature LoginFeature\n", file: "rules.txt")
        }
    }

    @Test("A target's line in Package.swift is its declaration's, not a product's or the package's of that name")
    func targetLineIsItsDeclaration() throws {
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "Gallery",
                products: [.library(name: "GalleryFeature", targets: ["GalleryFeature"])],
                targets: [
                    // .target(name: "GalleryFeature"),
                    .target(
                        // the gallery's own
                        name: "Gallery"),
                    .target(name: "GalleryFeature", dependencies: ["Gallery"]),
                ]
            )
            """
        let json = """
            {"targets": [{"name": "Gallery", "type": "regular", "exclude": [], "dependencies": []},
            {"name": "GalleryFeature", "type": "regular", "exclude": [], "dependencies": []}]}
            """
        let targets = try PackageManifest(json: Data(json.utf8), manifestText: manifest).targets
        #expect(targets.map(\.line) == [11, 12])
    }

    @Test("Another package's product named like a target of this one is not that target: no use of it is reported")
    func productNamedLikeATarget() throws {
        let json = """
            {"targets": [
            {"name": "Core", "type": "regular", "exclude": [], "dependencies": []},
            {"name": "GalleryFeature", "type": "regular", "exclude": [], "dependencies": [
                {"byName": ["Core", null]},
                {"product": ["Core", "coordinators", {"Core": "CoordinatorCore"}, null]}]},
            {"name": "PhotosFeature", "type": "regular", "exclude": [], "dependencies": [
                {"product": ["Core", "coordinators", {"Core": "CoordinatorCore"}, null]}]}]}
            """
        let targets = try PackageManifest(json: Data(json.utf8), manifestText: "").targets
        #expect(targets[1].dependencies == ["Core", "Core"])
        #expect(targets[1].packageDependencies == ["Core"])
        #expect(targets[2].packageDependencies.isEmpty)
    }

    @Test("An imports or builds rule that names no target of the package is an [imports] violation")
    func ruleNamingNoTarget() throws {
        let rules = try BoundaryRules.parse(
            "feature GalleryFeature: Gallery\nimports GalleryFeature: Core\nimports SettingsFeature: GaleryFeature\n",
            file: "rules.txt")
        let violations = ImportGraphCheck.unknownNames(
            in: rules, packageModules: ["Core", "GalleryFeature", "SettingsFeature"], rulesPath: "rules.txt")
        #expect(violations.map(\.rule) == ["imports"])
        #expect(violations.first?.location == "rules.txt:3 (`imports SettingsFeature:`)")
        #expect(violations.first?.problem == "the rule names GaleryFeature, which is no target of Package.swift")
    }

    @Test("A misspelt keyword is refused with the rules there are; a module checked twice is refused")
    func unknownKeywordAndTwiceCheckedModule() {
        #expect(
            throws: ToolError.invalidRule(
                "rules.txt:1: `feture LoginFeature: Login`: no rule starts with `feture`; a rule is one of "
                    + "`builds T: M...`, `feature M: Prefix`, `imports T: M...`, `library M`, `publish M: Name...`, "
                    + "`screen-base: Class...`, `screen-suffix: Suffix...`, `test-only: M...`, `test-tool: T...`")
        ) {
            try BoundaryRules.parse("feture LoginFeature: Login\n", file: "rules.txt")
        }
        #expect(
            throws: ToolError.invalidRule(
                "rules.txt:3: `library LoginFeature`: LoginFeature is checked already, by line 1; name it once")
        ) {
            try BoundaryRules.parse(
                "feature LoginFeature: Login\nlibrary Core\nlibrary LoginFeature\n", file: "rules.txt")
        }
    }

    @Test("The toolchain's target triple is the compiler's, for this machine's architecture")
    func targetTripleComesFromCompiler() throws {
        let triple = try Toolchain.locate().targetTriple
        #if arch(x86_64)
            #expect(triple.hasPrefix("x86_64-"))
        #elseif arch(arm64)
            #expect(triple.hasPrefix("aarch64-") || triple.hasPrefix("arm64-"))
        #endif
        #if os(Linux)
            #expect(triple.contains("-linux-"))
        #endif
    }

    @Test("The compilers a check runs keep their temporary folders in one of the check's own, removed when they end")
    func compilerTemporaryFoldersAreRemoved() throws {
        // A stand-in `swiftc` that does what the Swift driver does: makes a folder in TMPDIR and leaves it. It lies
        // where the tool makes its own folders, the system's temporary directory, not the tests' scratch space.
        let bin = try Toolchain.scratchDirectory("fake-driver")
        defer { try? FileManager.default.removeItem(at: bin) }
        let driver = bin.appendingPathComponent("swiftc")
        try "#!/bin/sh\nmktemp -d \"$TMPDIR/TemporaryDirectory.XXXXXX\" > /dev/null && echo \"$TMPDIR\"\n".write(
            to: driver, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: driver.path)
        let results = try Toolchain.runAll([(driver, []), (driver, [])])
        let folders = results.map { $0.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(results.map(\.status) == [0, 0], "\(results.map(\.output))")
        let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path
        #expect(folders.allSatisfy { !$0.isEmpty && $0 != temporary && $0.hasPrefix(temporary) }, "\(folders)")
        #expect(folders.allSatisfy { !FileManager.default.fileExists(atPath: $0) }, "\(folders)")
    }
}

@Suite("The app's rooms")
struct AppRoomsTests {
    @Test("The terminal that imports the database module, or depends on it, fails this package's own rules")
    func terminalReachingTheDataFails() throws {
        let package = try FixturePackage(fixture: "TerminalReachesData")
        defer { package.remove() }
        let ownRules = try #require(Fixture.packageRulesText, "this package's Tools/BoundaryRules.txt")
        let roomRules = ownRules.split(separator: "\n").filter { line in
            ["imports AppData:", "imports AppInterface:", "imports AppFlows:", "imports AppTerminal:"].contains {
                line.hasPrefix($0)
            }
        }
        #expect(roomRules.count == 4, "this package's rules name the rooms and the session interface")
        try roomRules.joined(separator: "\n").write(
            to: package.root.appendingPathComponent("BoundaryRules.txt"), atomically: true, encoding: .utf8)

        // This package's rules name its features, which the fixture has not: those names are reported apart.
        let violations = try package.importViolations().filter { !$0.problem.hasPrefix("the rule names ") }

        let terminalOnes = violations.filter { $0.problem.hasPrefix("AppTerminal ") }.map(\.problem)
        #expect(terminalOnes.count == 2, "\(Fixture.report(violations))")
        #expect(terminalOnes.contains { $0.hasPrefix("AppTerminal imports AppData, but may import only ") })
        #expect(terminalOnes.contains { $0.hasPrefix("AppTerminal depends on AppData, but may depend only on ") })
        #expect(violations.allSatisfy { !$0.location.contains("Screen.swift") && !$0.location.contains("Flows") })
    }

    @Test("A room allowed nothing is told it may import no module; a misspelt name in a rule is its own violation")
    func emptyRuleAndMisspeltName() throws {
        let package = try FixturePackage(fixture: "TerminalReachesData")
        defer { package.remove() }
        let rules = """
            imports AppData:
            imports AppInterface:
            imports AppFlows: AppData AppInterfce
            imports AppTerminal:
            builds AppTerminal: AppData
            """
        try rules.write(
            to: package.root.appendingPathComponent("BoundaryRules.txt"), atomically: true, encoding: .utf8)
        let report = try package.importViolations().map { "[\($0.rule)] \($0.location): \($0.problem)" }
        #expect(
            report.contains(
                "[imports] BoundaryRules.txt:3 (`imports AppFlows:`): the rule names AppInterfce, which is "
                    + "no target of Package.swift"), "\(report)")
        #expect(
            report.contains { $0.hasSuffix("AppTerminal imports AppData, but may import no module of the package") },
            "\(report)")
        // Its `builds` rule lets it depend on AppData, though not import it.
        #expect(!report.contains { $0.contains("AppTerminal depends on AppData") }, "\(report)")
        #expect(
            report.contains { $0.hasSuffix("AppTerminal depends on AppInterface, but may depend only on AppData") },
            "\(report)")
    }
}
