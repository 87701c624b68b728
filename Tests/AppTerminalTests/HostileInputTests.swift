import AppTesting
import Testing

@Suite("Hostile input never crashes, hangs or reaches the terminal raw")
@MainActor
struct HostileInputTests {
    @Test("Empty, whitespace-only and comment lines are ignored but still counted for line numbers")
    func blankLines() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("\n   \n\t\t\n# comment with \u{1B}[31m colour\n  # indented comment\nstate\nnope\n")
        #expect(run.status == 1)
        #expect(run.states.count == 1)
        #expect(run.error == "line 7: unknown command or action 'nope' (type 'help')\n")
    }

    @Test("A 1 MB line is refused with a message, and the next line still runs with the right number")
    func oneMegabyteLine() throws {
        let data = try TemporaryDataDirectory()
        let huge = "set email " + String(repeating: "a", count: 1_048_576)
        let run = data.run(huge + "\nstate\n", arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 1: the line is longer than 65536 bytes\n")
        #expect(run.lastState?.top == "login")
    }

    @Test("A 1 MB line without any line break is refused at the end of the input")
    func oneMegabyteWithoutLineBreak() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(String(repeating: "x", count: 1_048_576))
        #expect(run.status == 1)
        #expect(run.error == "line 1: the line is longer than 65536 bytes\n")
    }

    @Test("Two hundred thousand line breaks are read as blank lines")
    func manyLineBreaks() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(String(repeating: "\n", count: 200_000) + "state\n")
        #expect(run.status == 0)
        #expect(run.states.count == 1)
    }

    @Test("Invalid UTF-8 is refused with a message; valid lines around it still run")
    func invalidUTF8() throws {
        let data = try TemporaryDataDirectory()
        let bytes: [UInt8] =
            Array("state\n".utf8) + [0x73, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0xC0, 0x0A] + Array("state\n".utf8)
        let run = data.run(bytes: bytes, arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 2: the line is not valid UTF-8\n")
        #expect(run.states.count == 2)
    }

    @Test("Escape sequences and control characters in typed text are drawn escaped, never raw")
    func controlCharactersAreEscaped() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(
            "set email \u{1B}[2J\u{1B}]0;pwned\u{07}x\u{00}y\u{7F}\u{9B}z\nscreen\nstate\ntree\n\u{1B}[31mred\n")
        #expect(run.status == 1)
        #expect(run.output.contains(#"Email (set email): \u{1B}[2J\u{1B}]0;pwned\u{7}x\u{0}y\u{7F}\u{9B}z"#))
        #expect(run.error == #"line 5: unknown command or action '\u{1B}[31mred' (type 'help')"# + "\n")
        for text in [run.output, run.error] {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test("Escape sequences in posts from the data file are escaped when drawn")
    func controlCharactersInPosts() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(AppHarness.demoLogin + "compose\nset text \u{1B}[5mblink\npost\nscreen\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains(#"      \u{1B}[5mblink"#))
        #expect(!run.output.contains("\u{1B}"))
    }

    @Test("Windows line endings are accepted")
    func carriageReturns() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("set email demo@example.com\r\nset password demo-password\r\nlogin\r\nstate\r\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.user == "Demo")
    }

    @Test("The end of the input in the middle of a flow exits cleanly, 0 when nothing failed")
    func endOfInputMidFlow() throws {
        let data = try TemporaryDataDirectory()
        #expect(data.run("signup\nset email half@example.com\nnext\nset password abc").status == 0)
        #expect(data.run("open app://signup\nset email half", arguments: ["--no-restore"]).status == 0)
        #expect(data.run("").status == 0)
    }

    @Test("Numbers far out of range are refused, not trapped on")
    func hugeActionNumber() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("99999999999999999999999999\n0\n", arguments: ["--keep-going"])
        #expect(
            run.error == """
                line 1: no action 99999999999999999999999999 on this screen
                line 2: no action 0 on this screen

                """)
    }

    @Test("Typed text keeps its inner and trailing spaces; only one separator space is dropped")
    func setKeepsSpaces() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("set email  two  spaces \nscreen\n")
        #expect(run.output.contains("Email (set email):  two  spaces \n"))
    }

    @Test("Unknown commands fail with a message naming them: a script stops with exit 1, a terminal goes on")
    func unknownCommands() throws {
        let data = try TemporaryDataDirectory()
        let script = "frobnicate\nfrobnicate now\nlogin please\n\u{1B}[2Jwipe now\nstate\n"
        let scripted = data.run(script, arguments: ["--keep-going"])
        #expect(scripted.status == 1)
        #expect(
            scripted.error == """
                line 1: unknown command or action 'frobnicate' (type 'help')
                line 2: unknown command 'frobnicate' (type 'help')
                line 3: unknown command 'login' (type 'help')
                line 4: unknown command '\\u{1B}[2Jwipe' (type 'help')

                """)
        #expect(scripted.lastState?.top == "login")
        let stopped = data.run(script)
        #expect(stopped.status == 1)
        #expect(stopped.error == "line 1: unknown command or action 'frobnicate' (type 'help')\n")
        #expect(stopped.states.isEmpty)

        let interactive = data.run(script, interactive: true)
        #expect(interactive.status == 0)
        #expect(interactive.error.contains("error: unknown command 'frobnicate' (type 'help')"))
        #expect(interactive.output.contains(#""top":"login""#))
        #expect(!interactive.error.contains("\u{1B}[2J"))
    }

    @Test("At a terminal a 1 MB line is refused with a message, and the session goes on and exits 0")
    func oneMegabyteLineAtTerminal() throws {
        let data = try TemporaryDataDirectory()
        let huge = "set email " + String(repeating: "b", count: 1_048_576)
        let run = data.run(
            huge + "\nset email demo@example.com\nstate\n", environment: ["NO_COLOR": "1"], interactive: true)
        #expect(run.status == 0)
        #expect(run.error.contains("error: the line is longer than 65536 bytes"))
        #expect(run.output.contains(#""top":"login""#))
        #expect(run.output.contains("Email (set email): demo@example.com"))
        #expect(!run.output.contains("bbbb"))
    }

    @Test("The end of the input mid-flow loses nothing already saved and saves nothing half-done")
    func endOfInputMidFlowKeepsData() throws {
        let data = try TemporaryDataDirectory()
        let signUp = data.run(
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
        let halfSignUp = data.run(
            AppHarness.logOut + "signup\nset email half@example.com\nnext\nset password half-password",
            arguments: ["--no-restore"])
        #expect(halfSignUp.status == 0, "\(halfSignUp.error)")
        #expect(try data.sql("SELECT email FROM accounts ORDER BY email") == accountsBefore)

        let check = data.run(
            "set email whole@example.com\nset password whole-password\nlogin\nscreen\nstate\n",
            arguments: ["--no-restore"])
        #expect(check.status == 0, "\(check.error)")
        #expect(check.lastState?.user == "Whole")
        #expect(check.output.contains("saved before the end"))
        #expect(!check.output.contains("a draft cut off"))
        let half = data.run(
            AppHarness.logOut + "set email half@example.com\nset password half-password\nlogin\n",
            arguments: ["--no-restore"])
        #expect(half.error == "line 5: Wrong email or password.\n")
    }

    @Test("The end of the input while a password is read without echo turns echo back on and exits 0")
    func endOfInputAtPasswordPrompt() throws {
        let data = try TemporaryDataDirectory()
        let input = ScriptedInput("set email demo@example.com\nset password", isTerminal: true)
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path], terminalOutput: true)
        #expect(run.status == 0)
        #expect(input.echoChanges == [false, true])
    }
}
