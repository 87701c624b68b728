import AppFlows
import AppTesting
import Core
import Foundation
import Testing

@testable import AppTerminal

@Suite("Command outcomes: what goes wrong while a command runs is that command's typed outcome")
@MainActor
struct CommandOutcomeTests {
    @Test("A log-out that cannot be saved fails the logout command itself, and the next command succeeds")
    func logOutNotSaved() throws {
        let data = try TemporaryDataDirectory()
        let root = try AppLaunch.open(
            dataDirectory: data.path, playground: nil, fixedNow: nil, movesCorruptDataAside: false
        ).root
        let session = CommandSession(session: AppSession(root: root), style: .plain) { _ in nil }
        #expect(root.appCoordinator.carryOut { root.appCoordinator.start() } == nil)
        defer { root.appCoordinator.stop() }
        _ = session.execute(.set(field: "email", text: "demo@example.com"))
        _ = session.execute(.set(field: "password", text: "demo-password"))
        #expect(session.execute(.action("login")) == .done(output: nil))
        #expect(session.execute(.tab("profile")) == .done(output: nil))

        // The saved session cannot be removed, as on a full or read-only disk.
        _ = try data.sql(
            "CREATE TRIGGER session_kept BEFORE DELETE ON session BEGIN SELECT RAISE(ABORT, 'disk is full'); END")

        guard case .failed(let message) = session.execute(.action("logout")) else {
            Issue.record("the log-out that could not be saved succeeded")
            return
        }
        #expect(message.hasPrefix("the log-out could not be saved, so you are still logged in: "))
        #expect(session.execute(.screen) != .failed(message), "the failure is not reported a second time")
        #expect(session.execute(.tab("feed")) == .done(output: nil), "still logged in, and not failing again")
        #expect(session.execute(.action("popular")) == .done(output: nil))
    }

    @Test("Failures are kept only while a command runs: carrying out nothing reports nothing")
    func nothingKeptBetweenCommands() throws {
        let data = try TemporaryDataDirectory()
        let root = try AppLaunch.open(
            dataDirectory: data.path, playground: nil, fixedNow: nil, movesCorruptDataAside: false
        ).root
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
    func linkIgnoresEarlierScreenError() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(
            "set email demo@example.com\nset password wrong\nlogin\nopen app://login\nopen app://feed\nstate\n",
            arguments: ["--keep-going"])
        #expect(run.error == "line 3: Wrong email or password.\n")
        #expect(run.status == 1)
        #expect(run.lastState?.error == "Wrong email or password.")
    }
}
