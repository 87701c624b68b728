import AppTesting
import Foundation
import Testing

/// The folder the composed app keeps its data in, as the command line names it: the data room's checks seen from the
/// app's entry point. How the terminal reads the flags and the environment is specified over a stand-in launcher in
/// AppTerminalTests.
@Suite("The data directory: found, created, refused")
@MainActor
struct DataDirectoryTests {
    @Test("APP_DATA_DIR chooses the data directory; --data-dir wins over it")
    func dataDirectoryPrecedence() async throws {
        let fromEnvironment = try TemporaryDataDirectory()
        let fromFlag = try TemporaryDataDirectory()
        let first = await AppHarness.run(
            input: ScriptedInput(AppHarness.demoLogin), arguments: [],
            environment: ["APP_DATA_DIR": fromEnvironment.path])
        #expect(first.status == 0)
        #expect(try fromEnvironment.count("SELECT count(*) FROM session") == 1)
        let second = await AppHarness.run(
            input: ScriptedInput("state\n"), arguments: ["--data-dir=\(fromFlag.path)"],
            environment: ["APP_DATA_DIR": fromEnvironment.path])
        #expect(second.lastState?.loggedIn == false)
        #expect(FileManager.default.fileExists(atPath: fromFlag.databasePath))
    }

    @Test("Without a flag or APP_DATA_DIR, the data directory is $XDG_DATA_HOME/modular-coordinators")
    func xdgDataHome() async throws {
        let base = try TemporaryDataDirectory()
        let run = await AppHarness.run(
            input: ScriptedInput("state\n"), arguments: [], environment: ["XDG_DATA_HOME": base.path])
        #expect(run.status == 0)
        #expect(FileManager.default.fileExists(atPath: base.path + "/modular-coordinators/app.sqlite"))
    }

    @Test("A data directory that cannot be created is named with the problem, exit code 1")
    func uncreatableDataDirectory() async throws {
        let run = await AppHarness.run(
            input: ScriptedInput("state\n"), arguments: ["--data-dir", "/dev/null/app-data"])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("app: cannot write /dev/null/app-data: the folder cannot be created"))
    }

    @Test("A missing data directory is created with its missing parents, and seeded")
    func missingDataDirectoryIsCreated() async throws {
        let base = try TemporaryDataDirectory()
        let path = base.path + "/not/there/yet"
        #expect(!FileManager.default.fileExists(atPath: path))
        let run = await AppHarness.run(
            input: ScriptedInput(AppHarness.demoLogin + "state\n"), arguments: ["--data-dir", path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.user == "Demo")
        #expect(FileManager.default.fileExists(atPath: path + "/app.sqlite"))
    }

    @Test(
        "An existing folder where no file can be created is refused at start, exit code 1",
        arguments: ["/sys", "/proc"]
    )
    func readOnlyDataDirectory(path: String) async throws {
        // The tests run as root, for whom permission bits do not block writing. sysfs and procfs refuse new files
        // to everyone, root included, so these folders are read-only on any Linux machine.
        let run = await AppHarness.run(input: ScriptedInput("state\n"), arguments: ["--data-dir", path])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("app: cannot write \(path): the folder is not writable ("))
        #expect(run.output.isEmpty)
    }

    @Test("A data directory path that is a file is refused, exit code 1")
    func dataDirectoryIsAFile() async throws {
        let data = try TemporaryDataDirectory()
        let path = data.file("plain-file")
        try "x".write(toFile: path, atomically: true, encoding: .utf8)
        let run = await AppHarness.run(input: ScriptedInput("state\n"), arguments: ["--data-dir", path])
        #expect(run.status == 1)
        #expect(run.error == "app: cannot write \(path): it is not a folder\n")
    }
}

@Suite("Data files kept honest through the end of the input and failed writes")
@MainActor
struct DataFileHonestyTests {
    @Test("A log-out that cannot be saved says so and stays logged in, and the next start agrees")
    func unsavedLogOut() async throws {
        let data = try await TemporaryDataDirectory.demoLoggedIn()
        // Make every removal of the session fail, as a full or read-only disk would.
        try data.sql(
            "CREATE TRIGGER session_kept BEFORE DELETE ON session BEGIN SELECT RAISE(ABORT, 'disk is full'); END")
        let run = await data.run(AppHarness.logOut + "state\n", arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("line 2: the log-out could not be saved, so you are still logged in: "))
        #expect(run.error.contains("disk is full"))
        #expect(run.lastState?.loggedIn == true && run.lastState?.top == "profile")
        let next = await data.run("state\n")
        #expect(next.lastState?.loggedIn == true && next.lastState?.user == "Demo")
    }

    @Test("The end of the input mid-flow loses nothing already saved and saves nothing half-done")
    func endOfInputMidFlowKeepsData() async throws {
        let data = try TemporaryDataDirectory()
        let signUp = await data.run(
            """
            signup
            set email whole@example.com
            next
            set password whole-password
            set confirmation whole-password
            next
            set displayName Whole
            create
            skip
            compose
            set text saved before the end
            post
            compose
            set text a draft cut off by the end
            """)
        #expect(signUp.status == 0, "\(signUp.error)")
        let accountsBefore = try data.sql("SELECT email FROM accounts ORDER BY email")

        // Cut off in the middle of a second sign-up, on its password step.
        // Each run starts at the first screen: this is about the data files, not about where the person was.
        let halfSignUp = await data.run(
            AppHarness.logOut + "signup\nset email half@example.com\nnext\nset password half-password",
            arguments: ["--no-restore"])
        #expect(halfSignUp.status == 0, "\(halfSignUp.error)")
        #expect(try data.sql("SELECT email FROM accounts ORDER BY email") == accountsBefore)

        let check = await data.run(
            "set email whole@example.com\nset password whole-password\nlogin\nscreen\nstate\n",
            arguments: ["--no-restore"])
        #expect(check.status == 0, "\(check.error)")
        #expect(check.lastState?.user == "Whole")
        #expect(check.output.contains("saved before the end"))
        #expect(!check.output.contains("a draft cut off"))
        let half = await data.run(
            AppHarness.logOut + "set email half@example.com\nset password half-password\nlogin\n",
            arguments: ["--no-restore"])
        #expect(half.error == "line 5: Wrong email or password.\n")
    }
}
