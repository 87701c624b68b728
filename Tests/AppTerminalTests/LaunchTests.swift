import AppFlows
import AppTerminal
import AppTesting
import Foundation
import Testing

@Suite("Launch: flags, environment and usage errors")
@MainActor
struct LaunchTests {
    @Test("An unknown flag is a usage error: exit 64 with the usage")
    func unknownFlag() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("state\n", arguments: ["--bogus"])
        #expect(run.status == 64)
        #expect(run.error.hasPrefix("app: unknown argument '--bogus'\n\nusage: app "))
        #expect(run.output.isEmpty)
    }

    @Test("--help prints the usage and exits 0")
    func helpFlag() throws {
        let run = AppHarness.run(input: ScriptedInput(""), arguments: ["--help"])
        #expect(run.status == 0)
        #expect(
            run.output.contains(
                "exit codes: 0 ok, 1 command or script error, 2 data error (nothing written), 64 usage error"))
    }

    @Test("--help prints the usage even with no environment at all (no HOME, so no data directory)")
    func helpWithoutEnvironment() {
        let output = CapturedOutput()
        let error = CapturedOutput()
        let status = AppMain.run(
            app: LiveApp(), arguments: ["--help", "--data-dir"], environment: [:], input: ScriptedInput(""),
            output: output,
            error: error)
        #expect(status == 0)
        #expect(output.text.hasPrefix("usage: app "))
        #expect(error.text.isEmpty)
    }

    @Test("A flag missing its value, or an APP_NOW that is not a date, is a usage error")
    func badValues() throws {
        #expect(AppHarness.run(input: ScriptedInput(""), arguments: ["--data-dir"]).status == 64)
        let data = try TemporaryDataDirectory()
        let run = data.run("state\n", environment: ["APP_NOW": "yesterday"])
        #expect(run.status == 64)
        #expect(run.error.hasPrefix("app: APP_NOW must be an ISO-8601 date"))
    }

    @Test("APP_DATA_DIR chooses the data directory; --data-dir wins over it")
    func dataDirectoryPrecedence() throws {
        let fromEnvironment = try TemporaryDataDirectory()
        let fromFlag = try TemporaryDataDirectory()
        let first = AppHarness.run(
            input: ScriptedInput(AppHarness.demoLogin), arguments: [],
            environment: ["APP_DATA_DIR": fromEnvironment.path])
        #expect(first.status == 0)
        #expect(try fromEnvironment.count("SELECT count(*) FROM session") == 1)
        let second = AppHarness.run(
            input: ScriptedInput("state\n"), arguments: ["--data-dir=\(fromFlag.path)"],
            environment: ["APP_DATA_DIR": fromEnvironment.path])
        #expect(second.lastState?.loggedIn == false)
        #expect(FileManager.default.fileExists(atPath: fromFlag.databasePath))
    }

    @Test("Without a flag or APP_DATA_DIR, the data directory is $XDG_DATA_HOME/modular-coordinators")
    func xdgDataHome() throws {
        let base = try TemporaryDataDirectory()
        let run = AppHarness.run(
            input: ScriptedInput("state\n"), arguments: [], environment: ["XDG_DATA_HOME": base.path])
        #expect(run.status == 0)
        #expect(FileManager.default.fileExists(atPath: base.path + "/modular-coordinators/app.sqlite"))
    }

    @Test("A data directory that cannot be created is named with the problem, exit code 1")
    func uncreatableDataDirectory() throws {
        let run = AppHarness.run(input: ScriptedInput("state\n"), arguments: ["--data-dir", "/dev/null/app-data"])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("app: cannot write /dev/null/app-data: the folder cannot be created"))
    }

    @Test("A missing data directory is created with its missing parents, and seeded")
    func missingDataDirectoryIsCreated() throws {
        let base = try TemporaryDataDirectory()
        let path = base.path + "/not/there/yet"
        #expect(!FileManager.default.fileExists(atPath: path))
        let run = AppHarness.run(
            input: ScriptedInput(AppHarness.demoLogin + "state\n"), arguments: ["--data-dir", path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.user == "Demo")
        #expect(FileManager.default.fileExists(atPath: path + "/app.sqlite"))
    }

    @Test(
        "An existing folder where no file can be created is refused at start, exit code 1",
        arguments: ["/sys", "/proc"]
    )
    func readOnlyDataDirectory(path: String) throws {
        // The tests run as root, for whom permission bits do not block writing. sysfs and procfs refuse new files
        // to everyone, root included, so these folders are read-only on any Linux machine.
        let run = AppHarness.run(input: ScriptedInput("state\n"), arguments: ["--data-dir", path])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("app: cannot write \(path): the folder is not writable ("))
        #expect(run.output.isEmpty)
    }

    @Test("A data directory path that is a file is refused, exit code 1")
    func dataDirectoryIsAFile() throws {
        let data = try TemporaryDataDirectory()
        let path = data.file("plain-file")
        try "x".write(toFile: path, atomically: true, encoding: .utf8)
        let run = AppHarness.run(input: ScriptedInput("state\n"), arguments: ["--data-dir", path])
        #expect(run.status == 1)
        #expect(run.error == "app: cannot write \(path): it is not a folder\n")
    }
}
