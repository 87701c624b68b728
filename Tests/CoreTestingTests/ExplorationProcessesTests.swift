import Core
import ExecutableTesting
import Foundation
import Testing

@testable import CoreTesting

/// Processes sharing the levels of an exploration find what one process finds, and report what it reports; what a
/// process hands the others reads back whole, and bytes that are not a whole part read as none, so the first
/// process tries that part itself.
@Suite("Levels shared between processes")
@MainActor
struct ExplorationProcessesTests {
    @Test(
        "Two or three processes find the states one finds, in its order, and report its violations, a leak of two inputs together included"
    )
    func sharedLevelsFindWhatOneProcessFinds() throws {
        // The fixture, a process of one thread where the explorer may fork: a tab bar whose tabs leak alone, or by
        // two inputs of one app together, and a deep link that leaks. Which app takes which input depends on how
        // the processes share the work; what is reported does not.
        let folder = ScratchSpace.directory
        let alone = try BuiltExecutable.run("ExplorationFixture", ["3", "1"], in: folder)
        #expect(alone.status == 0, "\(alone.errors)")
        #expect(alone.output.hasSuffix("explored 6 states, 32 transitions, 7 violations\n"), "\(alone.output)")
        for coordinator in ["LinkedCoordinator", "ShownCoordinator", "ArmedCoordinator"] {
            #expect(alone.output.contains("still alive: coordinator \(coordinator)"), "\(alone.output)")
        }
        for processes in ["2", "3"] {
            let shared = try BuiltExecutable.run("ExplorationFixture", ["3", processes], in: folder)
            #expect(shared.status == 0 && shared.errors.isEmpty, "\(shared.errors)")
            #expect(shared.output == alone.output, "\(processes) processes")
        }
    }

    @Test("Giving up every way back after one try finds and reports what trying each every time finds")
    func givingUpWaysBack() throws {
        let subjects: [(depth: Int, links: [ExplorationDeepLink], start: @MainActor () throws -> ExplorationSubject)] =
            [
                (4, [], { try DetailParent.subject() }), (4, [], { TrapParent.subject() }),
                (2, Kept.misbehavingLinks, { try DetailParent.subject() }),
            ]
        for (depth, links, start) in subjects {
            var reports: [ExplorationReport] = []
            for tries in [Int.max, 0] {
                let explorer = Explorer(
                    depth: depth, stateBudget: 100, deepLinks: links, sampleText: { _, _ in "ada" }, start: start)
                explorer.triesBeforeGivingUpAWayBack = tries
                reports.append(try explorer.run())
                Kept.objects = []
            }
            #expect(reports[0].states == reports[1].states && reports[0].transitions == reports[1].transitions)
            #expect(reports[0].violations == reports[1].violations)
        }
    }

    /// A part with a step to a known state, a step to a new one with all it read there, and a violation whose path
    /// holds every kind of input.
    static let part: Explorer.Part = {
        var reading = Explorer.Replay()
        reading.keyDigest = .init(first: 3, second: 4)
        reading.navigationDigest = .init(first: 5, second: 6)
        reading.key = "  login \"Log in\" (on top)\n    field email \"Email\" — ünïcode"
        reading.script = ["set email demo@example.com", "login"]
        reading.enabledActions = ["login", "signup"]
        reading.containerInputs = [.tab("feed"), .sizeClass(.regular)]
        reading.exactDigest = .init(first: 7, second: 8)
        let inputs: [ExplorationInput] = [
            .action("login"), .back, .swipeBack(finished: true), .swipeDown(finished: false), .deepLink(2),
            .tab("profile"), .swipePage(next: false, finished: true), .sizeClass(.compact),
        ]
        let violation = ExplorationViolation(
            invariant: .nothingLeftAlive, message: "after back, 1 screen", path: inputs, script: ["back", ""])
        return Explorer.Part(
            steps: [
                .init(state: 4, input: 0, keyDigest: .init(first: 1, second: 2), new: nil),
                .init(state: 4, input: 3, keyDigest: reading.keyDigest, new: reading),
            ],
            violations: [violation, violation], expanded: [4, 9, 6])
    }()

    @Test(
        "A part reads back as written: its steps, what was read at a new state, its violations and the states tried, in order"
    )
    func roundTrip() throws {
        let read = try #require(Explorer.Part(decoding: Self.part.encoded()))
        #expect(read.steps.map(\.state) == [4, 4] && read.steps.map(\.input) == [0, 3])
        #expect(read.steps.map(\.keyDigest) == Self.part.steps.map(\.keyDigest))
        #expect(read.steps[0].new == nil)
        let new = try #require(read.steps[1].new)
        let written = try #require(Self.part.steps[1].new)
        #expect(new.key == written.key)
        #expect(new.navigationDigest == written.navigationDigest && new.keyDigest == written.keyDigest)
        #expect(new.script == written.script && new.enabledActions == written.enabledActions)
        #expect(new.containerInputs == written.containerInputs)
        #expect(new.exactDigest == written.exactDigest && new.typedExactDigest == nil)
        #expect(read.violations == Self.part.violations)
        #expect(read.expanded == [4, 9, 6])
    }

    @Test(
        "A queue gives its owner its states from the first and another process from the last, each once, and starts again at the next level"
    )
    func queues() throws {
        let queues = try #require(ExplorationQueues(count: 2))
        func claim(_ queue: Int, level: Int = 3, fromFront: Bool) -> Int? {
            queues.claim(in: queue, level: level, length: 4, fromFront: fromFront)
        }
        #expect(claim(0, fromFront: true) == 0)
        #expect(claim(0, fromFront: false) == 3)
        #expect(claim(0, fromFront: true) == 1)
        #expect(claim(0, fromFront: false) == 2)
        #expect(claim(0, fromFront: true) == nil && claim(0, fromFront: false) == nil)
        #expect(claim(1, fromFront: false) == 3, "another queue is its own")
        #expect(claim(0, level: 4, fromFront: true) == 0, "a new level fills the queue again")
        #expect(queues.claim(in: 2, level: 3, length: 4, fromFront: true) == nil, "no such process")
    }

    @Test("Bytes cut short, or with more after the part, or with a byte changed to what no part holds, read as none")
    func damagedParts() {
        let bytes = Self.part.encoded()
        for length in [0, 1, 8, bytes.count / 2, bytes.count - 1] {
            #expect(Explorer.Part(decoding: Array(bytes.prefix(length))) == nil, "cut at \(length)")
        }
        #expect(Explorer.Part(decoding: bytes + [0]) == nil)
        // The first step's count of steps, made larger than the bytes could hold.
        var tooMany = bytes
        tooMany[7] = 0x7f
        #expect(Explorer.Part(decoding: tooMany) == nil)
        #expect(Explorer.Part(decoding: [UInt8](repeating: 0xff, count: 64)) == nil)
    }
}
