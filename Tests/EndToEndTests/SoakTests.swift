import AppTerminal
import AppTesting
import Core
import Testing

/// Input that hands the app one cycle of commands per read and counts the live coordinators and screens just
/// before each one: the app reads again only once every command it holds has run, so each count is taken
/// between two whole cycles.
final class CycleInput: AppMain.ByteInput {
    /// The live coordinators and screens at one moment.
    struct LiveCounts: Equatable, CustomStringConvertible {
        let coordinators: Int
        let screens: Int

        var description: String { "\(coordinators) coordinators, \(screens) screens" }
    }

    private let cycles: [[String]]
    private var nextCycle = 0
    /// The counts before each cycle, and one more at the end of the input.
    private(set) var counts: [LiveCounts] = []

    init(cycles: [[String]]) {
        self.cycles = cycles
    }

    var isTerminal: Bool { false }

    func read(maximumCount: Int) -> [UInt8] {
        counts.append(
            MainActor.assumeIsolated {
                LiveCounts(coordinators: LiveObjects.coordinatorCount, screens: LiveObjects.screenCount)
            })
        guard nextCycle < cycles.count else { return [] }
        defer { nextCycle += 1 }
        return Array(cycles[nextCycle].map { $0 + "\n" }.joined().utf8)
    }

    func setEcho(_ isOn: Bool) {}
}

@Suite("Soak: repeated flows in one process leave no coordinator or screen behind")
@MainActor
struct SoakTests {
    /// A leak shows as a count one cycle higher than the last, so a few cycles prove each one returns to the
    /// start; the benchmarks' soak runs hundreds and watches the resident memory.
    static let logInCycles = 5
    static let composeCycles = 40
    static let logIn = ["set email demo@example.com", "set password demo-password", "login"]

    @Test(
        "5 log-in/profile/log-out cycles, then 40 compose/dismiss cycles: every cycle starts at the first one's counts"
    )
    func cyclesReturnToBaseline() async throws {
        // The composed app over the in-memory twin: what is soaked is the tree and the screens, not the database.
        let data = InMemoryData()
        let before = CycleInput.LiveCounts(
            coordinators: LiveObjects.coordinatorCount, screens: LiveObjects.screenCount)
        let input = CycleInput(
            cycles: Array(
                repeating: Self.logIn + ["state", "tab profile", "open app://profile/edit", "cancel", "logout"],
                count: Self.logInCycles) + [Self.logIn]
                + Array(
                    repeating: [
                        "compose", "set text draft", "cancel", "discard", "open app://feed/compose", "state", "dismiss",
                    ],
                    count: Self.composeCycles) + [["tab profile", "logout"]])
        let run = await data.run(input: input)
        #expect(run.status == 0, "\(run.error)")

        // Every cycle ran: each log-in reached the feed, each compose showed the sheet.
        let tops = run.states.map(\.top)
        #expect(tops.count == Self.logInCycles + Self.composeCycles)
        #expect(tops.prefix(Self.logInCycles).allSatisfy { $0 == "feed.latest" })
        #expect(tops.dropFirst(Self.logInCycles).allSatisfy { $0 == "feed.compose" })

        let counts = input.counts
        try #require(counts.count == Self.logInCycles + Self.composeCycles + 3)
        // Logged out: AppCoordinator + LoginCoordinator; login.navigation + login.
        let loggedOut = CycleInput.LiveCounts(coordinators: before.coordinators + 2, screens: before.screens + 2)
        // Logged in: AppCoordinator + Main + Feed + two lists; the tab bar, feed.split, feed.navigation, feed.detail,
        // profile.navigation, feed, feed.latest, feed.popular (Profile is built only once its tab is selected).
        let loggedIn = CycleInput.LiveCounts(coordinators: before.coordinators + 5, screens: before.screens + 8)
        let logInStarts = Array(counts.prefix(Self.logInCycles + 1))
        let composeStarts = Array(counts.dropFirst(Self.logInCycles + 1).prefix(Self.composeCycles + 1))
        let firstLogInLeak = logInStarts.firstIndex { $0 != loggedOut }
        let firstComposeLeak = composeStarts.firstIndex { $0 != loggedIn }
        #expect(
            firstLogInLeak == nil,
            "after log-in cycle \(firstLogInLeak ?? 0): \(logInStarts[firstLogInLeak ?? 0]), not \(loggedOut)")
        #expect(
            firstComposeLeak == nil,
            "after compose cycle \(firstComposeLeak ?? 0): \(composeStarts[firstComposeLeak ?? 0]), not \(loggedIn)")
        #expect(counts.last == loggedOut)
        #expect(LiveObjects.coordinatorCount == before.coordinators && LiveObjects.screenCount == before.screens)
    }
}
