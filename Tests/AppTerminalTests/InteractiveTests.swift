import AppFlows
import AppTerminal
import AppTesting
import Foundation
import Testing

@Suite("Interactive mode: the hidden prompt, colour per stream, a bad --open link")
@MainActor
struct InteractiveTests {
    private static let passwordLine = "Password (set password, secure): "

    @Test(
        "Ctrl-D at the hidden prompt, after typing or not, cancels the set, leaves the field alone; the session goes on",
        arguments: ["secret-typed", ""]
    )
    func endOfInputAtHiddenPrompt(typedBeforeControlD: String) throws {
        let data = try TemporaryDataDirectory()
        // A terminal hands over what was typed when Ctrl-D is pressed, without a line break; an empty read when
        // nothing was typed.
        let input = TerminalKeystrokes(["set password\n", typedBeforeControlD, "screen\n", "quit\n"])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("Password: \ncancelled; password is unchanged\n"))
        #expect(input.echoChanges == [false, true])
        let screens = run.output.components(separatedBy: "Log in\n===")
        #expect(screens.count == 3, "the screen is drawn at start and by the screen command after the cancel")
        #expect(screens.last?.contains(Self.passwordLine + "\n") == true)
        #expect(!run.output.contains("•"))
    }

    @Test("After a set cancelled by Ctrl-D, the real end of the input ends the app cleanly with 0")
    func realEndOfInputAfterCancel() throws {
        let data = try TemporaryDataDirectory()
        let input = TerminalKeystrokes(["set email demo@example.com\n", "set password\n", ""])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("cancelled; password is unchanged\n> \n"))
        #expect(run.error.isEmpty)
    }

    @Test("Colour is decided per stream: errors to a file are plain while the screen at a terminal has colour")
    func colourPerStream() throws {
        let data = try TemporaryDataDirectory()
        for (outputIsTerminal, errorIsTerminal) in [(true, false), (false, true)] {
            let output = CapturedOutput(isTerminal: outputIsTerminal)
            let error = CapturedOutput(isTerminal: errorIsTerminal)
            let status = AppMain.run(
                app: LiveApp(), arguments: ["--data-dir", data.path], environment: ["APP_NOW": AppHarness.now],
                input: ScriptedInput("nope\n", isTerminal: true), output: output, error: error)
            #expect(status == 0)
            #expect(output.text.contains("\u{1B}[") == outputIsTerminal)
            #expect(error.text.contains("unknown command or action 'nope'"))
            #expect(error.text.contains("\u{1B}[") == errorIsTerminal)
        }
        let noColour = AppHarness.run(
            input: ScriptedInput("nope\n", isTerminal: true), arguments: ["--data-dir", data.path],
            environment: ["NO_COLOR": "1"], terminalOutput: true)
        #expect(!noColour.error.contains("\u{1B}") && !noColour.output.contains("\u{1B}"))
    }

    @Test("A bad --open link in an interactive session shows the error and the session goes on")
    func badOpenLinkInteractive() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("state\n", arguments: ["--open", "app://nowhere"], interactive: true)
        #expect(run.status == 0)
        #expect(run.error.contains("error: --open: unknown link 'app://nowhere'"))
        #expect(run.output.contains(#""top":"login""#))
    }
}
