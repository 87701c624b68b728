import AppTesting
import Foundation
import Testing

@testable import AppTerminal

@Suite("Choosing the terminal mode: TERM=dumb and streams that are not the process's terminal get the line mode")
@MainActor
struct TerminalModeTests {
    @Test("TERM=dumb gets the line mode without colour, even when both streams are terminals")
    func dumbTerminalIsPlain() throws {
        let data = try TemporaryDataDirectory()
        let run = AppHarness.run(
            input: ScriptedInput("nope\nquit\n", isTerminal: true), arguments: ["--data-dir", data.path],
            environment: ["TERM": "dumb"], terminalOutput: true)
        #expect(run.status == 0)
        #expect(run.output.contains("Type help for the commands") && run.output.contains("> "))
        #expect(!run.output.contains("\u{1B}") && !run.error.contains("\u{1B}"))
        #expect(run.error.contains("unknown command or action 'nope'"))
    }

    @Test("The joiners of an emoji sequence are drawn as they are, as the input rules allow them in a name")
    func joinersAreDrawnRaw() throws {
        let family = "Zo\u{EB} \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(TerminalText.escaped(family) == family)
        #expect(TerminalText.escaped("a\u{200B}b") == "a\\u{200B}b", "the zero-width space is still escaped")
        let data = try TemporaryDataDirectory()
        let script = """
            signup
            set email zoe@example.com
            next
            set password zoe-password
            set confirmation zoe-password
            next
            set displayName \(family)
            create
            state

            """
        let run = data.run(script)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.user == family)
    }

    @Test("Bidi and format characters in a name are written escaped in the line mode too")
    func formatCharactersEscapedInLineMode() throws {
        let data = try TemporaryDataDirectory()
        let script = """
            signup
            set email eve@example.com
            next
            set password eve-password
            set confirmation eve-password
            next
            set displayName Eve\u{202E}\u{200B}lla
            screen

            """
        let run = data.run(script)
        #expect(run.output.contains("Eve\\u{202E}\\u{200B}lla"), "\(run.output)")
        #expect(!run.output.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" })
    }
}

@Suite("Leaving the line mode at a terminal with work in progress asks first")
@MainActor
struct LineModeLeavingTests {
    static let composeDraft = AppHarness.demoLogin + "compose\nset text unsaved words\n"

    @Test("quit with a compose draft asks; n stays, y leaves with 0")
    func quitWithDraftAsks() throws {
        let data = try TemporaryDataDirectory()
        let input = TerminalKeystrokes(
            Self.composeDraft.split(separator: "\n").map { $0 + "\n" } + ["quit\n", "n\n", "state\n", "quit\n", "y\n"])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 0)
        #expect(run.output.components(separatedBy: "Leave? The draft is kept for next time. (y/n) ").count == 3)
        #expect(run.output.contains(#""top":"feed.compose""#), "after n the session went on")
    }

    @Test("quit with a new name unsaved in Profile's edit asks, even from the Feed tab, and the name comes back")
    func quitWithUnsavedProfileEditAsks() throws {
        let data = try TemporaryDataDirectory()
        let input = TerminalKeystrokes(
            (AppHarness.demoLogin + "tab profile\nedit\nset displayName Not Yet\ntab feed\n").split(separator: "\n")
                .map { $0 + "\n" } + ["quit\n", "y\n"])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 0)
        #expect(run.output.contains("Leave? The new display name is kept for next time, not saved. (y/n) "))
        let next = data.run("tab profile\nscreen\n")
        #expect(next.output.contains("Display name (set displayName): Not Yet"))
    }

    @Test("A playground, which keeps nothing, says the draft is lost rather than kept for next time")
    func playgroundPromisesNothing() throws {
        let input = TerminalKeystrokes(["compose\n", "set text unsaved words\n", "quit\n", "y\n"])
        let run = AppHarness.run(input: input, arguments: ["--feature", "Feed"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("Leave? The draft is lost: a playground keeps nothing. (y/n) "))
        #expect(!run.output.contains("kept for next time"))
    }

    @Test("A draft of spaces is no draft anywhere: the sheet closes on a swipe down and leaving asks nothing")
    func blankDraftIsNoDraft() throws {
        let data = try TemporaryDataDirectory()
        let swipe = data.run(AppHarness.demoLogin + "compose\nset text    \nscreen\ndismiss\nstate\n")
        #expect(swipe.status == 0, "\(swipe.error)")
        #expect(swipe.output.contains("Post (set text):    \n"), "the draft holds three spaces")
        #expect(swipe.lastState?.presented.isEmpty == true, "the swipe down closed the sheet")
        let input = TerminalKeystrokes(
            (AppHarness.demoLogin + "compose\nset text    \n").split(separator: "\n").map { $0 + "\n" } + ["quit\n"])
        let quit = AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(quit.status == 0)
        #expect(!quit.output.contains("Leave?"))
    }

    @Test("Ctrl-D in a sign-up asks; Ctrl-D again at the question leaves")
    func endOfInputInSignUpAsks() throws {
        let data = try TemporaryDataDirectory()
        let input = TerminalKeystrokes(["signup\n", "set email new@example.com\n", "", "", "state\n"])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path])
        #expect(run.status == 0)
        #expect(run.output.contains("\nLeave? The sign-up is kept for next time, without passwords. (y/n) "))
        #expect(!run.output.contains(#""top""#), "the app left at the second Ctrl-D")
    }

    @Test("Leaving with nothing in progress asks nothing, and a script never asks")
    func nothingToLose() throws {
        let data = try TemporaryDataDirectory()
        let interactive = data.run("quit\n", interactive: true)
        #expect(!interactive.output.contains("Leave?"))
        let scripted = data.run(Self.composeDraft + "quit\n")
        #expect(scripted.status == 0 && !scripted.output.contains("Leave?"))
    }
}
