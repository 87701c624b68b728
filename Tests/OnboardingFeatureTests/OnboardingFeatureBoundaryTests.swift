import BoundaryCheck
import Testing

/// The boundaries of OnboardingFeature, checked wherever a change to it is tested (see `ModuleBoundary`): its
/// public surface against its baseline in Tools/Baselines, the feature rules, its internals and its probes.
@Suite("OnboardingFeature's boundaries")
struct OnboardingFeatureBoundaryTests {
    @Test("OnboardingFeature keeps its baseline, the feature rules, its internals and its probes")
    func boundariesHold() async throws {
        let boundary = try ModuleBoundary.check("OnboardingFeature")
        #expect(boundary.violations.isEmpty, "\(boundary)")
    }
}
