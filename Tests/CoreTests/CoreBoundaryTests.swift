import BoundaryCheck
import Testing

/// The boundaries of Core, checked wherever a change to it is tested (see `ModuleBoundary`): its
/// public surface against its baseline in Tools/Baselines, its internals and its probes.
@Suite("Core's boundaries")
struct CoreBoundaryTests {
    @Test("Core keeps its baseline, its internals and its probes")
    func boundariesHold() throws {
        let boundary = try ModuleBoundary.check("Core")
        #expect(boundary.violations.isEmpty, "\(boundary)")
    }
}
