import AppInterface
import AppStandIn
import Core
import Foundation
import TerminalTesting
import Testing

@Suite("Scripted mode: errors, line numbers and exit codes")
@MainActor
struct ScriptErrorTests {
    static let signIn = "set email ada@example.com\nset password \(StandIn.password)\nlogin\n"

    @Test("The first failing command prints 'line N: message' on stderr and exits 1; later lines do not run")
    func firstFailureStops() async throws {
        let app = try StandIn.app()
        let run = await app.run("# a comment\n\nstate\nfrobnicate\nstate\n")
        #expect(run.status == 1)
        #expect(run.error == "line 4: unknown command or action 'frobnicate' (type 'help')\n")
        #expect(run.states.count == 1)
        #expect(app.session.isStopped, "the app is stopped on the way out")
    }

    @Test("A script an editor saved with a byte order mark runs its first line; the mark anywhere else is text")
    func byteOrderMark() async throws {
        let run = try await StandIn.app().run("\u{FEFF}state\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.states.count == 2)
        for chunkSize in [1, 2] {
            // The mark split across the first reads, as a slow pipe may hand it over.
            let input = ScriptedInput(bytes: Array("\u{FEFF}state\n".utf8), chunkSize: chunkSize)
            let split = try await StandIn.app().run(input: input, arguments: ["--data-dir", "/unused"])
            #expect(split.status == 0 && split.states.count == 1, "\(split.error)")
        }
        let later = try await StandIn.app().run("state\n\u{FEFF}state\n")
        #expect(later.status == 1)
        #expect(later.error == "line 2: unknown command or action '\\u{FEFF}state' (type 'help')\n")
    }

    @Test("A command of the full screen's own, typed in the line mode, says where it works")
    func fullScreenCommandInTheLineMode() async throws {
        let run = try await StandIn.app().run("panel\n")
        #expect(run.status == 1)
        #expect(
            run.error
                == "line 1: 'panel' works in the full screen only, where it and F2 show or hide the coordinator tree "
                + "panel\n")
    }

    @Test("An action the screen refuses fails its line with the reason the screen shows")
    func refusedAction() async throws {
        let app = try StandIn.app()
        let run = await app.run("set email ada@example.com\nset password not-the-password\nlogin\nstate\n")
        #expect(run.status == 1)
        #expect(run.error == "line 3: Wrong email or password.\n")
        #expect(run.output.isEmpty)
        #expect(
            app.session.inputs == [
                .setText("ada@example.com", field: "email"), .setText("not-the-password", field: "password"),
                .action("login"),
            ])
    }

    @Test("--keep-going runs every line, reports each failure with its line, and exits 1 at the end")
    func keepGoing() async throws {
        let app = try StandIn.app()
        let run = await app.run(
            """
            frobnicate
            open notalink
            open app://nowhere
            set email ada@example.com
            set password wrong-password
            login
            set nofield x
            back
            42
            state
            """,
            arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(
            run.error == """
                line 1: unknown command or action 'frobnicate' (type 'help')
                line 2: malformed link 'notalink': links start with app://
                line 3: unknown link 'app://nowhere'
                line 6: Wrong email or password.
                line 7: no field 'nofield' on this screen
                line 8: there is nothing to go back to
                line 9: no action 42 on this screen

                """)
        let state = try #require(run.lastState)
        #expect(state.top == "signin" && !state.loggedIn)
        #expect(state.error == "Wrong email or password.")
    }

    @Test("A script that only succeeds exits 0 and prints only what was asked")
    func successIsQuiet() async throws {
        let app = try StandIn.app()
        let run = await app.run(Self.signIn + "compose\nset text hi\nsave\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.isEmpty && run.error.isEmpty)
        #expect(app.session.snapshot().top?.screenID == "compose", "every line ran")
    }

    @Test("--script FILE reads commands from the file, with the same rules")
    func scriptFile() async throws {
        let folder = try TemporaryFolder()
        let script = folder.file("commands.txt")
        try (Self.signIn + "state\nnope\n").write(toFile: script, atomically: true, encoding: .utf8)
        let run = try await StandIn.app().run("this input is ignored\n", arguments: ["--script", script])
        #expect(run.status == 1)
        #expect(run.lastState?.user == "Ada")
        #expect(run.error == "line 5: unknown command or action 'nope' (type 'help')\n")
    }

    @Test("A missing script file is reported with exit code 1, before the data is opened")
    func missingScript() async throws {
        let folder = try TemporaryFolder()
        let app = try StandIn.app()
        let run = await app.run("", arguments: ["--script", folder.file("missing.txt")])
        #expect(run.status == 1)
        #expect(run.error == "app: cannot read the script \(folder.file("missing.txt")): No such file or directory\n")
        #expect(app.requests.isEmpty, "a first run's folder is not made for a run that cannot start")
    }

    @Test("--script given a folder exits 1 naming it, and runs nothing, not even the opening of the data")
    func scriptIsFolder() async throws {
        let folder = try TemporaryFolder()
        let app = try StandIn.app()
        let run = await app.run("", arguments: ["--script", folder.path])
        #expect(run.status == 1)
        #expect(run.error == "app: cannot read the script \(folder.path): Is a directory\n")
        #expect(run.output.isEmpty)
        #expect(app.requests.isEmpty && app.session.starts.isEmpty && app.session.inputs.isEmpty)
    }

    @Test("A disabled action fails with a message, and the screen never sees it")
    func disabledAction() async throws {
        let app = try StandIn.app()
        let run = await app.run("remind\n")
        #expect(run.status == 1)
        #expect(run.error == "line 1: the action 'remind' is not available now\n")
        #expect(try #require(app.session.screen("signin")).performed.isEmpty)
    }

    @Test("Commands with stray arguments and set without a field are refused")
    func malformedCommands() async throws {
        let run = try await StandIn.app().run("state now\nset\nopen\n", arguments: ["--keep-going"])
        #expect(
            run.error == """
                line 1: 'state' takes no arguments
                line 2: usage: set <field> <text>
                line 3: usage: open <url>

                """)
    }

    @Test("set <field> without text fails in a script; one space after the field types the empty text")
    func setWithoutTextInScript() async throws {
        let run = try await StandIn.app().run("set email ada@example.com\nset password\nstate\n")
        #expect(run.status == 1)
        #expect(run.error == "line 2: set password needs text in a script\n")
        #expect(run.states.isEmpty)
        let cleared = try await StandIn.app().run("set email someone\nset email \nscreen\n")
        #expect(cleared.status == 0, "\(cleared.error)")
        #expect(cleared.output.contains("Email (set email): \n"))
    }

    @Test("help lists every command, and the session's deep links")
    func help() async throws {
        let run = try await StandIn.app().run("help\n")
        #expect(run.status == 0)
        for command in ["set <field> <text>", "back", "dismiss", "open <url>", "state", "tree", "help", "quit"] {
            #expect(run.output.contains("  " + command), "missing \(command)")
        }
        #expect(run.output.contains("Deep links: app://home, app://item/<id>\n"))
    }

    @Test("A data failure after a command stops the script at that line, with the failure's exit code")
    func dataFailureStops() async throws {
        let app = try StandIn.app()
        let fatal = DataFailure(description: "app.sqlite is damaged", isFatal: true, advice: "restore a backup")
        try #require(app.session.screen("signin")).actions["signup"] = { _ in app.session.dataFailure = fatal }
        let run = await app.run("state\nsignup\nstate\n")
        #expect(run.status == ExitCode.dataError)
        #expect(
            run.error == "line 2: app.sqlite is damaged\napp: stopped so nothing is overwritten; restore a backup\n")
        #expect(run.states.count == 1, "nothing ran after the failure")
        let written = try StandIn.app()
        written.session.dataFailure = DataFailure(
            description: "app.sqlite cannot be written", isFatal: false, advice: nil)
        let atStart = await written.run("state\n")
        #expect(atStart.status == ExitCode.failure)
        #expect(atStart.error == "app: app.sqlite cannot be written\n")
        #expect(atStart.output.isEmpty)
    }

    @Test("A place that could not be saved is told on stderr and the script goes on")
    func saveNoticeGoesOn() async throws {
        let app = try StandIn.app()
        app.session.saveNotice = "where you are could not be saved"
        let run = await app.run("state\nstate\n")
        #expect(run.status == 0)
        #expect(run.states.count == 2)
        #expect(run.error.components(separatedBy: "app: where you are could not be saved\n").count == 4)
        #expect(app.session.settledCount == 3, "after the start and after each command")
    }
}

@Suite("An inline error goes once the input it was about changes")
@MainActor
struct StaleErrorTests {
    @Test("The screen's error shows in state, and goes when its field is typed again")
    func retypedFieldClearsTheError() async throws {
        let run = try await StandIn.app().run(
            "set email ada@example.com\nset password wrong-password\nlogin\nstate\nset password \(StandIn.password)\n"
                + "state\n",
            arguments: ["--keep-going"])
        #expect(run.states.count == 2)
        #expect(run.states.first?.error == "Wrong email or password.")
        #expect(run.states.last?.error == nil, "the retyped password cleared the error")
    }
}
