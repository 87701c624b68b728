import BoundaryCheck
import Testing

/// The boundaries of ProfileFeature, checked wherever a change to it is tested (see `ModuleBoundary`): its
/// public surface against its baseline in Tools/Baselines, the feature rules, its internals and its probes.
@Suite("ProfileFeature's boundaries")
struct ProfileFeatureBoundaryTests {
    @Test("ProfileFeature keeps its baseline, the feature rules, its internals and its probes")
    func boundariesHold() async throws {
        let boundary = try ModuleBoundary.check("ProfileFeature")
        #expect(boundary.violations.isEmpty, "\(boundary)")
    }
}
