import AppTesting
import Foundation
import Testing

@Suite("Scripted mode: errors, line numbers and exit codes")
@MainActor
struct ScriptErrorTests {
    @Test("The first failing command prints 'line N: message' on stderr and exits 1; later lines do not run")
    func firstFailureStops() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("# a comment\n\nstate\nfrobnicate\nstate\n")
        #expect(run.status == 1)
        #expect(run.error == "line 4: unknown command or action 'frobnicate' (type 'help')\n")
        #expect(run.states.count == 1)
    }

    @Test("A wrong password fails the login command with the screen's message")
    func wrongPassword() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("set email demo@example.com\nset password not-the-password\nlogin\nstate\n")
        #expect(run.status == 1)
        #expect(run.error == "line 3: Wrong email or password.\n")
        #expect(run.output.isEmpty)
    }

    @Test("--keep-going runs every line, reports each failure with its line, and exits 1 at the end")
    func keepGoing() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(
            """
            frobnicate
            open notalink
            open app://feed/post/999
            set email demo@example.com
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
                line 6: Wrong email or password.
                line 7: no field 'nofield' on this screen
                line 8: there is nothing to go back to
                line 9: no action 42 on this screen

                """)
        let state = try #require(run.lastState)
        #expect(state.top == "login" && !state.loggedIn)
        #expect(state.error == "Wrong email or password.")
    }

    @Test("A script that only succeeds exits 0 and prints only what was asked")
    func successIsQuiet() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(AppHarness.demoLogin + "compose\nset text hi\npost\n")
        #expect(run.status == 0)
        #expect(run.output.isEmpty && run.error.isEmpty)
    }

    @Test("--script FILE reads commands from the file, with the same rules")
    func scriptFile() throws {
        let data = try TemporaryDataDirectory()
        let script = data.file("commands.txt")
        try (AppHarness.demoLogin + "state\nnope\n").write(toFile: script, atomically: true, encoding: .utf8)
        let run = data.run("this input is ignored\n", arguments: ["--script", script])
        #expect(run.status == 1)
        #expect(run.lastState?.user == "Demo")
        #expect(run.error == "line 5: unknown command or action 'nope' (type 'help')\n")
    }

    @Test("A missing script file is reported with exit code 1")
    func missingScript() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("", arguments: ["--script", data.file("missing.txt")])
        #expect(run.status == 1)
        #expect(run.error == "app: cannot read the script \(data.file("missing.txt")): No such file or directory\n")
    }

    @Test("A disabled action fails with a message")
    func disabledAction() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(AppHarness.demoLogin + "compose\npost\n")
        #expect(run.status == 1)
        #expect(run.error == "line 5: the action 'post' is not available now\n")
    }

    @Test("Commands with stray arguments and set without a field are refused")
    func malformedCommands() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("state now\nset\nopen\n", arguments: ["--keep-going"])
        #expect(
            run.error == """
                line 1: 'state' takes no arguments
                line 2: usage: set <field> <text>
                line 3: usage: open <url>

                """)
    }

    @Test("set <field> without text fails in a script; one space after the field types the empty text")
    func setWithoutTextInScript() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("set email demo@example.com\nset password\nstate\n")
        #expect(run.status == 1)
        #expect(run.error == "line 2: set password needs text in a script\n")
        #expect(run.states.isEmpty)
        let cleared = data.run("set email someone\nset email \nscreen\n")
        #expect(cleared.status == 0, "\(cleared.error)")
        #expect(cleared.output.contains("Email (set email): \n"))
    }

    @Test("help lists every command")
    func help() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("help\n")
        #expect(run.status == 0)
        for command in ["set <field> <text>", "back", "dismiss", "open <url>", "state", "tree", "help", "quit"] {
            #expect(run.output.contains("  " + command), "missing \(command)")
        }
    }
}

@Suite("An inline error goes once the input it was about changes")
@MainActor
struct StaleErrorTests {
    @Test("'Wrong email or password.' goes when the password is typed again")
    func retypedPasswordClearsTheError() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(
            "set email demo@example.com\nset password wrong-password\nlogin\nstate\nset password demo-password\nstate\n",
            arguments: ["--keep-going"])
        #expect(run.states.count == 2)
        #expect(run.states.first?.error == "Wrong email or password.")
        #expect(run.states.last?.error == nil, "the retyped password cleared the error")
    }

    @Test("A too-long post's error goes when the text is shortened")
    func shortenedTextClearsTheError() throws {
        let data = try TemporaryDataDirectory()
        let long = String(repeating: "x", count: 600)
        let run = data.run(
            AppHarness.demoLogin + "compose\nset text \(long)\npost\nstate\nset text short now\nstate\n",
            arguments: ["--keep-going"])
        #expect(run.states.count == 2)
        #expect(run.states.first?.error != nil, "the long post was refused with an error")
        #expect(run.states.last?.error == nil, "the shortened text cleared the error")
    }
}
