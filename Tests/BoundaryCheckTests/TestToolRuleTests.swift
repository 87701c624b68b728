import Foundation
import PackageReading
import Testing

@testable import BoundaryCheck

/// `test-tool: T…`: a target that drives the package as tests do may use the test-only modules.
@Suite("The test-tool rule")
struct TestToolRuleTests {
    @Test("Test targets and named test tools may use test-only modules; other targets may not")
    func testToolsMayUseTestOnlyModules() throws {
        let rules = try BoundaryRules.parse("test-only: CoreTesting\ntest-tool: Explore\n", file: "rules")
        #expect(rules.testOnly == ["CoreTesting"])
        #expect(rules.testTools == ["Explore"])
        #expect(rules.mayUseTestOnlyModules(try Fixture.target("Explore", kind: "executable")))
        #expect(rules.mayUseTestOnlyModules(try Fixture.target("CoreTests", kind: "test")))
        #expect(!rules.mayUseTestOnlyModules(try Fixture.target("Benchmarks", kind: "executable")))
    }

    @Test("A test-tool line with a subject is an invalid rule")
    func malformed() {
        #expect(throws: ToolError.self) { try BoundaryRules.parse("test-tool Explore: X\n", file: "rules") }
    }
}
