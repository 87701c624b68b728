import AppTesting
import Foundation
import Testing

@Suite("Failures told as they are")
@MainActor
struct HonestFailureTests {
    @Test("A log-out that cannot be saved says so and stays logged in, and the next start agrees")
    func unsavedLogOut() throws {
        let data = try TemporaryDataDirectory()
        #expect(data.run(AppHarness.demoLogin).status == 0)
        // Make every removal of the session fail, as a full or read-only disk would.
        try data.sql(
            "CREATE TRIGGER session_kept BEFORE DELETE ON session BEGIN SELECT RAISE(ABORT, 'disk is full'); END")
        let run = data.run(AppHarness.logOut + "state\n", arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("line 2: the log-out could not be saved, so you are still logged in: "))
        #expect(run.error.contains("disk is full"))
        #expect(run.lastState?.loggedIn == true && run.lastState?.top == "profile")
        let next = data.run("state\n")
        #expect(next.lastState?.loggedIn == true && next.lastState?.user == "Demo")
    }

    @Test("--script given a folder exits 1 naming it, and runs nothing")
    func scriptIsFolder() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("", arguments: ["--script", data.path])
        #expect(run.status == 1)
        #expect(run.error == "app: cannot read the script \(data.path): Is a directory\n")
        #expect(run.output.isEmpty)
    }
}
