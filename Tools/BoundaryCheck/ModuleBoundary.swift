public import Foundation
public import PackageReading

/// The boundaries of one checked module, as its own test target checks them, so a change to a module checks that
/// module: its public surface against its baseline, the feature rules (for a feature), its internals probe, and
/// the probes of `Tools/Probes` that belong to it (see ``CompileProbe/owner(of:rules:)``).
///
/// What only the whole package can answer (the import graph, baselines of modules that are gone, probes that
/// compose several features) is left to `swift run boundary-check`, which checks everything.
///
/// Each checked module's test target holds one test that calls it:
///
/// ```swift
/// @Test("FeedFeature keeps its baseline, its feature rules and its internals")
/// func boundariesHold() throws {
///     let boundary = try ModuleBoundary.check("FeedFeature")
///     #expect(boundary.violations.isEmpty, "\(boundary)")
/// }
/// ```
public struct ModuleBoundary: Sendable, CustomStringConvertible {
    /// The module checked.
    public let module: String
    /// Every broken boundary of the module; empty when all hold.
    public let violations: [Violation]
    /// How many internal declarations the access probe named from outside.
    public let probedCount: Int
    /// The internal declarations the access probe could not name, each with the reason.
    public let skipped: [String]

    /// The violations, one paragraph each, or a line saying that every boundary holds.
    public var description: String {
        guard !violations.isEmpty else {
            let declarations = probedCount == 1 ? "declaration" : "declarations"
            return "\(module): every boundary holds (\(probedCount) internal \(declarations) probed)"
        }
        return "\(module): \(violations.count) violation(s)\n\n"
            + violations.map(\.description).joined(separator: "\n\n")
    }

    /// Checks `module` of the package that holds `testFile` (the nearest folder above it with a `Package.swift`)
    /// against the modules of the build that is running, the test bundle's own build.
    ///
    /// - Parameter testFile: the calling test's file, which locates the package; leave it to its default.
    public static func check(_ module: String, testFile: String = #filePath) throws(ToolError) -> ModuleBoundary {
        let checker = try BoundaryChecker(
            packageRoot: try packageRoot(containing: URL(fileURLWithPath: testFile)),
            modulesDirectory: try BoundaryChecker.runningBuildModules())
        return try checker.checkModule(module)
    }

    /// The nearest folder above `file` that holds a `Package.swift`.
    public static func packageRoot(containing file: URL) throws(ToolError) -> URL {
        guard let root = PackageLocation.enclosingPackage(of: file.standardizedFileURL.deletingLastPathComponent())
        else { throw .unreadable("no Package.swift in any folder above \(file.path)") }
        return root
    }
}

extension BoundaryChecker {
    /// The boundaries of `module` alone: its feature rules, its baseline, its access probe and its own probes.
    ///
    /// A feature's probe must name something, since a feature keeps its screens and coordinators internal; a
    /// module the rules do not check is refused, for then nothing would be checked.
    public func checkModule(_ module: String) throws(ToolError) -> ModuleBoundary {
        guard rules.checkedModules.contains(module) else {
            throw .invalidRule(
                "\(rulesPath) does not check \(module); add `library \(module)` or `feature \(module): <Prefix>`")
        }
        var violations = try checkFeatureRules(of: module) + checkBaseline(of: module)
        let internals = try checkInternals(of: module)
        violations += internals.violations
        if rules.feature(module) != nil, internals.probedCount == 0 {
            violations.append(
                Violation(
                    rule: "internal-probe", location: module,
                    problem: "the access probe of \(module) named nothing, yet a feature keeps its screens and "
                        + "coordinators internal",
                    fix: "build with `swift build` (debug builds enable testing, which the probe's control needs), "
                        + "and check that the module's internal declarations reach its symbol graph"))
        }
        violations += try checkCompileProbes(of: module)
        return ModuleBoundary(
            module: module, violations: violations, probedCount: internals.probedCount, skipped: internals.skipped)
    }

    /// The violations of the probes of `Tools/Probes` that belong to `module`.
    public func checkCompileProbes(of module: String) throws(ToolError) -> [Violation] {
        try CompileProbe.violations(
            directory: packageRoot.appendingPathComponent("Tools/Probes"), modulesDirectory: modulesDirectory,
            toolchain: toolchain, displayRoot: packageRoot, answersDirectory: answersCacheDirectory,
            including: { CompileProbe.owner(of: $0, rules: rules) == module })
    }
}
