import BoundaryCheck
import Testing

/// The boundaries of FeedFeature, checked wherever a change to it is tested (see `ModuleBoundary`): its
/// public surface against its baseline in Tools/Baselines, the feature rules, its internals and its probes.
@Suite("FeedFeature's boundaries")
struct FeedFeatureBoundaryTests {
    @Test("FeedFeature keeps its baseline, the feature rules, its internals and its probes")
    func boundariesHold() async throws {
        let boundary = try ModuleBoundary.check("FeedFeature")
        #expect(boundary.violations.isEmpty, "\(boundary)")
    }
}
