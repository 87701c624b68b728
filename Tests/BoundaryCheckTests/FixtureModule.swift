import ExecutableTesting
import Foundation
import PackageReading
import Synchronization

@testable import BoundaryCheck

/// A fixture's sources compiled into a module of its own, in a temporary directory, against the stand-in Core
/// compiled beside it.
struct FixtureModule {
    /// The directory holding the compiled `.swiftmodule` and the stand-in Core it imports.
    let directory: URL
    /// The module's name.
    let name: String
    let toolchain: Toolchain

    /// Compiles the Swift sources of `fixture` into module `name`. Extra compiler arguments come last.
    ///
    /// Each distinct module is compiled once for the whole test run and copied from there into a directory of
    /// the test's own, which the test may change.
    ///
    /// - Parameter fixture: paths under `Fixtures`, each a `.swift` file or a directory whose `.swift` files all
    ///   count; a violation is the clean feature plus a file that adds only the violation:
    ///   `["CleanFeature", "Violations/OpenClass.swift"]`.
    static func compile(
        _ fixture: [String], name: String = "DemoFeature", extraArguments: [String] = []
    ) throws -> FixtureModule {
        let toolchain = try Toolchain.locate()
        let key = (fixture + [name] + extraArguments).joined(separator: "\u{0}")
        let compilation = compilations.withLock { known in
            if let compilation = known[key] { return compilation }
            let compilation = Compilation()
            known[key] = compilation
            return compilation
        }
        let compiled = try compilation.directory {
            try compileOnce(fixture, name: name, extraArguments: extraArguments, toolchain: toolchain)
        }
        let directory = ScratchSpace.directory.appendingPathComponent("boundary-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let module = FixtureModule(directory: directory, name: name, toolchain: toolchain)
        do {
            try Fixture.copyContents(of: compiled, into: directory)
        } catch {
            module.remove()
            throw error
        }
        return module
    }

    /// The compilations so far, by the fixture, the module's name and the extra arguments.
    private static let compilations = Mutex<[String: Compilation]>([:])

    /// One compilation of a fixture module, shared by the tests that compile the same one: the first compiles it
    /// while the others wait, then all copy it.
    private final class Compilation: Sendable {
        private let outcome = Mutex<Result<URL, any Error>?>(nil)

        /// The directory of the compiled module, compiled by `compile` the first time it is asked for.
        func directory(compiling compile: () throws -> URL) throws -> URL {
            try outcome.withLock { outcome in
                if let outcome { return try outcome.get() }
                let result = Result { try compile() }
                outcome = result
                return try result.get()
            }
        }
    }

    /// Compiles the module into a new directory of the run's fixture builds, beside the stand-in Core.
    private static func compileOnce(
        _ fixture: [String], name: String, extraArguments: [String], toolchain: Toolchain
    ) throws -> URL {
        let directory = try Fixture.compiledDirectory(name)
        try Fixture.compileCore(into: directory)
        let sources = try fixture.flatMap { try swiftSources(at: Fixture.directory.appendingPathComponent($0)) }
        let result = try Toolchain.run(
            toolchain.compiler,
            [
                "-emit-module", "-wmo", "-module-name", name, "-parse-as-library", "-swift-version", "6",
                "-emit-module-path", directory.appendingPathComponent("\(name).swiftmodule").path,
                "-I", directory.path,
            ] + extraArguments + sources)
        guard result.status == 0 else {
            try? FileManager.default.removeItem(at: directory)
            throw FixtureError.compileFailed(result.output)
        }
        return directory
    }

    /// The `.swift` file at `location`, or the `.swift` files of the directory at `location`, sorted.
    private static func swiftSources(at location: URL) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) else {
            throw FixtureError.missingSource(location.path)
        }
        guard isDirectory.boolValue else { return [location.path] }
        return try FileManager.default.contentsOfDirectory(at: location, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.map(\.path).sorted()
    }

    /// The module's surface at `minimumAccessLevel`.
    func surface(minimumAccessLevel: String = "public") throws -> ModuleSurface {
        try ModuleSurface.extract(
            module: name, modulesDirectory: directory, minimumAccessLevel: minimumAccessLevel, toolchain: toolchain)
    }

    /// The access probe of the module's internal declarations (compile it with `-enable-testing`), each probe
    /// line written by `referencing`.
    func accessProbe(
        referencing: (SurfaceSymbol, String, Int) -> String? = AccessProbe.reference(to:module:index:)
    ) throws -> AccessProbe.Outcome {
        try AccessProbe.run(
            module: name, publicSurface: try surface(), internalSurface: try surface(minimumAccessLevel: "internal"),
            publicNames: [], modulesDirectory: directory, toolchain: toolchain, referencing: referencing)
    }

    /// The violations of the feature rules, with this package's rules for screen bases and suffixes.
    func featureViolations(prefix: String = "Demo") throws -> [Violation] {
        let rules = try requireRules()
        return FeatureSurfaceCheck.violations(
            surface: try surface(), internalSurface: try surface(minimumAccessLevel: "internal"),
            feature: BoundaryRules.Feature(module: name, prefix: prefix), rules: rules,
            rulesPath: "Tools/BoundaryRules.txt")
    }

    /// Removes the temporary directory.
    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func requireRules() throws -> BoundaryRules {
        guard let rules = Fixture.packageRules else { throw FixtureError.noRules }
        return rules
    }
}

enum FixtureError: Error {
    case compileFailed(String)
    case missingSource(String)
    case noRules
}
