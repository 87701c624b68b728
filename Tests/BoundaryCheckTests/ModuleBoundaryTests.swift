import ExecutableTesting
import Foundation
import PackageReading
import Testing

@testable import BoundaryCheck

/// One module's own check, as its test target runs it: on a fixture package around the clean feature.
@Suite("A module's own boundaries")
struct ModuleBoundaryTests {
    /// The screen rules of this package, which a fixture package's rules repeat.
    static let screenRules = """
        screen-base: Core.ViewController Core.ContainerViewController Core.NavigationController
        screen-base: Core.Coordinator Core.ViewableCoordinator
        screen-suffix: ViewController Screen ViewModel Coordinator Presenter Interactor Router
        """

    /// Writes `text` to `path` under `root`, creating its folders.
    private func write(_ text: String, to path: String, in root: URL) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    @Test("It checks the module's baseline, feature rules, internals and own probes, and no other module's probe")
    func checksOneModule() throws {
        let module = try FixtureModule.compile(["CleanFeature"], extraArguments: ["-enable-testing"])
        defer { module.remove() }
        let root = module.directory.appendingPathComponent("package")
        try write("// swift-tools-version: 6.2\n", to: "Package.swift", in: root)
        try write(
            "library Core\nfeature DemoFeature: Demo\nimports DemoFeature: Core\nfeature OtherFeature: Other\n"
                + "\(Self.screenRules)\n",
            to: "Tools/BoundaryRules.txt", in: root)
        let drift = try String(
            contentsOf: Fixture.directory.appendingPathComponent("Violations/BaselineDrift.txt"), encoding: .utf8)
        try write(drift, to: "Tools/Baselines/DemoFeature.txt", in: root)
        // The module's own probe, broken: it names an internal screen, so it runs and fails.
        try write(
            "import Core\nimport DemoFeature\n\n@MainActor func compose() { _ = DemoViewController() }\n",
            to: "Tools/Probes/ComposeDemoFeature.swift", in: root)
        // A probe of two features, which belongs to the package: broken too, but not the module's to run.
        try write(
            "import DemoFeature\nimport OtherFeature\n\nlet broken: Int = \"\"\n",
            to: "Tools/Probes/ComposeFeatures.swift", in: root)

        let checker = try BoundaryChecker(packageRoot: root, modulesDirectory: module.directory)
        let boundary = try checker.checkModule("DemoFeature")

        #expect(boundary.violations.map(\.rule) == ["baseline", "compile-probe"], "\(boundary)")
        #expect(boundary.violations.first?.location == "DemoFeature")
        #expect(boundary.violations.last?.location == "Tools/Probes/ComposeDemoFeature.swift")
        #expect(boundary.probedCount >= 4, "the access probe named the internal screen and coordinator")
        #expect("\(boundary)".hasPrefix("DemoFeature: 2 violation(s)\n\n[baseline] DemoFeature: "))
        #expect(throws: ToolError.self, "a module the rules do not check") {
            try checker.checkModule("OtherModule")
        }
    }

    @Test("A probe belongs to the imported module that reaches the others it imports, else to the whole package")
    func probeOwners() throws {
        let rules = try #require(Fixture.packageRules)
        let directory = try ScratchSpace.folder("boundary-probe-owner")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(imports: [String], owner: String?)] = [
            (["Core"], "Core"),
            (["Core", "Foundation", "ProfileFeature"], "ProfileFeature"),
            (["Core", "LoginFeature", "SignUpFeature"], "LoginFeature"),
            (["Core", "FeedFeature", "LoginFeature", "SignUpFeature"], nil),
            (["Foundation"], nil),
        ]
        for (index, probe) in cases.enumerated() {
            let file = directory.appendingPathComponent("Probe\(index).swift")
            try probe.imports.map { "import \($0)\n" }.joined().write(to: file, atomically: true, encoding: .utf8)
            #expect(CompileProbe.owner(of: file, rules: rules) == probe.owner, "\(probe.imports)")
        }
    }

    @Test("The package of a test file is the nearest folder above it with a Package.swift")
    func packageRootOfTestFile() throws {
        let root = try ScratchSpace.folder("boundary-package-root")
        defer { try? FileManager.default.removeItem(at: root) }
        try write("// swift-tools-version: 6.2\n", to: "Package.swift", in: root)
        try write("", to: "Tests/DemoFeatureTests/DemoFeatureBoundaryTests.swift", in: root)
        let file = root.appendingPathComponent("Tests/DemoFeatureTests/DemoFeatureBoundaryTests.swift")
        #expect(try ModuleBoundary.packageRoot(containing: file).path == root.standardizedFileURL.path)
    }
}
