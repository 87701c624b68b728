import AppInterface
import AppStandIn
import Core
import TerminalTesting
import Testing

@testable import AppTerminal

@Suite("The tree panel follows the coordinator tree's changes")
@MainActor
struct TreePanelChangesTests {
    @Test("The session reports each change of its tree as it happens, and the panel lists them under Changes")
    func panelListsTheChanges() async throws {
        let app = try StandInSession(showing: StandIn.home())
        var changes: [String] = []
        let observation = app.observeCoordinators { changes.append($0.description) }
        #expect(await app.start(restores: false, initialLink: nil) == .started(notice: nil, linkFailure: nil))
        defer { app.stop() }
        let compose = StandInCoordinator("ComposeCoordinator")

        try app.coordinator.addChild(compose)
        try app.coordinator.removeChild(compose)

        #expect(
            changes.suffix(4) == [
                "attached ComposeCoordinator to StandInCoordinator", "started ComposeCoordinator",
                "detached ComposeCoordinator from StandInCoordinator", "stopped ComposeCoordinator",
            ])
        let panel = ScreenModel(snapshot: app.snapshot(), notice: nil, treeChanges: changes).panel
            .map { $0.map(\.text).joined() }
        let changesAt = try #require(panel.firstIndex(of: "Changes"))
        #expect(
            Array(panel[(changesAt + 1)...]).suffix(2) == [
                "detached ComposeCoordinator from StandInCoordinator", "stopped ComposeCoordinator",
            ])
        observation?.cancel()
    }

    @Test("A panel taller than the screen keeps the newest changes under its heading, and drops the oldest")
    func newestChangesFit() async throws {
        let app = try StandInSession(showing: StandIn.home())
        #expect(await app.start(restores: false, initialLink: nil) == .started(notice: nil, linkFailure: nil))
        defer { app.stop() }
        let changes = (1...6).map { "change \($0)" }
        let model = ScreenModel(snapshot: app.snapshot(), notice: nil, treeChanges: changes)
        let whole = model.panel.map { $0.map(\.text).joined() }
        let heading = try #require(whole.firstIndex(of: "Changes"))
        #expect(Array(whole[(heading + 1)...]) == changes)
        // Room for the tree, the screens, the heading and two changes: the last two.
        let fitted = model.panel(fitting: heading + 3).map { $0.map(\.text).joined() }
        #expect(fitted == Array(whole[...heading]) + ["change 5", "change 6"])
        // Room for all of it: all of it; room for no change: the panel as it comes, cut by the screen.
        #expect(model.panel(fitting: whole.count).map { $0.map(\.text).joined() } == whole)
        #expect(model.panel(fitting: heading + 1).map { $0.map(\.text).joined() } == whole)
        // On a 120×24 terminal, forty changes: the frame shows the newest and not the oldest.
        let many = ScreenModel(
            snapshot: app.snapshot(), notice: nil, treeChanges: (1...40).map { "change \($0)" })
        let frame = ScreenLayout.frame(many, chrome: .init(), size: TerminalSize(columns: 120, rows: 24))
        // Each row's panel part, without the spaces that fill it.
        let rows = frame.rows.map { String($0.map(\.text).joined().reversed().drop { $0 == " " }.reversed()) }
        #expect(rows.contains { $0.hasSuffix(" change 40") } && !rows.contains { $0.hasSuffix(" change 1") })
        #expect(rows.contains { $0.contains("Changes") }, "\(rows.joined(separator: "\n"))")
    }

    @Test("Without changes the panel shows no Changes section")
    func noChanges() async throws {
        let app = try StandInSession(showing: StandIn.home())
        #expect(await app.start(restores: false, initialLink: nil) == .started(notice: nil, linkFailure: nil))
        defer { app.stop() }
        let panel = ScreenModel(snapshot: app.snapshot(), notice: nil).panel.map { $0.map(\.text).joined() }
        #expect(!panel.contains("Changes"))
    }
}
