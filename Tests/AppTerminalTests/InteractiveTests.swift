import AppStandIn
import AppTerminal
import Foundation
import TerminalTesting
import Testing

@Suite("Interactive mode: the hidden prompt, colour per stream, a bad --open link")
@MainActor
struct InteractiveTests {
    private static let passwordLine = "Password (set password, secure): "

    @Test(
        "Ctrl-D at the hidden prompt, after typing or not, cancels the set, leaves the field alone; the session goes on",
        arguments: ["secret-typed", ""]
    )
    func endOfInputAtHiddenPrompt(typedBeforeControlD: String) async throws {
        let app = try StandIn.app()
        // A terminal hands over what was typed when Ctrl-D is pressed, without a line break; an empty read when
        // nothing was typed.
        let input = TerminalKeystrokes(["set password\n", typedBeforeControlD, "screen\n", "quit\n"])
        let run = await app.run(input: input)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("Password: \ncancelled; password is unchanged\n"))
        #expect(input.echoChanges == [false, true])
        let screens = run.output.components(separatedBy: "Sign in\n===")
        #expect(screens.count == 3, "the screen is drawn at start and by the screen command after the cancel")
        #expect(screens.last?.contains(Self.passwordLine + "\n") == true)
        #expect(!run.output.contains("•"))
        #expect(app.session.inputs.isEmpty, "nothing was typed into the field")
    }

    @Test("After a set cancelled by Ctrl-D, the real end of the input ends the app cleanly with 0")
    func realEndOfInputAfterCancel() async throws {
        let input = TerminalKeystrokes(["set email ada@example.com\n", "set password\n", ""])
        let run = try await StandIn.app().run(input: input)
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("cancelled; password is unchanged\n> \n"))
        #expect(run.error.isEmpty)
    }

    @Test("Colour is decided per stream: errors to a file are plain while the screen at a terminal has colour")
    func colourPerStream() async throws {
        for (outputIsTerminal, errorIsTerminal) in [(true, false), (false, true)] {
            let output = CapturedOutput(isTerminal: outputIsTerminal)
            let error = CapturedOutput(isTerminal: errorIsTerminal)
            let status = await AppMain.run(
                app: try StandIn.app(), arguments: [], environment: ["HOME": "/nonexistent-home-for-tests"],
                input: ScriptedInput("nope\n", isTerminal: true), output: output, error: error)
            #expect(status == 0)
            #expect(output.text.contains("\u{1B}[") == outputIsTerminal)
            #expect(error.text.contains("unknown command or action 'nope'"))
            #expect(error.text.contains("\u{1B}[") == errorIsTerminal)
        }
        let noColour = try await StandIn.app().run(
            input: ScriptedInput("nope\n", isTerminal: true), environment: ["NO_COLOR": "1"], terminalOutput: true)
        #expect(!noColour.error.contains("\u{1B}") && !noColour.output.contains("\u{1B}"))
    }

    @Test("A bad --open link in an interactive session shows the error and the session goes on")
    func badOpenLinkInteractive() async throws {
        let app = try StandIn.app()
        let run = await app.run("state\n", arguments: ["--open", "app://nowhere"], interactive: true)
        #expect(run.status == 0)
        #expect(run.error.contains("error: --open: unknown link 'app://nowhere'"))
        #expect(run.output.contains(#""top":"signin""#))
        #expect(app.session.starts.map(\.initialLink) == ["app://nowhere"])
    }

    @Test("A bad --open link in a script fails the run before any line, with exit 1")
    func badOpenLinkScripted() async throws {
        let run = try await StandIn.app().run("state\n", arguments: ["--open", "nowhere"])
        #expect(run.status == 1)
        #expect(run.error == "app: --open: malformed link 'nowhere': links start with app://\n")
        #expect(run.output.isEmpty)
    }

    @Test("A script's malformed --open link exits 1 before the data is opened; a well-formed one is followed")
    func malformedLinkBeforeTheData() async throws {
        let app = try StandIn.app()
        app.malformedLinks["nowhere"] = "malformed link 'nowhere': links start with app://"
        let run = await app.run("state\n", arguments: ["--open", "nowhere"])
        #expect(run.status == 1)
        #expect(run.error == "app: --open: malformed link 'nowhere': links start with app://\n")
        #expect(app.requests.isEmpty && app.session.starts.isEmpty && app.session.inputs.isEmpty)
        // Interactive, the link is reported on the screen and the session goes on: the data is opened.
        let interactive = await app.run("state\n", arguments: ["--open", "nowhere"], interactive: true)
        #expect(interactive.status == 0)
        #expect(app.requests.count == 1)
    }

    @Test("A good --open link is followed before the first line")
    func openLinkAtStart() async throws {
        let run = try await StandIn.app().run("state\n", arguments: ["--open", "app://home"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.top == "home")
    }
}
