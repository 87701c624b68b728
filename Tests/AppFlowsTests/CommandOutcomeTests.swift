import AppData
import AppFlows
import AppInterface
import AppTesting
import Core
import FeedFeature
import Foundation
import Testing

@Suite("Command outcomes: what goes wrong while a command runs is that command's typed outcome")
@MainActor
struct CommandOutcomeTests {
    @Test("The terminal's width sets the window's: regular from 120 columns on, compact below; never refused")
    func resizeSetsTheWindowsWidth() async throws {
        let data = InMemoryData()
        let root = try data.compose()
        let session = FlowSession(root: root)
        #expect(root.appCoordinator.carryOut { root.appCoordinator.start() } == nil)
        defer { root.appCoordinator.stop() }
        #expect(root.window.horizontalSizeClass == .compact)

        #expect(await session.send(.resize(columns: SessionInput.regularWidthColumns)) == nil)
        #expect(root.window.horizontalSizeClass == .regular)
        #expect(await session.send(.resize(columns: SessionInput.regularWidthColumns - 1)) == nil)
        #expect(root.window.horizontalSizeClass == .compact)
    }

    @Test("A log-out that cannot be saved fails the logout command itself, and the next command succeeds")
    func logOutNotSaved() async throws {
        let data = InMemoryData()
        let root = try data.compose()
        let session = FlowSession(root: root)
        #expect(root.appCoordinator.carryOut { root.appCoordinator.start() } == nil)
        defer { root.appCoordinator.stop() }
        _ = await session.send(.setText("demo@example.com", field: "email"))
        _ = await session.send(.setText("demo-password", field: "password"))
        #expect(await session.send(.action("login")) == nil)
        #expect(await session.send(.tapTab("profile")) == nil)

        // The saved session cannot be removed, as on a full or read-only disk.
        data.store.logOutFailure = .unwritable(path: "app.sqlite", problem: "disk is full")

        let message = try #require(
            await session.send(.action("logout")), "the log-out that could not be saved succeeded")
        #expect(message.hasPrefix("the log-out could not be saved, so you are still logged in: "))
        #expect(session.afterCommand() == .goOn(notice: nil), "the failure is not reported a second time")
        #expect(await session.send(.tapTab("feed")) == nil, "still logged in, and not failing again")
        #expect(await session.send(.action("popular")) == nil)
    }

    @Test("Failures are kept only while a command runs: carrying out nothing reports nothing")
    func nothingKeptBetweenCommands() async throws {
        let data = InMemoryData()
        let root = try data.compose()
        #expect(root.appCoordinator.carryOut { root.appCoordinator.start() } == nil)
        defer { root.appCoordinator.stop() }
        #expect(root.appCoordinator.carryOut {} == nil)
        try root.window.setText("demo@example.com", forField: "email")
        try root.window.setText("demo-password", forField: "password")
        try root.window.performAction("login")
        let refused = Result { () throws(UserFacingError) in
            try root.appCoordinator.carryOut { () throws(UserFacingError) in
                try root.links.get().open(.feed(.post(id: "999")))
            }
        }
        #expect(throws: UserFacingError(description: "no post with id '999'")) { try refused.get() }
    }

    @Test("A link fails only on what it caused: a failed log-in's message left on screen does not fail it")
    func linkIgnoresEarlierScreenError() async throws {
        let data = InMemoryData()
        let run = await data.run(
            "set email demo@example.com\nset password wrong\nlogin\nopen app://login\nopen app://feed\nstate\n",
            arguments: ["--keep-going"])
        #expect(run.error == "line 3: Wrong email or password.\n")
        #expect(run.status == 1)
        #expect(run.lastState?.error == "Wrong email or password.")
    }
}
