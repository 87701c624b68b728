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

    @Test("Without changes the panel shows no Changes section")
    func noChanges() async throws {
        let app = try StandInSession(showing: StandIn.home())
        #expect(await app.start(restores: false, initialLink: nil) == .started(notice: nil, linkFailure: nil))
        defer { app.stop() }
        let panel = ScreenModel(snapshot: app.snapshot(), notice: nil).panel.map { $0.map(\.text).joined() }
        #expect(!panel.contains("Changes"))
    }
}
