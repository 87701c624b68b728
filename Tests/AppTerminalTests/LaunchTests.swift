import AppInterface
import AppStandIn
import AppTerminal
import Foundation
import TerminalTesting
import Testing

@Suite("Launch: flags, environment and usage errors")
@MainActor
struct LaunchTests {
    @Test("An unknown flag is a usage error: exit 64, the reason and where the usage is, and nothing is launched")
    func unknownFlag() async throws {
        let app = try StandIn.app()
        let run = await app.run("state\n", arguments: ["--bogus"])
        #expect(run.status == 64)
        #expect(run.error == "app: unknown argument '--bogus'\nsee 'app --help' for the usage\n")
        #expect(run.output.isEmpty)
        #expect(app.requests.isEmpty)
    }

    @Test("--help prints the usage and exits 0")
    func helpFlag() async throws {
        let app = try StandIn.app()
        let run = await app.run("", arguments: ["--help"])
        #expect(run.status == 0)
        #expect(
            run.output.contains(
                "exit codes: 0 ok, 1 command or script error, 2 data error (nothing written), 64 usage error,\n"
                    + "            128+N ended by signal N (the terminal given back)"))
        #expect(app.requests.isEmpty)
    }

    @Test("--help prints the usage even with no environment at all (no HOME, so no data directory)")
    func helpWithoutEnvironment() async throws {
        let output = CapturedOutput()
        let error = CapturedOutput()
        let app = try StandIn.app()
        let status = await AppMain.run(
            app: app, arguments: ["--help", "--data-dir"], environment: [:], input: ScriptedInput(""),
            output: output, error: error)
        #expect(status == 0)
        #expect(output.text.hasPrefix("usage: app "))
        #expect(error.text.isEmpty)
        #expect(app.requests.isEmpty)
    }

    @Test("A flag missing its value, or an APP_NOW that is not a date, is a usage error")
    func badValues() async throws {
        await #expect(try StandIn.app().run("", arguments: ["--data-dir"]).status == 64)
        let app = try StandIn.app()
        let run = await app.run("state\n", environment: ["APP_NOW": "yesterday"])
        #expect(run.status == 64)
        #expect(run.error.hasPrefix("app: APP_NOW must be an ISO-8601 date"))
        #expect(app.requests.isEmpty)
    }

    @Test("A check or a move-aside of the data beside --feature, which reads none, is a usage error, not ignored")
    func dataFlagsWithAPlayground() async throws {
        for flag in ["--check-data", "--move-aside-corrupt-data"] {
            let app = try StandIn.app()
            let run = await app.run("state\n", arguments: ["--feature", "Home", flag])
            #expect(run.status == 64)
            #expect(
                run.error.hasPrefix(
                    "app: \(flag) works on a data directory, and --feature reads none: use one or the other"))
            #expect(app.requests.isEmpty)
        }
    }

    @Test("Without HOME, XDG_DATA_HOME, APP_DATA_DIR or --data-dir there is no data directory: a usage error")
    func noDataDirectory() async throws {
        let output = CapturedOutput()
        let error = CapturedOutput()
        let status = await AppMain.run(
            app: try StandIn.app(), arguments: [], environment: [:], input: ScriptedInput("state\n"), output: output,
            error: error)
        #expect(status == 64)
        #expect(error.text.hasPrefix("app: no data directory: set HOME, XDG_DATA_HOME, APP_DATA_DIR or --data-dir\n"))
    }

    @Test("A relative HOME names no data directory: a usage error that says so; --data-dir or APP_DATA_DIR still work")
    func relativeHome() async throws {
        let output = CapturedOutput()
        let error = CapturedOutput()
        let status = await AppMain.run(
            app: try StandIn.app(), arguments: [], environment: ["HOME": "relative/path"],
            input: ScriptedInput("state\n"), output: output, error: error)
        #expect(status == 64)
        #expect(
            error.text.hasPrefix(
                "app: HOME is not an absolute path ('relative/path'), so the data directory would depend on the "
                    + "current directory: set HOME to an absolute path, or use APP_DATA_DIR or --data-dir\n"))
        let app = try StandIn.app()
        await #expect(app.run("", arguments: ["--data-dir=/from/flag"], environment: ["HOME": "relative"]).status == 0)
        await #expect(
            app.run("", environment: ["HOME": "relative", "APP_DATA_DIR": "/from/environment"]).status == 0)
        #expect(app.requests.map(\.dataDirectory) == ["/from/flag", "/from/environment"])
    }

    @Test("APP_DATA_DIR chooses the data directory; --data-dir wins over it")
    func dataDirectoryPrecedence() async throws {
        let app = try StandIn.app()
        await #expect(app.run("", environment: ["APP_DATA_DIR": "/from/environment"]).status == 0)
        await #expect(
            app.run("", arguments: ["--data-dir=/from/flag"], environment: ["APP_DATA_DIR": "/from/environment"])
                .status == 0)
        #expect(app.requests.map(\.dataDirectory) == ["/from/environment", "/from/flag"])
    }

    @Test("Without a flag or APP_DATA_DIR, the data directory is $XDG_DATA_HOME/modular-coordinators, else HOME's")
    func xdgDataHome() async throws {
        let app = try StandIn.app()
        await #expect(app.run("", environment: ["XDG_DATA_HOME": "/xdg"]).status == 0)
        await #expect(app.run("", environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ada"]).status == 0)
        #expect(
            app.requests.map(\.dataDirectory) == [
                "/xdg/modular-coordinators", "/home/ada/.local/share/modular-coordinators",
            ])
    }

    @Test("The flags and APP_NOW reach the launcher as one request; without them it asks for the defaults")
    func launchRequest() async throws {
        let app = try StandIn.app()
        let flags = ["--data-dir", "/data", "--move-aside-corrupt-data", "--allow-unsafe-data-dir"]
        await #expect(app.run("", arguments: flags).status == 0)
        await #expect(app.run("", arguments: ["--data-dir", "/data", "--feature", "Settings"]).status == 0)
        await #expect(
            app.run("", arguments: ["--data-dir", "/data"], environment: ["APP_NOW": "2030-06-01T00:00:00Z"]).status
                == 0)
        #expect(
            app.requests == [
                LaunchRequest(
                    dataDirectory: "/data", fixedNow: Date(timeIntervalSince1970: 1_767_268_800),
                    movesCorruptDataAside: true, allowsUnsafeDataDirectory: true),
                LaunchRequest(
                    dataDirectory: "/data", playground: "Settings", fixedNow: Date(timeIntervalSince1970: 1_767_268_800)
                ),
                LaunchRequest(dataDirectory: "/data", fixedNow: Date(timeIntervalSince1970: 1_906_502_400)),
            ])
        #expect(app.askedPlaygrounds == ["Settings"])
    }

    @Test("--no-restore starts without restoring; by default the start restores and its notice is told")
    func restoring() async throws {
        let app = try StandIn.app()
        app.session.restorationNotice = "the place you left no longer exists; you are at the start"
        let restored = await app.run("")
        #expect(restored.error == "app: the place you left no longer exists; you are at the start\n")
        let fresh = await app.run("", arguments: ["--no-restore"])
        #expect(fresh.error.isEmpty)
        #expect(app.session.starts.map(\.restores) == [true, false])
    }

    @Test("A playground the launcher does not know is a usage error naming the ones there are")
    func unknownPlayground() async throws {
        let app = try StandIn.app()
        let run = await app.run("state\n", arguments: ["--feature", "Nowhere"])
        #expect(run.status == 64)
        #expect(
            run.error
                == "app: no playground 'Nowhere'; the playgrounds are Home, Settings\nsee 'app --help' for the usage\n")
        #expect(app.requests.isEmpty)
    }

    @Test("A launch that fails on a data file stops before the start: 2 for a file not to be trusted, else 1")
    func launchDataFailure() async throws {
        let app = try StandIn.app()
        app.failure = DataFailure(
            description: "/data/app.sqlite is not a database", isFatal: true, advice: "see --move-aside-corrupt-data")
        let untrusted = await app.run("state\n")
        #expect(untrusted.status == ExitCode.dataError)
        #expect(
            untrusted.error == "app: /data/app.sqlite is not a database\n"
                + "app: stopped so nothing is overwritten; see --move-aside-corrupt-data\n")
        app.failure = DataFailure(description: "cannot write /data: it is not a folder", isFatal: false, advice: nil)
        let unwritable = await app.run("state\n")
        #expect(unwritable.status == ExitCode.failure)
        #expect(unwritable.error == "app: cannot write /data: it is not a folder\n")
        #expect(untrusted.output.isEmpty && unwritable.output.isEmpty)
        #expect(app.session.starts.isEmpty)
    }

    @Test("A launch that fails otherwise, or a start that fails, is told in one line with exit 1")
    func launchFailure() async throws {
        let app = try StandIn.app()
        app.failure = UserFacingError(description: "the demo account could not be seeded")
        let failedLaunch = await app.run("state\n")
        #expect(failedLaunch.status == ExitCode.failure)
        #expect(failedLaunch.error == "app: the demo account could not be seeded\n")
        app.failure = nil
        app.session.startFailure = "the first screen could not be shown"
        let failedStart = await app.run("state\n")
        #expect(failedStart.status == ExitCode.failure)
        #expect(failedStart.error == "app: the first screen could not be shown\n")
        #expect(failedStart.output.isEmpty)
    }

    @Test("What opening did to the data files is told: moved aside, a new start, imported, checked")
    func openingReports() async throws {
        let app = try StandIn.app()
        app.movedAsidePaths = ["/data/app.sqlite.corrupt-1"]
        app.seededDemoAccount = "demo@example.com"
        app.importedPaths = ["/data/accounts.json.imported"]
        let run = await app.run("")
        #expect(run.status == 0)
        #expect(
            run.error == """
                app: moved the unusable data file aside to /data/app.sqlite.corrupt-1
                app: started a new database with the demo account demo@example.com and its posts
                app: imported the data file into the database and kept it as /data/accounts.json.imported

                """)
        app.checkedDatabase = ("/data/app.sqlite", 12)
        let checked = await app.run("state\n", arguments: ["--check-data"])
        #expect(checked.status == 0)
        #expect(
            checked.output
                == "app: the data file /data/app.sqlite is sound: its schema, all of its 12 pages and every index entry were checked\n"
        )
        #expect(app.requests.last?.checksData == true)
        #expect(app.session.starts.count == 1, "a check starts nothing")
    }

    @Test("--check-data on a folder with no data yet checks nothing and launches nothing")
    func checkWithoutData() async throws {
        let app = try StandIn.app()
        app.holdsNoData = true
        let run = await app.run("", arguments: ["--check-data", "--data-dir", "/new"])
        #expect(run.status == 0)
        #expect(run.output == "app: there is no database in /new yet: nothing to check\n")
        #expect(app.requests.isEmpty)
    }
}
