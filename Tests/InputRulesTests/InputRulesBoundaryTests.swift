import BoundaryCheck
import Testing

/// The boundaries of InputRules, checked wherever a change to it is tested (see `ModuleBoundary`): its
/// public surface against its baseline in Tools/Baselines, its internals and its probes.
@Suite("InputRules's boundaries")
struct InputRulesBoundaryTests {
    @Test("InputRules keeps its baseline, its internals and its probes")
    func boundariesHold() throws {
        let boundary = try ModuleBoundary.check("InputRules")
        #expect(boundary.violations.isEmpty, "\(boundary)")
    }
}
