import Core
import CoreTesting
import Testing

@Suite("Exploring with workers")
@MainActor
struct ExplorationWorkerTests {
    /// What `explore` finds alone and with `workers` workers in this process, each made with the same arguments.
    static func alone(
        andWith workers: Int, depth: Int, stateBudget: Int = 1_000, deepLinks: [ExplorationDeepLink] = [],
        sampleText: @escaping @MainActor (String, TextField) -> String = { _, _ in "sample" },
        start: @escaping @MainActor () throws -> ExplorationSubject
    ) throws -> (alone: ExplorationReport, shared: ExplorationReport) {
        let alone = try explore(
            depth: depth, stateBudget: stateBudget, deepLinks: deepLinks, sampleText: sampleText, start: start)
        let channels = (0..<workers).map { _ in
            ExplorationWorker(
                depth: depth, stateBudget: stateBudget, deepLinks: deepLinks, sampleText: sampleText, start: start)
        }
        let shared = try explore(
            depth: depth, stateBudget: stateBudget, deepLinks: deepLinks, sampleText: sampleText, workers: channels,
            start: start)
        return (alone, shared)
    }

    static func expectSameFindings(_ reports: (alone: ExplorationReport, shared: ExplorationReport)) {
        #expect(reports.shared.summary == reports.alone.summary)
        #expect(reports.shared.states == reports.alone.states, "the same states, found in the same order")
        #expect(reports.shared.violations == reports.alone.violations)
        #expect(reports.shared.reachedStateBudget == reports.alone.reachedStateBudget)
    }

    @Test("Workers sharing each level find the states, in the same order, and the transitions one explorer finds")
    func sameStatesAndTransitions() throws {
        for workers in [1, 2, 3] {
            let reports = try Self.alone(andWith: workers, depth: 4) { try TabsParent.subject() }
            Self.expectSameFindings(reports)
            #expect(reports.shared.stateCount == 8, "\(workers) workers")
        }
    }

    @Test("Workers find the violations one explorer finds, in the same order, with the same scripts")
    func sameViolations() throws {
        let drift = try Self.alone(andWith: 2, depth: 4, sampleText: { _, _ in "ada" }) {
            try DetailParent.subject(plantsDrift: true)
        }
        Self.expectSameFindings(drift)
        #expect(drift.shared.violations.count >= 2, "\(drift.shared)")
        let trap = try Self.alone(andWith: 2, depth: 4, sampleText: { _, _ in "ada" }) { TrapParent.subject() }
        Self.expectSameFindings(trap)
        #expect(trap.shared.violations.contains { $0.invariant == .wayBackToStart }, "\(trap.shared)")
    }

    @Test("A refused link that changed the screens and an object left alive are found by a worker too")
    func refusalsAndLeaks() throws {
        defer { Kept.objects.removeAll() }
        let reports = try Self.alone(andWith: 2, depth: 2, deepLinks: Kept.misbehavingLinks) {
            try DetailParent.subject()
        }
        Self.expectSameFindings(reports)
        #expect(reports.shared.violations.contains { $0.invariant == .refusedInputChangedNothing })
        #expect(reports.shared.violations.contains { $0.invariant == .nothingLeftAlive && $0.path == [.deepLink(1)] })
    }

    @Test("The state budget stops workers where it stops one explorer")
    func stateBudget() throws {
        let reports = try Self.alone(andWith: 2, depth: 4, stateBudget: 5) { try TabsParent.subject() }
        Self.expectSameFindings(reports)
        #expect(reports.shared.stateCount == 5)
        #expect(reports.shared.reachedStateBudget)
    }

    @Test("A worker refuses a message it cannot read, and an answer to no request")
    func damagedMessages() throws {
        let worker = ExplorationWorker(depth: 2) { try DetailParent.subject() }
        for message in ["", "7;", "1;5;", "1;0;0;1;99;"] {
            #expect(throws: ExplorationWireError.self, "\(message)") {
                try worker.respond(to: Array(message.utf8))
            }
        }
        #expect(throws: ExplorationWireError.self) { try worker.receive() }
    }
}
