import ExecutableTesting
import Foundation
import Testing

@testable import NewFeature

/// The scaffolder on a scratch copy of this package's manifest and rules.
@Suite("new-feature")
struct NewFeatureTests {
    /// A temporary package holding copies of this package's `Package.swift` and rules file, and folders for
    /// baselines and probes.
    ///
    /// The copies are of the package as it is now, with whatever features a person scaffolded in it: following the
    /// README adds `SettingsFeature`, the name these tests scaffold. So a test scaffolds ``feature``, `Settings`
    /// while the package has no such feature and otherwise the first of `Settings2`, `Settings3` … it has not, and
    /// writes what it expects for `Settings` through ``spelled(_:)``.
    ///
    /// The package lies in a ``ScratchFolder``, at the same path from one test run to the next, so SwiftPM's
    /// manifest cache answers the scaffolder's evaluation of the copied manifest instead of compiling it again.
    struct ScratchPackage {
        private let folder: ScratchFolder
        var root: URL { folder.url }
        /// The feature the tests scaffold: `Settings`, or the first name after it that the package does not use.
        let feature: FeatureName

        init() throws {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            folder = try ScratchFolder("new-feature-package") { root in
                for folder in ["Tools/Baselines", "Tools/Probes"] {
                    try FileManager.default.createDirectory(
                        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
                }
                for path in ["Package.swift", "Tools/BoundaryRules.txt"] {
                    try FileManager.default.copyItem(
                        at: source.appendingPathComponent(path), to: root.appendingPathComponent(path))
                }
            }
            feature = try Self.freeName("Settings", in: folder.url)
        }

        /// `preferred`, or `preferred` followed by the first number from 2 on, whichever the scaffolder accepts in
        /// the package at `root` (one it does not refuse as existing).
        static func freeName(_ preferred: String, in root: URL) throws -> FeatureName {
            for candidate in [preferred] + (2...99).map({ "\(preferred)\($0)" }) {
                let name = try FeatureName(candidate)
                if (try? FeatureScaffold(name: name, packageRoot: root)) != nil { return name }
            }
            throw ScratchError(description: "the package uses every name from \(preferred) to \(preferred)99")
        }

        /// `preferred`, or the first name after it that the package does not use (see ``freeName(_:in:)``).
        func freeName(_ preferred: String) throws -> FeatureName {
            try Self.freeName(preferred, in: root)
        }

        /// `text`, written for the feature `Settings`, for ``feature``: `Settings` and `settings` become its name.
        func spelled(_ text: String) -> String {
            text.replacingOccurrences(of: "Settings", with: feature.prefix)
                .replacingOccurrences(of: "settings", with: feature.lowercased)
        }

        func text(_ path: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }

        /// The lines of `path` that `original` did not have.
        func addedLines(_ path: String, to original: String) throws -> [Substring] {
            let before = Set(original.split(separator: "\n"))
            return try text(path).split(separator: "\n").filter { !before.contains($0) }
        }

        func remove() {
            folder.remove()
        }
    }

    /// Why a scratch package cannot be set up.
    struct ScratchError: Error, CustomStringConvertible {
        let description: String
    }

    @Test("It adds the module, tests, boundary test, probe, baseline, targets and rules of the feature")
    func createsFeature() async throws {
        let package = try ScratchPackage()
        defer { package.remove() }
        let original = try package.text("Package.swift")
        let created = try FeatureScaffold(name: package.feature, packageRoot: package.root).apply()
        #expect(created.contains(package.spelled("Modules/SettingsFeature/SettingsBuilder.swift")))
        #expect(created.contains(package.spelled("Modules/SettingsFeature/SettingsServices.swift")))
        #expect(
            created.contains(package.spelled("Modules/SettingsFeature/Internal/Settings/SettingsCoordinator.swift")))
        #expect(
            created.contains(package.spelled("Modules/SettingsFeature/Internal/Settings/SettingsViewController.swift")))
        #expect(created.contains(package.spelled("Tools/Probes/ComposeSettingsFeature.swift")))
        #expect(created.contains(package.spelled("Tests/SettingsFeatureTests/SettingsFeatureTests.swift")))
        #expect(created.contains(package.spelled("Tests/SettingsFeatureTests/SettingsFeatureBoundaryTests.swift")))
        #expect(created.contains(package.spelled("Tools/Baselines/SettingsFeature.txt")))
        let manifest = try package.text("Package.swift")
        let target = package.spelled(
            #".target(name: "SettingsFeature", dependencies: ["Core"], path: "Modules/SettingsFeature"),"#)
        #expect(manifest.contains(target))
        // Laid out as `swift format` lays it out: on one line it would be 123 characters, over the 120 allowed.
        let testTarget = package.spelled(
            """
                    .testTarget(
                        name: "SettingsFeatureTests", dependencies: ["SettingsFeature", "Core", "CoreTesting", "BoundaryCheck"]),
            """)
        #expect(manifest.contains(testTarget))
        let added = try package.addedLines("Package.swift", to: original)
        #expect(added.contains { $0.contains("FeatureTests\"") }, "the test target is among the lines it adds")
        #expect(added.allSatisfy { $0.count <= 120 }, "\(added)")
        #expect(
            manifest.contains(package.spelled(#".library(name: "SettingsFeature", targets: ["SettingsFeature"]),"#)))
        let checkedModuleLines = manifest.split(separator: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces) == package.spelled(#""SettingsFeature","#)
        }
        #expect(checkedModuleLines.count == 1, "boundary-check depends on the new module, the checker's tests do not")
        let rules = try package.text("Tools/BoundaryRules.txt")
        #expect(rules.contains(package.spelled("\nfeature SettingsFeature: Settings\n")))
        #expect(rules.contains(package.spelled("\nimports SettingsFeature: Core\n")))
        #expect(
            rules.contains(
                package.spelled("\nimports SettingsFeatureTests: BoundaryCheck\n# new-feature: feature test imports\n"))
        )
        let boundaryTests = try package.text(
            package.spelled("Tests/SettingsFeatureTests/SettingsFeatureBoundaryTests.swift"))
        #expect(boundaryTests.contains("import BoundaryCheck\n"))
        #expect(boundaryTests.contains(package.spelled(#"let boundary = try ModuleBoundary.check("SettingsFeature")"#)))
        #expect(boundaryTests.contains(#"#expect(boundary.violations.isEmpty, "\(boundary)")"#))
        let baseline = try package.text(package.spelled("Tools/Baselines/SettingsFeature.txt"))
        let listenerLine =
            package.spelled(
                "func SettingsFeature.SettingsListener.settingsDidClose(): @MainActor func settingsDidClose()")
        #expect(baseline.contains(listenerLine))
    }

    @Test("Its report ends with redrawing the module graph and recording the durations, where the package keeps them")
    func reportNamesWhatTheTargetsMakeStale() async throws {
        let package = try ScratchPackage()
        defer { package.remove() }
        let bare = try FeatureScaffold(name: package.feature, packageRoot: package.root)
        #expect(bare.report(created: []).hasSuffix("Then run: swift build && swift test"))
        try "<!-- module-graph: begin -->\n<!-- module-graph: end -->\n".write(
            to: package.root.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "CoreTests 1\n".write(
            to: package.root.appendingPathComponent("Tools/TestDurations.txt"), atomically: true, encoding: .utf8)
        let report = try FeatureScaffold(name: package.feature, packageRoot: package.root)
            .report(created: [])
        #expect(
            report.hasSuffix(
                """
                Then run: swift build && swift test
                And: swift run module-graph   (redraws the README's module graph; `module-graph --check` fails until then)
                And: swift run affected-tests --record-durations   (`--history` refuses a test target without a duration)
                """), "\(report)")
    }

    @Test("However long the name, the lines it adds to Package.swift keep to the 120 characters swift format allows")
    func longNameKeepsLineLength() async throws {
        let package = try ScratchPackage()
        defer { package.remove() }
        let original = try package.text("Package.swift")
        _ = try FeatureScaffold(name: try FeatureName("AccountNotificationPreferences"), packageRoot: package.root)
            .apply()
        let manifest = try package.text("Package.swift")
        let added = try package.addedLines("Package.swift", to: original)
        #expect(added.contains { $0.contains("FeatureTests\"") }, "the test target is among the lines it adds")
        #expect(added.allSatisfy { $0.count <= 120 }, "\(added)")
        #expect(
            manifest.contains(
                """
                        .testTarget(
                            name: "AccountNotificationPreferencesFeatureTests",
                """))
    }

    @Test("It refuses a feature that exists, and changes nothing")
    func refusesExistingFeature() async throws {
        let package = try ScratchPackage()
        defer { package.remove() }
        _ = try FeatureScaffold(name: package.feature, packageRoot: package.root).apply()
        let manifest = try package.text("Package.swift")
        #expect {
            _ = try FeatureScaffold(name: package.feature, packageRoot: package.root)
        } throws: { error in
            "\(error)"
                == package.spelled(
                    "feature `Settings` already exists: Modules/SettingsFeature exists. Nothing was changed.")
        }
        #expect(try package.text("Package.swift") == manifest)
    }

    @Test("It refuses a name that Package.swift already uses, even without its folder")
    func refusesNameInManifest() async throws {
        let package = try ScratchPackage()
        defer { package.remove() }
        #expect {
            _ = try FeatureScaffold(name: try FeatureName("Login"), packageRoot: package.root)
        } throws: { error in
            "\(error)" == "feature `Login` already exists: Package.swift already names \"LoginFeature\". "
                + "Nothing was changed."
        }
    }

    @Test(
        "It refuses names that are not UpperCamelCase identifiers without the Feature suffix",
        arguments: [
            ("profile", "it must start with an uppercase letter A-Z, as in `Profile`"),
            ("My-Profile", "it may contain only the letters A-Z and a-z and the digits 0-9"),
            ("ProfileFeature", "leave out the `Feature` suffix: `new-feature Profile` creates ProfileFeature"),
            ("", "it must start with an uppercase letter A-Z, as in `Profile`"),
        ])
    func refusesInvalidName(name: String, reason: String) {
        #expect {
            _ = try FeatureName(name)
        } throws: { error in
            "\(error)" == "`\(name)` is not a valid feature name: \(reason)."
        }
    }

    @Test("It refuses a package whose manifest lost a marker line, and writes nothing")
    func refusesMissingMarker() async throws {
        let package = try ScratchPackage()
        defer { package.remove() }
        let manifest = try package.text("Package.swift")
            .replacingOccurrences(of: "// new-feature: feature targets", with: "")
        try manifest.write(to: package.root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        #expect {
            _ = try FeatureScaffold(name: package.feature, packageRoot: package.root)
        } throws: { error in
            "\(error)".hasPrefix("Package.swift has no line `// new-feature: feature targets`")
        }
        #expect(!FileManager.default.fileExists(atPath: package.root.appendingPathComponent("Modules").path))
    }

    @Test("The generated coordinator, screen and builder are wired like LoginFeature's")
    func wiringFollowsLogin() async throws {
        let package = try ScratchPackage()
        defer { package.remove() }
        _ = try FeatureScaffold(name: package.feature, packageRoot: package.root).apply()
        let module = package.spelled("Modules/SettingsFeature/")
        let coordinator = try package.text(module + package.spelled("Internal/Settings/SettingsCoordinator.swift"))
        #expect(
            coordinator.contains(
                package.spelled("final class SettingsCoordinator: ViewableCoordinator<any SettingsPresentable> {")))
        #expect(
            coordinator.contains(
                package.spelled(
                    """
                        init(screen: some ViewControllerable & SettingsPresentable, title: String) {
                            self.title = title
                            super.init(viewControllerable: screen, presenter: screen)
                            screen.listener = self
                        }
                    """)))
        #expect(coordinator.contains(package.spelled("extension SettingsCoordinator: SettingsScreenListener {")))
        #expect(coordinator.contains(package.spelled("func settingsScreenDidRequestClose() {")))
        #expect(coordinator.contains(package.spelled("var listener: (any SettingsScreenListener)? { get set }")))
        let screen = try package.text(module + package.spelled("Internal/Settings/SettingsViewController.swift"))
        #expect(screen.contains(package.spelled("weak var listener: (any SettingsScreenListener)?")))
        #expect(screen.contains(package.spelled(#"case "close": listener?.settingsScreenDidRequestClose()"#)))
        #expect(screen.contains(package.spelled("protocol SettingsScreenListener: AnyObject {")))
        let container = try package.text(module + package.spelled("SettingsBuilder.swift"))
        #expect(
            container.contains(
                package.spelled(
                    """
                            let coordinator = SettingsCoordinator(
                                screen: SettingsViewController(), title: dependency.settingsService.title)
                            coordinator.listener = listener
                            return coordinator
                    """)))
        #expect(
            try package.text(module + package.spelled("SettingsServices.swift")).contains(
                package.spelled("public protocol SettingsService: AnyObject {"))
        )
        #expect(!container.contains("screen.listener"), "the coordinator, not the builder, listens to its screen")
    }

    @Test("In a package without marker lines, it appends the targets, depending on Core of the given package")
    func appendsToForeignPackage() async throws {
        let package = try ScratchPackage()
        defer { package.remove() }
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "Adopter", dependencies: [.package(path: "../coordinators")], targets: [])

            """
        try manifest.write(to: package.root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: package.root.appendingPathComponent("Tools"))
        // Run as `swift run new-feature`, without the package that provides Core: the plugin is the way in.
        #expect {
            _ = try FeatureScaffold(name: try FeatureName("Settings"), packageRoot: package.root)
        } throws: { error in
            "\(error)"
                == "Package.swift has no `// new-feature:` marker lines, which `swift run new-feature` adds a feature "
                + "at. In a package that depends on ModularCoordinators, run the plugin instead, which appends the "
                + "feature's targets to the end of Package.swift: "
                + "`swift package --allow-writing-to-package-directory new-feature Settings`. Nothing was changed."
        }
        #expect(try package.text("Package.swift") == manifest)
        let scaffold = try FeatureScaffold(
            name: try FeatureName("Settings"), packageRoot: package.root, corePackage: "coordinators")
        let created = try scaffold.apply()
        #expect(!created.contains { $0.hasPrefix("Tools/") }, "no rules, baseline or probe where it keeps none")
        let edited = try package.text("Package.swift")
        #expect(edited.hasPrefix(manifest))
        #expect(
            edited.contains(
                #"package.products.append(.library(name: "SettingsFeature", targets: ["SettingsFeature"]))"#))
        #expect(
            edited.contains(
                #".target(name: "SettingsFeature", dependencies: [.product(name: "Core", package: "coordinators")], "#
                    + #"path: "Modules/SettingsFeature"),"#))
        #expect(
            edited.contains(
                #"dependencies: ["SettingsFeature", .product(name: "Core", package: "coordinators"), "#
                    + #".product(name: "CoreTesting", package: "coordinators"), "#
                    + #".product(name: "BoundaryCheck", package: "coordinators")]),"#))
        #expect(created.contains("Tests/SettingsFeatureTests/SettingsFeatureBoundaryTests.swift"))
        let report = scaffold.report(created: created)
        #expect(
            report.contains("Note: Package.swift has no `// new-feature:` marker lines: appended SettingsFeature's"))
        #expect(
            report.contains("Note: no Tools/BoundaryRules.txt: the default rules check SettingsFeature as a feature"))
    }

    @Test(
        "The command exits with 0 when it creates, 1 when it refuses and 64 on a usage error",
        arguments: [
            (["Settings"], NewFeatureCommand.success),
            (["settings"], NewFeatureCommand.refused),
            (["Login"], NewFeatureCommand.refused),
            ([], NewFeatureCommand.usageError),
            (["Settings", "Other"], NewFeatureCommand.usageError),
            (["--verbose", "Settings"], NewFeatureCommand.usageError),
            (["Settings", "--package-path"], NewFeatureCommand.usageError),
            (["--help"], NewFeatureCommand.success),
        ])
    func exitCodes(arguments: [String], expected: Int32) throws {
        let package = try ScratchPackage()
        defer { package.remove() }
        var errors: [String] = []
        // `Settings` names the feature the scratch package does not have yet (see `ScratchPackage`).
        let status = NewFeatureCommand.run(
            arguments.map { $0 == "Settings" ? package.feature.prefix : $0 }, defaultPackagePath: package.root,
            output: { _ in }, errors: { errors.append($0) })
        #expect(status == expected, "\(errors)")
        #expect(errors.isEmpty == (expected == NewFeatureCommand.success))
        #expect(NewFeatureCommand.usageError == 64)
        let created = FileManager.default.fileExists(atPath: package.root.appendingPathComponent("Modules").path)
        #expect(created == (arguments == ["Settings"]), "a refusal or usage error changes nothing")
    }

    @Test("In a folder without Package.swift it says so, names --package-path, exits 1 and writes nothing")
    func noPackageHere() throws {
        let folder = ScratchSpace.directory.appendingPathComponent("no-package-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var errors: [String] = []
        let status = NewFeatureCommand.run(
            ["Settings"], defaultPackagePath: folder, output: { _ in }, errors: { errors.append($0) })
        #expect(status == NewFeatureCommand.refused)
        #expect(
            errors == [
                "new-feature: no Package.swift in \(folder.path): run it in a package's folder, or name the package with --package-path"
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}

@Suite("new-feature: its guide")
struct NewFeatureGuideTests {
    @Test("docs/new-feature.md names the screen listener's method and the listener's as the scaffolder writes them")
    func listenerNames() async throws {
        let package = try NewFeatureTests.ScratchPackage()
        defer { package.remove() }
        let created = try FeatureScaffold(name: package.feature, packageRoot: package.root).apply()
        let sources = try created.filter { $0.hasPrefix("Modules/") }.map { try package.text($0) }.joined()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/new-feature.md"), encoding: .utf8)
        // The guide speaks of the README's `Settings`; the scratch package's feature may be called otherwise.
        for method in ["settingsScreenDidRequestClose()", "settingsDidClose()"] {
            #expect(guide.contains("`\(method)`"))
            #expect(sources.contains("func " + package.spelled(method)))
        }
        #expect(guide.contains("`settingsScreenDid…`"))
    }
}

@Suite("new-feature: playgrounds")
struct NewFeaturePlaygroundTests {
    @Test("Where the package hosts features alone, the new feature gets a playground, registered in one line")
    func registersPlayground() async throws {
        let package = try NewFeatureTests.ScratchPackage()
        defer { package.remove() }
        let registry = "App/Flows/Playground/FeaturePlayground.swift"
        try FileManager.default.createDirectory(
            at: package.root.appendingPathComponent("App/Flows/Playground"), withIntermediateDirectories: true)
        try "    static let all: [FeaturePlayground] = [\n        .login,\n        // new-feature: playgrounds\n    ]\n"
            .write(to: package.root.appendingPathComponent(registry), atomically: true, encoding: .utf8)

        let scaffold = try FeatureScaffold(name: package.feature, packageRoot: package.root)
        let created = try scaffold.apply()

        #expect(created.contains(package.spelled("App/Flows/Playground/SettingsPlayground.swift")))
        #expect(
            try package.text(registry).contains(
                package.spelled("        .login,\n        .settings,\n        // new-feature: playgrounds")))
        let playground = try package.text(package.spelled("App/Flows/Playground/SettingsPlayground.swift"))
        #expect(playground.contains(package.spelled("static let settings = FeaturePlayground(")))
        #expect(playground.contains(package.spelled("func settingsDidClose()")))
        let manifest = try package.text("Package.swift")
        #expect(
            manifest.contains(
                package.spelled(
                    "\"SettingsFeature\",\n                // new-feature: app dependencies (feature playgrounds)")))
        let appRule = try package.text("Tools/BoundaryRules.txt").split(separator: "\n").first {
            $0.hasPrefix("imports AppFlows:")
        }
        #expect(appRule?.hasSuffix(package.spelled(" SettingsFeature")) == true)
        // The dependency and the rule are done: the steps left start with the services.
        let report = scaffold.report(created: created)
        #expect(!report.contains("dependencies in Package.swift"), "\(report)")
        #expect(!report.contains("`imports` rule"), "\(report)")
        #expect(
            report.contains(
                package.spelled("  1. Make the app's live services (or a small adapter) conform to SettingsDependency"))
        )
        #expect(report.contains(package.spelled("  4. Add the `settings` screen id")))
    }

    @Test("Without the registry, no playground is written and the app is left alone")
    func noRegistryNoPlayground() async throws {
        let package = try NewFeatureTests.ScratchPackage()
        defer { package.remove() }
        let scaffold = try FeatureScaffold(name: package.feature, packageRoot: package.root)
        let created = try scaffold.apply()
        #expect(!created.contains { $0.hasPrefix("App/") })
        let appRule = try package.text("Tools/BoundaryRules.txt").split(separator: "\n").first {
            $0.hasPrefix("imports AppFlows:")
        }
        #expect(appRule?.contains(package.spelled("SettingsFeature")) == false)
        // Nothing of the app was touched: the dependency and the rule are the first step left.
        let report = scaffold.report(created: created)
        #expect(
            report.contains(
                package.spelled("  1. Add \"SettingsFeature\" to the app's flows target's dependencies in Package")))
        #expect(report.contains("\n     Tools/BoundaryRules.txt, if the package has one)."))
        #expect(report.contains(package.spelled("  5. Add the `settings` screen id")))
    }
}
