import Foundation
import PackageReading

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
    /// - Parameter fixture: paths under `Fixtures`, each a `.swift` file or a directory whose `.swift` files all
    ///   count; a violation is the clean feature plus a file that adds only the violation:
    ///   `["CleanFeature", "Violations/OpenClass.swift"]`.
    static func compile(
        _ fixture: [String], name: String = "DemoFeature", extraArguments: [String] = []
    ) throws -> FixtureModule {
        let toolchain = try Toolchain.locate()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("boundary-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let module = FixtureModule(directory: directory, name: name, toolchain: toolchain)
        do {
            try Fixture.compileCore(into: directory)
            let sources = try fixture.flatMap { try swiftSources(at: Fixture.directory.appendingPathComponent($0)) }
            let result = try Toolchain.run(
                toolchain.compiler,
                [
                    "-emit-module", "-wmo", "-module-name", name, "-parse-as-library", "-swift-version", "6",
                    "-emit-module-path", directory.appendingPathComponent("\(name).swiftmodule").path,
                    "-I", directory.path,
                ] + extraArguments + sources)
            guard result.status == 0 else { throw FixtureError.compileFailed(result.output) }
        } catch {
            module.remove()
            throw error
        }
        return module
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
    case noFolder(String)
}
