import BoundaryCheck
import Testing

/// The boundaries of SignUpFeature, checked wherever a change to it is tested (see `ModuleBoundary`): its
/// public surface against its baseline in Tools/Baselines, the feature rules, its internals and its probes.
@Suite("SignUpFeature's boundaries")
struct SignUpFeatureBoundaryTests {
    @Test("SignUpFeature keeps its baseline, the feature rules, its internals and its probes")
    func boundariesHold() async throws {
        let boundary = try ModuleBoundary.check("SignUpFeature")
        #expect(boundary.violations.isEmpty, "\(boundary)")
    }
}
