import AppInterface
import AppStandIn
import Core
import TerminalTesting
import Testing

@Suite("Hostile input never crashes, hangs or reaches the terminal raw")
@MainActor
struct HostileInputTests {
    @Test("Empty, whitespace-only and comment lines are ignored but still counted for line numbers")
    func blankLines() async throws {
        let run = try await StandIn.app().run(
            "\n   \n\t\t\n# comment with \u{1B}[31m colour\n  # indented comment\nstate\nnope\n")
        #expect(run.status == 1)
        #expect(run.states.count == 1)
        #expect(run.error == "line 7: unknown command or action 'nope' (type 'help')\n")
    }

    @Test("A 1 MB line is refused with a message, and the next line still runs with the right number")
    func oneMegabyteLine() async throws {
        let app = try StandIn.app()
        let huge = "set email " + String(repeating: "a", count: 1_048_576)
        let run = await app.run(huge + "\nstate\n", arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 1: the line is longer than 65536 bytes\n")
        #expect(run.lastState?.top == "signin")
        #expect(app.session.inputs.isEmpty, "nothing of the refused line reached the app")
    }

    @Test("A 1 MB line without any line break is refused at the end of the input")
    func oneMegabyteWithoutLineBreak() async throws {
        let run = try await StandIn.app().run(String(repeating: "x", count: 1_048_576))
        #expect(run.status == 1)
        #expect(run.error == "line 1: the line is longer than 65536 bytes\n")
    }

    @Test("Two hundred thousand line breaks are read as blank lines")
    func manyLineBreaks() async throws {
        let run = try await StandIn.app().run(String(repeating: "\n", count: 200_000) + "state\n")
        #expect(run.status == 0)
        #expect(run.states.count == 1)
    }

    @Test("Invalid UTF-8 is refused with a message; valid lines around it still run")
    func invalidUTF8() async throws {
        let bytes: [UInt8] =
            Array("state\n".utf8) + [0x73, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0xC0, 0x0A] + Array("state\n".utf8)
        let run = try await StandIn.app().run(bytes: bytes, arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 2: the line is not valid UTF-8\n")
        #expect(run.states.count == 2)
    }

    @Test("Escape sequences and control characters in typed text are drawn escaped, never raw")
    func controlCharactersAreEscaped() async throws {
        let app = try StandIn.app()
        let typed = "\u{1B}[2J\u{1B}]0;pwned\u{07}x\u{00}y\u{7F}\u{9B}z"
        let run = await app.run("set email \(typed)\nscreen\nstate\ntree\n\u{1B}[31mred\n")
        #expect(run.status == 1)
        #expect(app.session.inputs.first == .setText(typed, field: "email"), "the app got the text as typed")
        #expect(run.output.contains(#"Email (set email): \u{1B}[2J\u{1B}]0;pwned\u{7}x\u{0}y\u{7F}\u{9B}z"#))
        #expect(run.error == #"line 5: unknown command or action '\u{1B}[31mred' (type 'help')"# + "\n")
        for text in [run.output, run.error] {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test("Escape sequences in what a screen shows (a list row, a title, a coordinator's name) are escaped when drawn")
    func controlCharactersFromTheApp() async throws {
        let screen = StandInScreen(
            "list\u{1B}[8m", title: "Notes \u{1B}]0;title\u{07}",
            elements: [
                .list(
                    ListSection(
                        id: "notes",
                        items: [ListItem(id: "1", title: "Ada", subtitle: "\u{1B}[5mblink", actionID: "note.1")]))
            ])
        let session = try StandInSession(showing: screen)
        try session.coordinator.addChild(StandInCoordinator("Notes\u{1B}[2J"))
        let run = await StandInApp(session: session).run("screen\ntree\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains(#"      \u{1B}[5mblink"#))
        #expect(run.output.contains(#"Notes \u{1B}]0;title\u{7}"#))
        #expect(run.output.contains(#"Notes\u{1B}[2J"#))
        #expect(!run.output.contains("\u{1B}"))
    }

    @Test("Windows line endings are accepted")
    func carriageReturns() async throws {
        let run = try await StandIn.app().run(
            "set email ada@example.com\r\nset password \(StandIn.password)\r\nlogin\r\nstate\r\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.user == "Ada")
    }

    @Test("The end of the input in the middle of a flow exits cleanly, 0 when nothing failed")
    func endOfInputMidFlow() async throws {
        let app = try StandIn.app()
        await #expect(app.run("signup\nset name half").status == 0)
        #expect(app.session.screen("signup")?.value(of: "name") == "half", "the last line without a break ran")
        await #expect(
            try StandIn.app().run("open app://home\ncompose\nset text half", arguments: ["--no-restore"]).status == 0)
        await #expect(try StandIn.app().run("").status == 0)
    }

    @Test("Numbers far out of range are refused, not trapped on")
    func hugeActionNumber() async throws {
        let run = try await StandIn.app().run("99999999999999999999999999\n0\n", arguments: ["--keep-going"])
        #expect(
            run.error == """
                line 1: no action 99999999999999999999999999 on this screen
                line 2: no action 0 on this screen

                """)
    }

    @Test("Typed text keeps its inner and trailing spaces; only one separator space is dropped")
    func setKeepsSpaces() async throws {
        let app = try StandIn.app()
        let run = await app.run("set email  two  spaces \nscreen\n")
        #expect(run.output.contains("Email (set email):  two  spaces \n"))
        #expect(app.session.inputs == [.setText(" two  spaces ", field: "email")])
    }

    @Test("Unknown commands fail with a message naming them: a script stops with exit 1, a terminal goes on")
    func unknownCommands() async throws {
        let script = "frobnicate\nfrobnicate now\nlogin please\n\u{1B}[2Jwipe now\nstate\n"
        let scripted = try await StandIn.app().run(script, arguments: ["--keep-going"])
        #expect(scripted.status == 1)
        #expect(
            scripted.error == """
                line 1: unknown command or action 'frobnicate' (type 'help')
                line 2: unknown command 'frobnicate' (type 'help')
                line 3: unknown command 'login' (type 'help')
                line 4: unknown command '\\u{1B}[2Jwipe' (type 'help')

                """)
        #expect(scripted.lastState?.top == "signin")
        let stopped = try await StandIn.app().run(script)
        #expect(stopped.status == 1)
        #expect(stopped.error == "line 1: unknown command or action 'frobnicate' (type 'help')\n")
        #expect(stopped.states.isEmpty)

        let interactive = try await StandIn.app().run(script, interactive: true)
        #expect(interactive.status == 0)
        #expect(interactive.error.contains("error: unknown command 'frobnicate' (type 'help')"))
        #expect(interactive.output.contains(#""top":"signin""#))
        #expect(!interactive.error.contains("\u{1B}[2J"))
    }

    @Test("At a terminal a 1 MB line is refused with a message, and the session goes on and exits 0")
    func oneMegabyteLineAtTerminal() async throws {
        let huge = "set email " + String(repeating: "b", count: 1_048_576)
        let run = try await StandIn.app().run(
            huge + "\nset email ada@example.com\nstate\n", environment: ["NO_COLOR": "1"], interactive: true)
        #expect(run.status == 0)
        #expect(run.error.contains("error: the line is longer than 65536 bytes"))
        #expect(run.output.contains(#""top":"signin""#))
        #expect(run.output.contains("Email (set email): ada@example.com"))
        #expect(!run.output.contains("bbbb"))
    }

    @Test("The end of the input while a password is read without echo turns echo back on and exits 0")
    func endOfInputAtPasswordPrompt() async throws {
        let app = try StandIn.app()
        let input = ScriptedInput("set email ada@example.com\nset password", isTerminal: true)
        let run = await app.run(input: input, terminalOutput: true)
        #expect(run.status == 0)
        #expect(input.echoChanges == [false, true])
        #expect(app.session.screen("signin")?.value(of: "password") == nil, "the cut-off secret was not typed in")
    }
}
