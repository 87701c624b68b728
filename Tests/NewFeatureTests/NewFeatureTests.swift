import Foundation
import Testing

@testable import NewFeature

/// The scaffolder on a scratch copy of this package's manifest and rules.
@Suite("new-feature")
struct NewFeatureTests {
    /// A temporary package holding copies of this package's `Package.swift` and rules file.
    struct ScratchPackage {
        let root: URL

        init() throws {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            root = FileManager.default.temporaryDirectory.appendingPathComponent("new-feature-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("Tools"), withIntermediateDirectories: true)
            for path in ["Package.swift", "Tools/BoundaryRules.txt"] {
                try FileManager.default.copyItem(
                    at: source.appendingPathComponent(path), to: root.appendingPathComponent(path))
            }
        }

        func text(_ path: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }

        func remove() {
            try? FileManager.default.removeItem(at: root)
        }
    }

    @Test("It adds the module, tests, probe, baseline, targets and rules of the feature")
    func createsFeature() throws {
        let package = try ScratchPackage()
        defer { package.remove() }
        let created = try FeatureScaffold(name: try FeatureName("Profile"), packageRoot: package.root).apply()
        #expect(created.contains("Modules/ProfileFeature/ProfileContainer.swift"))
        #expect(created.contains("Tests/ProfileFeatureTests/ProfileFeatureTests.swift"))
        #expect(created.contains("Tools/Baselines/ProfileFeature.txt"))
        let manifest = try package.text("Package.swift")
        let target = #".target(name: "ProfileFeature", dependencies: ["Core"], path: "Modules/ProfileFeature"),"#
        #expect(manifest.contains(target))
        let testTarget =
            #".testTarget(name: "ProfileFeatureTests", dependencies: ["ProfileFeature", "Core", "CoreTesting"]),"#
        #expect(manifest.contains(testTarget))
        #expect(manifest.contains(#".library(name: "ProfileFeature", targets: ["ProfileFeature"]),"#))
        let checkedModuleLines = manifest.split(separator: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces) == #""ProfileFeature","#
        }
        #expect(checkedModuleLines.count == 2, "boundary-check and BoundaryCheckTests depend on the new module")
        let rules = try package.text("Tools/BoundaryRules.txt")
        #expect(rules.contains("\nfeature ProfileFeature: Profile\n"))
        #expect(rules.contains("\nimports ProfileFeature: Core\n"))
        let baseline = try package.text("Tools/Baselines/ProfileFeature.txt")
        let listenerLine = "func ProfileFeature.ProfileListener.profileDidClose(): @MainActor func profileDidClose()"
        #expect(baseline.contains(listenerLine))
    }

    @Test("It refuses a feature that exists, and changes nothing")
    func refusesExistingFeature() throws {
        let package = try ScratchPackage()
        defer { package.remove() }
        _ = try FeatureScaffold(name: try FeatureName("Profile"), packageRoot: package.root).apply()
        let manifest = try package.text("Package.swift")
        #expect {
            _ = try FeatureScaffold(name: try FeatureName("Profile"), packageRoot: package.root)
        } throws: { error in
            "\(error)" == "feature `Profile` already exists: Modules/ProfileFeature exists. Nothing was changed."
        }
        #expect(try package.text("Package.swift") == manifest)
    }

    @Test("It refuses a name that Package.swift already uses, even without its folder")
    func refusesNameInManifest() throws {
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
    func refusesMissingMarker() throws {
        let package = try ScratchPackage()
        defer { package.remove() }
        let manifest = try package.text("Package.swift")
            .replacingOccurrences(of: "// new-feature: feature targets", with: "")
        try manifest.write(to: package.root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        #expect {
            _ = try FeatureScaffold(name: try FeatureName("Profile"), packageRoot: package.root)
        } throws: { error in
            "\(error)".hasPrefix("Package.swift has no line `// new-feature: feature targets`")
        }
        #expect(!FileManager.default.fileExists(atPath: package.root.appendingPathComponent("Modules").path))
    }
}
