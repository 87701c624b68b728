import BoundaryCheck
import Testing

/// The boundaries of CoreTesting, checked wherever a change to it is tested (see `ModuleBoundary`): its
/// public surface against its baseline in Tools/Baselines, its internals and its probes.
@Suite("CoreTesting's boundaries")
struct CoreTestingBoundaryTests {
    @Test("CoreTesting keeps its baseline, its internals and its probes")
    func boundariesHold() throws {
        let boundary = try ModuleBoundary.check("CoreTesting")
        #expect(boundary.violations.isEmpty, "\(boundary)")
    }
}
