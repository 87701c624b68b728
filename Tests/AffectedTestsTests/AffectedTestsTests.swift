import Foundation
import Testing

@testable import AffectedTests

/// What one run of the command printed and returned.
struct Run {
    var status: Int32 = -1
    var output: [String] = []
    var errors: [String] = []
    var testRuns: [String] = []

    /// The listed test targets: standard output, one a line.
    var listed: [String] { output.flatMap { $0.split(separator: "\n").map(String.init) } }
}

/// This package's manifest, evaluated once: the scratch repositories hold a copy of it.
let evaluatedTargets = Result { try PackageTarget.evaluated(in: thisPackage) }

/// Runs `affected-tests ARGUMENTS --package-path REPOSITORY`, recording what it prints and which tests it runs;
/// the tests it runs return `testStatus`.
func affectedTests(_ arguments: [String], in repository: ScratchRepository, testStatus: Int32 = 0) -> Run {
    var run = Run()
    run.status = AffectedTestsCommand.run(
        arguments + ["--package-path", repository.root.path], defaultPackagePath: repository.root,
        targets: { _ in try evaluatedTargets.get() },
        runTests: { _, filter in
            run.testRuns.append(filter)
            return testStatus
        },
        output: { run.output.append($0) }, errors: { run.errors.append($0) })
    return run
}

/// Runs `affected-tests ARGUMENTS --package-path REPOSITORY` on the small package, its targets given.
func affectedTestsInSmallPackage(_ arguments: [String], in repository: ScratchRepository) -> Run {
    var run = Run()
    run.status = AffectedTestsCommand.run(
        arguments + ["--package-path", repository.root.path], targets: { _ in SmallPackage.targets },
        runTests: { _, _ in 0 }, swift: { _, _ in .init(status: 1, output: "not in these tests", seconds: 0) },
        output: { run.output.append($0) }, errors: { run.errors.append($0) })
    return run
}

/// The test targets among `targets` that depend on `target`, directly or through other targets.
func testTargets(dependingOn target: String, in targets: [PackageTarget]) -> Set<String> {
    func reaches(_ name: String) -> Bool {
        name == target || (targets.first { $0.name == name }?.dependencies ?? []).contains(where: reaches)
    }
    return Set(targets.filter { $0.isTest && reaches($0.name) }.map(\.name))
}

@Suite("affected-tests in scratch git repositories", .serialized)
struct AffectedTestsTests {
    @Test("A one-line change inside a feature's internals lists its tests and the tests of what depends on it")
    func featureInternalsChange() throws {
        let repository = try ScratchRepository()
        defer { repository.remove() }
        try repository.appendLine(to: "Modules/FeedFeature/Internal/Feed/FeedViewController.swift")
        try repository.commit("feed")
        let run = affectedTests(["--base", "HEAD~1", "--list"], in: repository)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.listed.contains("FeedFeatureTests"))
        #expect(!run.listed.contains("BoundaryCheckTests"), "the checker's own tests depend on no feature")
        for unrelated in ["LoginFeatureTests", "SignUpFeatureTests", "CoreTests", "CoreTestingTests"] {
            #expect(!run.listed.contains(unrelated))
        }
        #expect(Set(run.listed) == testTargets(dependingOn: "FeedFeature", in: try evaluatedTargets.get()))
        #expect(run.errors.joined().contains("in FeedFeature"))
    }

    @Test("An uncommitted change in Core lists every feature's tests")
    func coreChange() throws {
        let repository = try ScratchRepository()
        defer { repository.remove() }
        try repository.appendLine(to: "Modules/Core/Window.swift")
        let run = affectedTests(["--base", "HEAD", "--list"], in: repository)
        #expect(run.status == 0)
        for feature in ["LoginFeatureTests", "SignUpFeatureTests", "FeedFeatureTests", "CoreTests"] {
            #expect(run.listed.contains(feature))
        }
        #expect(Set(run.listed) == testTargets(dependingOn: "Core", in: try evaluatedTargets.get()))
    }

    @Test("A new file that git does not track yet counts as a change of its target")
    func untrackedFile() throws {
        let repository = try ScratchRepository()
        defer { repository.remove() }
        try repository.write("Modules/LoginFeature/Internal/Login/LoginViewController.swift", "final class A {}\n")
        let run = affectedTests(["--base", "HEAD", "--list"], in: repository)
        #expect(run.listed.contains("LoginFeatureTests"))
        #expect(!run.listed.contains("FeedFeatureTests"))
    }

    @Test("A change to Package.swift or Package.resolved lists every test target, and says why")
    func manifestChange() throws {
        let every = try evaluatedTargets.get().filter(\.isTest).map(\.name)
        for file in ["Package.swift", "Package.resolved"] {
            let repository = try ScratchRepository()
            defer { repository.remove() }
            if file == "Package.resolved" {
                // Tracked, as in an application's repository (a global ignore file may hide it otherwise).
                try repository.write(file, "{\"pins\":[],\"version\":3}\n")
                try repository.git("add", "--force", file)
                try repository.commit("resolved")
            }
            try repository.appendLine(to: file)
            let run = affectedTests(["--base", "HEAD", "--list"], in: repository)
            #expect(run.listed == every)
            #expect(run.errors.joined().contains("\(file) changed"))
            #expect(run.errors.joined().contains("every test target is selected"))
        }
    }

    @Test("A file outside every target that is not documentation lists every test target; documentation none")
    func filesOutsideTargets() throws {
        let repository = try ScratchRepository()
        defer { repository.remove() }
        try repository.appendLine(to: "README.md")
        try repository.write("docs/guide.md", "# Guide\n")
        let documentation = affectedTests(["--base", "HEAD", "--list"], in: repository)
        #expect(documentation.status == 0)
        #expect(documentation.listed.isEmpty)
        #expect(documentation.errors.joined().contains("only documentation changed; no test target is affected"))
        try repository.write("Tools/BoundaryRules.txt", "allow Core\n")
        let rules = affectedTests(["--base", "HEAD", "--list"], in: repository)
        #expect(rules.listed == (try evaluatedTargets.get()).filter(\.isTest).map(\.name))
        #expect(rules.errors.joined().contains("Tools/BoundaryRules.txt is outside every target"))
    }

    @Test("When nothing changed, it says so, runs nothing and exits 0")
    func nothingChanged() throws {
        let repository = try ScratchRepository()
        defer { repository.remove() }
        let run = affectedTests(["--base", "HEAD"], in: repository)
        #expect(run.status == 0)
        #expect(run.testRuns.isEmpty)
        #expect(run.output == ["affected-tests: nothing changed since HEAD; no test target is affected"])
    }

    @Test("A changed probe of this package's feature lists the feature's test target alone")
    func probeOfAFeature() throws {
        let repository = try ScratchRepository()
        defer { repository.remove() }
        try repository.write(
            "Tools/Probes/ComposeFeedFeature.swift", "// Compile probe\nimport Core\nimport FeedFeature\n")
        let run = affectedTests(["--base", "HEAD", "--list"], in: repository)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.listed == ["FeedFeatureTests"])
        #expect(run.errors.joined().contains("a probe that FeedFeatureTests reads"))
    }

    @Test("Without --list it runs swift test filtered to the affected targets, and fails when they fail")
    func runsTheSelection() throws {
        let repository = try ScratchRepository()
        defer { repository.remove() }
        try repository.appendLine(to: "Modules/LoginFeature/LoginBuilder.swift")
        let passing = affectedTests(["--base", "HEAD"], in: repository)
        #expect(passing.status == 0)
        #expect(passing.testRuns.count == 1)
        let filter = try #require(passing.testRuns.first)
        #expect(filter.hasPrefix("^(") && filter.hasSuffix(")\\."))
        #expect(filter.contains("LoginFeatureTests") && !filter.contains("FeedFeatureTests"))
        let regex = try Regex(filter)
        #expect("LoginFeatureTests.LoginTests/logsIn()".contains(regex))
        #expect(!"FeedFeatureTests.FeedRouteTests/route()".contains(regex))
        #expect(passing.output.joined().contains("in LoginFeature"))
        #expect(
            passing.output.last?.hasPrefix("affected-tests: the affected tests passed (LoginFeatureTests, ") == true)
        let failing = affectedTests(["--base", "HEAD"], in: repository, testStatus: 1)
        #expect(failing.status == 1)
        // The run ends saying it failed, not with the count of the selection.
        #expect(
            failing.errors.last?.hasPrefix(
                "affected-tests: the run failed: swift test exited with 1 running LoginFeatureTests, ") == true,
            "\(failing.errors)")
    }

    @Test("As the plugin runs it, --base prints the targets and the swift test command, runs nothing and exits 64")
    func pluginPrintsTheCommandInsteadOfRunning() throws {
        let repository = try ScratchRepository()
        defer { repository.remove() }
        try repository.appendLine(to: "Modules/LoginFeature/LoginBuilder.swift")
        var run = Run()
        run.status = AffectedTestsCommand.run(
            ["--base", "HEAD", "--package-path", repository.root.path], defaultPackagePath: repository.root,
            invocation: "swift package affected-tests", printsInsteadOfRunning: true,
            targets: { _ in try evaluatedTargets.get() },
            runTests: { _, filter in
                run.testRuns.append(filter)
                return 0
            },
            output: { run.output.append($0) }, errors: { run.errors.append($0) })
        #expect(run.status == AffectedTestsCommand.notRun)
        #expect(run.testRuns.isEmpty)
        let command = try #require(run.output.first { $0.hasPrefix("    swift test ") })
        #expect(
            command.hasPrefix(
                "    swift test --package-path '\(repository.root.standardizedFileURL.path)' --filter '^("))
        #expect(command.contains("LoginFeatureTests") && !command.contains("FeedFeatureTests"))
    }

    @Test("The plugin's swift test command names no --package-path when typed inside the package, even a subfolder")
    func pluginCommandInsideThePackage() throws {
        let repository = try ScratchRepository()
        defer { repository.remove() }
        let inside = repository.root.appendingPathComponent("Modules/LoginFeature")
        #expect(
            AffectedTestsCommand.testCommand(for: ["ATests", "BTests"], in: repository.root, from: inside)
                == "swift test --filter '^(ATests|BTests)\\.'")
    }

    @Test("As the plugin runs it, its help offers no option the plugin refuses, and --record-durations is refused")
    func pluginUsage() {
        var help = Run()
        help.status = AffectedTestsCommand.run(
            ["--help"], invocation: "swift package affected-tests", printsInsteadOfRunning: true,
            output: { help.output.append($0) }, errors: { help.errors.append($0) })
        let text = (help.output + help.errors).joined()
        #expect(help.status == 0)
        #expect(text.hasPrefix("usage: swift package affected-tests --base REF [--list]"), "\(text)")
        #expect(!text.contains("--record-durations") && !text.contains("[--package-path"))
        #expect(text.contains("64 usage error, or"))
        var record = Run()
        record.status = AffectedTestsCommand.run(
            ["--record-durations"], invocation: "swift package affected-tests", printsInsteadOfRunning: true,
            output: { record.output.append($0) }, errors: { record.errors.append($0) })
        #expect(record.status == 64)
        #expect(record.errors.joined().contains("run `swift run affected-tests --record-durations`"))
    }

    @Test("A manifest that does not evaluate: it says what it cannot do, quotes the error, and exits 1")
    func brokenManifest() throws {
        let repository = try ScratchRepository.small()
        defer { repository.remove() }
        try repository.write("Package.swift", SmallPackage.manifest.replacingOccurrences(of: "\"Alpha\"]", with: "1]"))
        var errors: [String] = []
        let status = AffectedTestsCommand.run(
            ["--base", "HEAD", "--list", "--package-path", repository.root.path], runTests: { _, _ in 0 },
            output: { _ in }, errors: { errors.append($0) })
        #expect(status == AffectedTestsCommand.failure)
        let said = errors.joined(separator: "\n")
        #expect(
            said.contains(
                "could not evaluate \(repository.root.path)/Package.swift, so affected-tests cannot tell the "
                    + "package's targets"), "\(said)")
        #expect(said.contains("Package.swift:8:"), "the compiler's error, with its line: \(said)")
        #expect(!said.contains("compiled with"), "without the compiler's command line: \(said)")
        #expect(!said.contains("declared dependencies cannot be checked"), "the boundary check's words are its own")
    }

    @Test("Changes that landed on the base after the branch left it are not the branch's")
    func countsFromTheMergeBase() throws {
        let repository = try ScratchRepository()
        defer { repository.remove() }
        try repository.git("checkout", "--quiet", "-b", "topic")
        try repository.appendLine(to: "Modules/LoginFeature/LoginBuilder.swift")
        try repository.commit("login")
        try repository.git("checkout", "--quiet", "main")
        try repository.appendLine(to: "Modules/Core/Window.swift")
        try repository.commit("core")
        try repository.git("checkout", "--quiet", "topic")
        let run = affectedTests(["--base", "main", "--list"], in: repository)
        #expect(run.listed.contains("LoginFeatureTests"))
        #expect(!run.listed.contains("CoreTests"))
    }

    @Test("A base that names no commit, or a folder outside git, is an error with exit code 1")
    func badBase() throws {
        let repository = try ScratchRepository()
        defer { repository.remove() }
        let unknown = affectedTests(["--base", "no-such-branch", "--list"], in: repository)
        #expect(unknown.status == 1)
        #expect(unknown.errors.joined().contains("'no-such-branch' names no commit"))
        let option = affectedTests(["--base=--output=x", "--list"], in: repository)
        #expect(option.status == 1)
        #expect(option.errors.joined().contains("is not a git reference"))
        try FileManager.default.removeItem(at: repository.root.appendingPathComponent(".git"))
        let outside = affectedTests(["--base", "HEAD", "--list"], in: repository)
        #expect(outside.status == 1)
        #expect(outside.errors.joined().contains("is not inside a git repository"))
    }

    @Test("A missing --base or an unknown argument is a usage error, exit code 64")
    func usageErrors() throws {
        let repository = try ScratchRepository()
        defer { repository.remove() }
        let missing = affectedTests(["--list"], in: repository)
        #expect(missing.status == 64)
        #expect(missing.errors.joined().contains("--base is missing"))
        let unknown = affectedTests(["--base", "HEAD", "--lsit"], in: repository)
        #expect(unknown.status == 64)
        #expect(unknown.errors.joined().contains("unknown argument '--lsit'"))
        let help = affectedTests(["--help"], in: repository)
        #expect(help.status == 0)
        #expect(help.output.joined().contains("usage: swift run affected-tests --base REF"))
    }
}

@Suite("Which target owns a file")
struct TargetOwnershipTests {
    @Test("A file belongs to the deepest target folder that holds it; a folder's name prefix is not enough")
    func deepestFolderWins() throws {
        let targets = [
            PackageTarget(name: "App", isTest: false, path: "App/App", dependencies: []),
            PackageTarget(name: "AppKit2", isTest: false, path: "App/App/Nested/", dependencies: []),
            PackageTarget(name: "AppTests", isTest: true, path: "Tests/AppTests", dependencies: ["App"]),
        ]
        #expect(TestSelection.owner(of: "App/App/Nested/A.swift", among: targets) == "AppKit2")
        #expect(TestSelection.owner(of: "App/App/B.swift", among: targets) == "App")
        #expect(TestSelection.owner(of: "App/AppExtra/C.swift", among: targets) == nil)
        let selection = TestSelection(changedFiles: ["./App/App/B.swift"], targets: targets)
        #expect(selection.testTargets == ["AppTests"])
        #expect(selection.changedTargets == ["App"])
    }

    @Test("A module's baseline selects the module's own test target, which checks it; an orphan one selects all")
    func baselineSelectsItsModulesTests() {
        let targets = [
            PackageTarget(name: "FeedFeature", isTest: false, path: "Modules/FeedFeature", dependencies: []),
            PackageTarget(name: "App", isTest: false, path: "App", dependencies: ["FeedFeature"]),
            PackageTarget(name: "FeedFeatureTests", isTest: true, path: "Tests/FeedFeatureTests", dependencies: []),
            PackageTarget(name: "AppTests", isTest: true, path: "Tests/AppTests", dependencies: ["App"]),
        ]
        let baseline = TestSelection(changedFiles: ["Tools/Baselines/FeedFeature.txt"], targets: targets)
        #expect(baseline.testTargets == ["FeedFeatureTests"] && baseline.reasonsForEverything.isEmpty)
        #expect(baseline.changedTargets.isEmpty, "a baseline lies in no target")
        #expect(
            AffectedTestsCommand.explanation(of: baseline, changedCount: 1, base: "HEAD")
                == "affected-tests: 1 changed file since HEAD, a baseline that FeedFeatureTests reads "
                + "(Tools/Baselines/FeedFeature.txt): 1 test target(s) affected")
        let both = TestSelection(
            changedFiles: ["Tools/Baselines/FeedFeature.txt", "App/App.swift"], targets: targets)
        #expect(
            AffectedTestsCommand.explanation(of: both, changedCount: 2, base: "main")
                == "affected-tests: 2 changed files since main in App and a baseline that FeedFeatureTests reads "
                + "(Tools/Baselines/FeedFeature.txt): 2 test target(s) affected")
        let orphan = TestSelection(changedFiles: ["Tools/Baselines/Gone.txt"], targets: targets)
        #expect(orphan.testTargets == ["FeedFeatureTests", "AppTests"], "a baseline of no module may break any test")
        let rules = TestSelection(changedFiles: ["Tools/BoundaryRules.txt"], targets: targets)
        #expect(rules.testTargets.count == 2, "the rules are read by every module's boundary test")
    }

    @Test("A probe of one module selects that module's own test target; one of several modules selects all")
    func probeSelectsItsModulesTests() {
        let targets = [
            PackageTarget(name: "Core", isTest: false, path: "Modules/Core", dependencies: []),
            PackageTarget(name: "FeedFeature", isTest: false, path: "Modules/FeedFeature", dependencies: ["Core"]),
            PackageTarget(
                name: "ProfileFeature", isTest: false, path: "Modules/ProfileFeature", dependencies: ["Core"]),
            PackageTarget(name: "App", isTest: false, path: "App", dependencies: ["FeedFeature", "ProfileFeature"]),
            PackageTarget(name: "CoreTests", isTest: true, path: "Tests/CoreTests", dependencies: ["Core"]),
            PackageTarget(name: "FeedFeatureTests", isTest: true, path: "Tests/FeedFeatureTests", dependencies: []),
            PackageTarget(
                name: "ProfileFeatureTests", isTest: true, path: "Tests/ProfileFeatureTests", dependencies: []),
            PackageTarget(name: "AppTests", isTest: true, path: "Tests/AppTests", dependencies: ["App"]),
        ]
        let probes: [String: [String]] = [
            "Tools/Probes/ComposeProfileFeature.swift": ["Core", "Foundation", "ProfileFeature"],
            "Tools/Probes/ComposeFeatures.swift": ["Core", "FeedFeature", "ProfileFeature"],
            "Tools/Probes/PresenterConforming.swift": ["Core"],
        ]
        func selection(_ file: String) -> TestSelection {
            TestSelection(changedFiles: [file], targets: targets, imports: { probes[$0] })
        }
        let profile = selection("Tools/Probes/ComposeProfileFeature.swift")
        #expect(profile.testTargets == ["ProfileFeatureTests"] && profile.reasonsForEverything.isEmpty)
        #expect(
            AffectedTestsCommand.explanation(of: profile, changedCount: 1, base: "HEAD")
                == "affected-tests: 1 changed file since HEAD, a probe that ProfileFeatureTests reads "
                + "(Tools/Probes/ComposeProfileFeature.swift): 1 test target(s) affected")
        #expect(selection("Tools/Probes/PresenterConforming.swift").testTargets == ["CoreTests"])
        let every = targets.filter(\.isTest).map(\.name)
        let features = selection("Tools/Probes/ComposeFeatures.swift")
        #expect(features.testTargets == every, "no single module owns it")
        #expect(
            features.reasonsForEverything == [
                "Tools/Probes/ComposeFeatures.swift is a probe of no single module's test target, so any test may read it"
            ])
        #expect(selection("Tools/Probes/Gone.swift").testTargets == every, "a probe that cannot be read")
    }

    @Test("A probe's imports are read whatever attributes, access level or kind precede the module")
    func probeImports() {
        let text = """
            // Compile probe: import Nothing
            @testable import LoginFeature
            public import Core
            import struct FeedFeature.FeedPost
            @preconcurrency internal import Foundation
            let x = 1
            """
        #expect(TestSelection.importedModules(of: text) == ["LoginFeature", "Core", "FeedFeature", "Foundation"])
    }

    @Test("Documentation is Markdown, docs/, or a licence; scripts and text files read by tools are not")
    func documentation() {
        #expect(TestSelection.isDocumentation("README.md"))
        #expect(TestSelection.isDocumentation("docs/diagram.png"))
        #expect(TestSelection.isDocumentation("LICENSE"))
        #expect(!TestSelection.isDocumentation("Tools/Baselines/Core.txt"))
        #expect(!TestSelection.isDocumentation(".ci/run"))
        #expect(!TestSelection.isDocumentation("Scripts/build-docs"))
    }
}
