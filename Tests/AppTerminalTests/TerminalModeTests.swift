import AppStandIn
import Foundation
import TerminalTesting
import Testing

@testable import AppTerminal

@Suite("Choosing the terminal mode: TERM=dumb and streams that are not the process's terminal get the line mode")
@MainActor
struct TerminalModeTests {
    @Test("TERM=dumb gets the line mode without colour, even when both streams are terminals")
    func dumbTerminalIsPlain() async throws {
        let run = try await StandIn.app().run(
            input: ScriptedInput("nope\nquit\n", isTerminal: true), environment: ["TERM": "dumb"], terminalOutput: true)
        #expect(run.status == 0)
        #expect(run.output.contains("Type help for the commands") && run.output.contains("> "))
        #expect(!run.output.contains("\u{1B}") && !run.error.contains("\u{1B}"))
        #expect(run.error.contains("unknown command or action 'nope'"))
    }

    @Test("The joiners of an emoji sequence are drawn as they are, as the input rules allow them in a name")
    func joinersAreDrawnRaw() async throws {
        let family = "Zo\u{EB} \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(TerminalText.escaped(family) == family)
        #expect(TerminalText.escaped("a\u{200B}b") == "a\\u{200B}b", "the zero-width space is still escaped")
        let app = try StandIn.app()
        app.session.userDisplayName = family
        let run = await app.run("set email \(family)\nscreen\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.user == family)
        #expect(run.output.contains("Email (set email): \(family)\n"))
    }

    @Test("Bidi and format characters in what the app shows are written escaped in the line mode too")
    func formatCharactersEscapedInLineMode() async throws {
        let run = try await StandIn.app().run("signup\nset name Eve\u{202E}\u{200B}lla\nscreen\n")
        #expect(run.output.contains("Eve\\u{202E}\\u{200B}lla"), "\(run.output)")
        #expect(!run.output.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" })
    }
}

@Suite("Leaving the line mode at a terminal with work in progress asks first")
@MainActor
struct LineModeLeavingTests {
    static let question = "Leave? The note is kept for next time. (y/n)"

    /// The stand-in app, which asks ``question`` before leaving.
    static func appWithWork() throws -> StandInApp {
        let app = try StandIn.app()
        app.session.leaveQuestion = question
        return app
    }

    @Test("quit with work in progress asks; n stays, y leaves with 0")
    func quitWithWorkAsks() async throws {
        let app = try Self.appWithWork()
        let input = TerminalKeystrokes(["quit\n", "n\n", "state\n", "quit\n", "y\n"])
        let run = await app.run(input: input)
        #expect(run.status == 0)
        #expect(run.output.components(separatedBy: Self.question + " ").count == 3)
        #expect(run.output.contains(#""top":"signin""#), "after n the session went on")
        #expect(app.session.isStopped)
    }

    @Test("Any answer but y or yes stays; yes, in any case and with spaces, leaves")
    func answers() async throws {
        let app = try Self.appWithWork()
        let run = await app.run(input: TerminalKeystrokes(["quit\n", "maybe\n", "quit\n", " YES \n", "state\n"]))
        #expect(run.status == 0)
        #expect(run.output.components(separatedBy: Self.question + " ").count == 3)
        #expect(!run.output.contains(#""top""#), "the app left at yes")
    }

    @Test("Ctrl-D with work in progress asks; Ctrl-D again at the question leaves")
    func endOfInputAsks() async throws {
        let input = TerminalKeystrokes(["signup\n", "", "", "state\n"])
        let run = try await Self.appWithWork().run(input: input)
        #expect(run.status == 0)
        #expect(run.output.contains("\n" + Self.question + " "))
        #expect(!run.output.contains(#""top""#), "the app left at the second Ctrl-D")
    }

    @Test("Leaving with nothing in progress asks nothing, and a script never asks")
    func nothingToLose() async throws {
        let interactive = try await StandIn.app().run("quit\n", interactive: true)
        #expect(!interactive.output.contains("Leave?"))
        let scripted = try await Self.appWithWork().run("state\nquit\n")
        #expect(scripted.status == 0 && !scripted.output.contains("Leave?"))
    }
}
