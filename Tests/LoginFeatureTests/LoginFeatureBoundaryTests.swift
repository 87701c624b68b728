import BoundaryCheck
import Testing

/// The boundaries of LoginFeature, checked wherever a change to it is tested (see `ModuleBoundary`): its
/// public surface against its baseline in Tools/Baselines, the feature rules, its internals and its probes.
@Suite("LoginFeature's boundaries")
struct LoginFeatureBoundaryTests {
    @Test("LoginFeature keeps its baseline, the feature rules, its internals and its probes")
    func boundariesHold() async throws {
        let boundary = try ModuleBoundary.check("LoginFeature")
        #expect(boundary.violations.isEmpty, "\(boundary)")
    }
}
