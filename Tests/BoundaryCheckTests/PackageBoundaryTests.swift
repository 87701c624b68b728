import BoundaryCheck
import Testing

/// The real check: this package's built modules against its baselines, rules, import graph and probes.
@Suite("This package's module boundaries")
struct PackageBoundaryTests {
    @Test("The rules file parses and names the modules to check")
    func rulesParse() throws {
        let rules = try #require(PackageUnderTest.rules)
        #expect(rules.checkedModules.contains("Core"))
        #expect(!rules.features.isEmpty)
    }

    @Test("Each module's public surface matches its committed baseline", arguments: PackageUnderTest.checkedModules)
    func baselineMatches(module: String) throws {
        let violations = try PackageUnderTest.checker().checkBaseline(of: module)
        #expect(violations.isEmpty, "\(PackageUnderTest.report(violations))")
    }

    @Test("Every baseline file belongs to a checked module")
    func noStaleBaselines() throws {
        let violations = try PackageUnderTest.checker().checkStaleBaselines()
        #expect(violations.isEmpty, "\(PackageUnderTest.report(violations))")
    }

    @Test(
        "Each feature publishes only its builder roles and what they mention",
        arguments: PackageUnderTest.featureModules)
    func featureSurfaceFollowsRules(module: String) throws {
        let violations = try PackageUnderTest.checker().checkFeatureRules(of: module)
        #expect(violations.isEmpty, "\(PackageUnderTest.report(violations))")
    }

    @Test("Every target imports and depends on only what the import graph allows")
    func importsFollowGraph() throws {
        let violations = try PackageUnderTest.checker().checkImports()
        #expect(violations.isEmpty, "\(PackageUnderTest.report(violations))")
    }

    @Test(
        "Every internal type and member fails to compile when named from outside its module",
        arguments: PackageUnderTest.checkedModules)
    func internalsStayInternal(module: String) throws {
        let outcome = try PackageUnderTest.checker().checkInternals(of: module)
        if PackageUnderTest.featureModules.contains(module) {
            #expect(outcome.probedCount > 0, "the probe of \(module) named nothing, yet a feature has internal screens")
        }
        #expect(outcome.violations.isEmpty, "\(PackageUnderTest.report(outcome.violations))")
    }

    @Test("Features compose through their builders, and a mismatched presenter does not compile")
    func compileProbesBehave() throws {
        let violations = try PackageUnderTest.checker().checkCompileProbes()
        #expect(violations.isEmpty, "\(PackageUnderTest.report(violations))")
    }
}
