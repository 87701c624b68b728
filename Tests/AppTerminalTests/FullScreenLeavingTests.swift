import AppInterface
import AppStandIn
import Core
import Glibc
import TerminalTesting
import Testing

@testable import AppTerminal

@Suite("Leaving the full screen keeps what was typed into the focused field: Ctrl-C, Ctrl-D and signals set it first")
@MainActor
struct FullScreenLeavingTests {
    static let question = "Leave? The note is kept for next time. (y/n)"

    /// What the stand-in app saw when it was asked its question before leaving.
    @MainActor
    final class Asked {
        /// The email field's value then, one entry per question.
        var emails: [String?] = []
        /// How many times a command had settled (the place saved) by then.
        var settledCounts: [Int] = []
    }

    /// The stand-in app on its sign-in screen, which has work to lose once the email field holds text, as the real
    /// app's unsaved draft does; `asked` records what it saw when asked.
    static func appWithDraft(_ asked: Asked) throws -> StandInApp {
        let app = try StandIn.app()
        app.session.asksBeforeLeaving = { session in
            let email = session.screen("signin")?.value(of: "email")
            asked.emails.append(email)
            asked.settledCounts.append(session.settledCount)
            return (email ?? "").isEmpty ? nil : question
        }
        return app
    }

    /// Runs the full screen over `app` on `terminal` until its keys run out; the exit code.
    static func run(_ app: StandInApp, on terminal: ScriptedTerminal) async -> Int32 {
        _ = app.session.start(restores: false, initialLink: nil)
        let fullScreen = FullScreenSession(
            session: app.session, terminal: terminal, history: CommandHistory(directory: nil))
        return await fullScreen.run(linkFailure: nil, errorOutput: CapturedOutput())
    }

    @Test("Ctrl-C sets and saves what is typed in the field before asking, so the question counts it; y leaves")
    func interruptSetsTheFieldBeforeAsking() async throws {
        let asked = Asked()
        let app = try Self.appWithDraft(asked)
        let terminal = ScriptedTerminal(keys: typing("Unsaved words") + [.interrupt, .character("y")])
        let code = await Self.run(app, on: terminal)
        #expect(code == ExitCode.success)
        #expect(app.session.inputs == [.setText("Unsaved words", field: "email")])
        #expect(asked.emails == ["Unsaved words"], "the app was asked once, with the typed text set")
        let settledAtSet = try #require(asked.settledCounts.first)
        #expect(settledAtSet >= 2, "the start and the set both settled (the place saved) before the question")
        #expect(terminal.frames.contains { $0.text.contains { $0.contains(Self.question) } })
    }

    @Test("Ctrl-C with text typed over a kept draft sets the new text: the field's earlier value is not what is kept")
    func interruptKeepsTheNewText() async throws {
        let asked = Asked()
        let app = try Self.appWithDraft(asked)
        try #require(app.session.screen("signin")).handleText("Draft text here", forField: "email")
        // The focus starts at the first empty field, the password: Shift-Tab goes back to the email.
        let keys = [.backTab, .deleteToStart] + typing("Second try text") + [.interrupt, .character("y")]
        let code = await Self.run(app, on: ScriptedTerminal(keys: keys))
        #expect(code == ExitCode.success)
        #expect(app.session.screen("signin")?.value(of: "email") == "Second try text")
        #expect(asked.emails == ["Second try text"])
    }

    @Test("n after Ctrl-C stays in the field, its text set, and typing goes on after it")
    func answeringNoKeepsTyping() async throws {
        let asked = Asked()
        let app = try Self.appWithDraft(asked)
        let keys = typing("ada") + [.interrupt, .character("n")] + typing("@example.com")
        let terminal = ScriptedTerminal(keys: keys)
        let code = await Self.run(app, on: terminal)
        #expect(code == 128 + SIGTERM, "the script ends by a signal, not by the answer")
        #expect(asked.emails.first == "ada")
        #expect(app.session.screen("signin")?.value(of: "email") == "ada@example.com")
        #expect(terminal.frames.contains { $0.text.contains { $0.contains("Email: ada@example.com") } })
    }

    @Test("Ctrl-D in an emptied field sets it empty before leaving: the person's edit is what is kept")
    func endOfInputSetsTheEmptiedField() async throws {
        let asked = Asked()
        let app = try Self.appWithDraft(asked)
        try #require(app.session.screen("signin")).handleText("old@example.com", forField: "email")
        let code = await Self.run(app, on: ScriptedTerminal(keys: [.backTab, .deleteToStart, .endOfInput]))
        #expect(code == ExitCode.success, "with the field empty, nothing is lost: no question")
        #expect(app.session.inputs == [.setText("", field: "email")])
        #expect(asked.emails == [""])
    }

    @Test("A field that refuses the text keeps it to type on, and the question says it would be lost")
    func refusedTextIsAskedAbout() async throws {
        let asked = Asked()
        let app = try Self.appWithDraft(asked)
        app.session.refusal = { input in
            if case .setText = input { "the email is too long" } else { nil }
        }
        let terminal = ScriptedTerminal(keys: typing("ada") + [.interrupt, .character("n")])
        let code = await Self.run(app, on: terminal)
        #expect(code == 128 + SIGTERM)
        let lost = "Leave? What was typed into the field is lost (the email is too long). (y/n)"
        #expect(terminal.frames.contains { $0.text.contains { $0.contains(lost) } })
        #expect(asked.emails.isEmpty, "the app's own question is not asked over the refusal")
        #expect(terminal.cells.text(in: .input).first == "ada ", "after n the text is still in the field")
    }

    @Test(
        "A signal (the terminal closed, or the process told to end) sets and saves the field's text before the exit",
        arguments: [SIGHUP, SIGTERM])
    func signalSetsAndSavesTheField(signal: Int32) async throws {
        let asked = Asked()
        let app = try Self.appWithDraft(asked)
        var settledAtSet: Int?
        app.session.refusal = { [unowned session = app.session] input in
            if case .setText = input { settledAtSet = session.settledCount }
            return nil
        }
        let terminal = ScriptedTerminal(keys: typing("Typed before hangup"), endingSignal: signal)
        let code = await Self.run(app, on: terminal)
        #expect(code == 128 + signal)
        #expect(app.session.inputs == [.setText("Typed before hangup", field: "email")])
        let atSet = try #require(settledAtSet)
        #expect(app.session.settledCount == atSet + 1, "the set settled (the place saved) before the exit")
        #expect(terminal.isClosed)
    }

    @Test("With nothing typed, Ctrl-C sets nothing and leaves at once when the app has nothing to lose")
    func interruptWithNothingTyped() async throws {
        let asked = Asked()
        let app = try Self.appWithDraft(asked)
        let terminal = ScriptedTerminal(keys: [.interrupt])
        let code = await Self.run(app, on: terminal)
        #expect(code == ExitCode.success)
        #expect(app.session.inputs.isEmpty)
        #expect(asked.emails == [nil])
    }
}
