import ExecutableTesting
import Foundation
import PackageReading
import Testing

@testable import BoundaryCheck

/// Runs the `boundary-check` executable that `swift build --build-tests` put beside this test bundle, in
/// `directory`: built from this package and run in another, as a package that depends on this one runs it.
func runBuiltBoundaryCheck(_ arguments: [String], in directory: URL) throws -> BuiltExecutable.Run {
    try BuiltExecutable.run("boundary-check", arguments, in: directory)
}

/// `Fixtures/OwnPackage` copied to a temporary folder: a package of its own with one library, Greeting.
private func ownPackage() throws -> FixturePackage { try FixturePackage(fixture: "OwnPackage") }

/// Puts the package's Greeting into `.build/debug/Modules`, where `swift build` writes it (testable, as a debug build
/// is), beside the stand-in Core, as a package that depends on this one has this package's Core there.
///
/// Every test's package has the same Greeting, so it is compiled once for the whole test run and copied from there.
private func build(_ package: FixturePackage) throws {
    let modules = package.root.appendingPathComponent(".build/debug/Modules")
    try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
    try Fixture.compileCore(into: modules)
    try Fixture.copyContents(of: try compiledGreeting.get(), into: modules)
}

/// The directory holding `Fixtures/OwnPackage`'s Greeting compiled once a run, or why it could not be compiled.
private let compiledGreeting = Result<URL, any Error> {
    let directory = try Fixture.compiledDirectory("greeting")
    let result = try Toolchain.run(
        try Toolchain.locate().compiler,
        [
            "-emit-module", "-wmo", "-module-name", "Greeting", "-parse-as-library", "-swift-version", "6",
            "-enable-testing", "-emit-module-path", directory.appendingPathComponent("Greeting.swiftmodule").path,
            Fixture.directory.appendingPathComponent("OwnPackage/Sources/Greeting/Greeting.swift").path,
        ])
    guard result.status == 0 else { throw FixtureError.compileFailed(result.output) }
    return directory
}

/// A new, empty folder in the tests' scratch space with no package around it.
private func emptyFolder() throws -> URL {
    let folder = ScratchSpace.directory.appendingPathComponent("no-package-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

@Suite("boundary-check checks the package it is run in, against that package's own build")
struct CheckCommandTests {
    @Test("Run in a package of its own, it checks that package with the modules of that package's build")
    func checksThePackageOfTheCurrentDirectory() throws {
        let package = try ownPackage()
        defer { package.remove() }
        try build(package)
        let run = try runBuiltBoundaryCheck([], in: package.root)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("boundary-check: 1 module, every boundary holds"), "\(run.output)")
    }

    @Test("Rules that name no module to check say so: the import graph holds, no surface was checked")
    func rulesThatCheckNoModule() throws {
        let package = try ownPackage()
        defer { package.remove() }
        try Data("imports Greeting:\n".utf8).write(to: package.root.appendingPathComponent("Tools/BoundaryRules.txt"))
        try build(package)
        let run = try runBuiltBoundaryCheck([], in: package.root)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(
            run.output.contains("boundary-check: the import graph holds, but no module's surface was checked"),
            "\(run.output)")
    }

    @Test("Run in a folder inside the package, it finds the package above, as swift package and git do")
    func findsThePackageAbove() throws {
        let package = try ownPackage()
        defer { package.remove() }
        try build(package)
        let run = try runBuiltBoundaryCheck([], in: package.root.appendingPathComponent("Sources/Greeting"))
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("boundary-check: 1 module, every boundary holds"), "\(run.output)")
    }

    @Test("Run in a package that is not built, it says to build that package first and checks nothing")
    func unbuiltPackage() throws {
        let package = try ownPackage()
        defer { package.remove() }
        let run = try runBuiltBoundaryCheck([], in: package.root)
        #expect(run.status == 2)
        #expect(
            run.output
                == "boundary-check: Greeting not built in \(package.root.path)/.build/debug/Modules; build "
                + "\(package.root.path) first: swift build --package-path \(package.root.path) (a build elsewhere, as "
                + "with --scratch-path X, is named with --modules X/debug/Modules)\n")
    }

    @Test("A module the rules name that is not a target of the manifest is said to be so, not to need a build")
    func ruleForAModuleThatIsNoTarget() throws {
        let package = try ownPackage()
        defer { package.remove() }
        let rules = package.root.appendingPathComponent("Tools/BoundaryRules.txt")
        try Data("library Greeting\nlibrary Gallery\nimports Greeting:\nimports Gallery:\n".utf8).write(to: rules)
        try build(package)
        let run = try runBuiltBoundaryCheck([], in: package.root)
        #expect(run.status == 2)
        #expect(
            run.output
                == "boundary-check: Tools/BoundaryRules.txt names Gallery, which is not a target of "
                + "\(package.root.path)/Package.swift; name the package's targets in the rules\n")
    }

    @Test("Sources edited after the build last compiled the module stop the check (2) with advice to build first")
    func sourcesChangedSinceTheBuild() throws {
        let package = try ownPackage()
        defer { package.remove() }
        try build(package)
        // The record `swift build` rewrites each time it compiles Greeting, even when the module stays the same.
        let records = package.root.appendingPathComponent(".build/debug/Greeting.build")
        try FileManager.default.createDirectory(at: records, withIntermediateDirectories: true)
        let priors = records.appendingPathComponent("primary.priors")
        _ = FileManager.default.createFile(atPath: priors.path, contents: Data())
        let source = package.root.appendingPathComponent("Sources/Greeting/Greeting.swift")
        let now = Date()
        try FileManager.default.setAttributes(
            [.modificationDate: now.addingTimeInterval(-60)], ofItemAtPath: priors.path)
        try FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: source.path)
        let stale = try runBuiltBoundaryCheck([], in: package.root)
        #expect(stale.status == 2)
        #expect(
            stale.output
                == "boundary-check: Greeting changed since it was built in \(package.root.path)/.build/debug; build "
                + "first: swift build --package-path \(package.root.path)\n")
        try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(1)], ofItemAtPath: priors.path)
        let rebuilt = try runBuiltBoundaryCheck([], in: package.root)
        #expect(rebuilt.status == 0, "\(rebuilt.output)\(rebuilt.errors)")
    }

    @Test("With --package-path it checks that package against that package's build, not the running one's")
    func packagePathUsesThatPackagesBuild() throws {
        let package = try ownPackage()
        defer { package.remove() }
        let elsewhere = try emptyFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let unbuilt = try runBuiltBoundaryCheck(["--package-path", package.root.path], in: elsewhere)
        #expect(unbuilt.status == 2)
        #expect(
            unbuilt.output.contains("first: swift build --package-path \(package.root.path) "), "\(unbuilt.output)")
        try build(package)
        let built = try runBuiltBoundaryCheck(["--package-path", package.root.path], in: elsewhere)
        #expect(built.status == 0, "\(built.output)\(built.errors)")
        #expect(built.output.contains("1 module, every boundary holds"))
    }

    @Test("--modules names the built modules instead of the package's build")
    func modulesOverridesTheBuild() throws {
        let package = try ownPackage()
        defer { package.remove() }
        try build(package)
        let modules = package.root.appendingPathComponent("elsewhere/Modules")
        try FileManager.default.createDirectory(
            at: modules.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: package.root.appendingPathComponent(".build/debug/Modules"), to: modules)
        let run = try runBuiltBoundaryCheck(["--modules", modules.path], in: package.root)
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("1 module, every boundary holds"))
    }

    @Test(
        "A folder an option names that does not exist is a usage error (64) that says so",
        arguments: ["--package-path", "--modules", "--symbol-graphs"])
    func missingFolderIsAUsageError(option: String) throws {
        let package = try ownPackage()
        defer { package.remove() }
        try build(package)
        let missing = package.root.appendingPathComponent("nonexistent").path
        let run = try runBuiltBoundaryCheck([option, missing], in: package.root)
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("boundary-check: \(option) \(missing): the directory does not exist\n\nusage:"))
    }

    @Test("Without baselines, its note names the command that records them as the person runs it there")
    func noBaselinesNoteNamesTheUpdateCommand() throws {
        let package = try ownPackage()
        defer { package.remove() }
        var checker = try BoundaryChecker(
            packageRoot: package.root, modulesDirectory: package.root.appendingPathComponent(".build/debug/Modules"))
        checker.updateCommand = "swift package --allow-writing-to-package-directory update-boundary-baselines"
        #expect(
            checker.notes == [
                "no baselines recorded in Tools/Baselines; checking the rules alone until `swift package "
                    + "--allow-writing-to-package-directory update-boundary-baselines` records them"
            ])
    }

    @Test("Each plugin's usage names its own command and offers only --verbose, the option it takes")
    func pluginUsages() {
        let check = CheckCommand.usage("swift package check-boundaries", plugin: true)
        let update = CheckCommand.usage(
            "swift package --allow-writing-to-package-directory update-boundary-baselines", plugin: true,
            updating: true)
        #expect(check.hasPrefix("usage: swift package check-boundaries [--verbose]\n"), "\(check)")
        #expect(
            update.hasPrefix(
                "usage: swift package --allow-writing-to-package-directory update-boundary-baselines [--verbose]\n"),
            "\(update)")
        for usage in [check, update] {
            for refused in ["--update-baselines", "--modules", "--symbol-graphs", "[--package-path"] {
                #expect(!usage.contains(refused), "\(refused) in \(usage)")
            }
        }
        #expect(CheckCommand.usage("swift run boundary-check").contains("[--update-baselines]"))
    }

    @Test("--update-baselines leaves a baseline whose lines match, whichever command its header names")
    func updateKeepsAMatchingBaselineWhateverItsHeader() throws {
        let package = try ownPackage()
        defer { package.remove() }
        try build(package)
        let first = try runBuiltBoundaryCheck(["--update-baselines"], in: package.root)
        #expect(first.status == 0, "\(first.output)\(first.errors)")
        #expect(first.output.contains("boundary-check: rewrote Tools/Baselines/Greeting.txt"), "\(first.output)")
        let baseline = package.root.appendingPathComponent("Tools/Baselines/Greeting.txt")
        let written = try String(contentsOf: baseline, encoding: .utf8)
        let byThePlugin = written.replacingOccurrences(
            of: "swift run boundary-check --update-baselines",
            with: "swift package --allow-writing-to-package-directory update-boundary-baselines")
        #expect(byThePlugin != written)
        try Data(byThePlugin.utf8).write(to: baseline)
        let again = try runBuiltBoundaryCheck(["--update-baselines"], in: package.root)
        #expect(again.status == 0, "\(again.output)\(again.errors)")
        #expect(again.output.contains("every baseline already matches the built modules"), "\(again.output)")
        #expect(try String(contentsOf: baseline, encoding: .utf8) == byThePlugin)
    }

    @Test("In a folder with no Package.swift above it, it says so and exits 2")
    func noPackage() throws {
        let folder = try emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runBuiltBoundaryCheck([], in: folder)
        #expect(run.status == 2)
        #expect(run.output.hasPrefix("boundary-check: no Package.swift in \(folder.path) or any folder above it"))
    }
}
