import AppTesting
import Foundation
import Testing

/// What the app says it would lose before a person leaves at a terminal, for each kind of work in progress.
@Suite("The question before leaving names the work in progress")
@MainActor
struct LeavingQuestionTests {
    static let composeDraft = AppHarness.demoLogin + "compose\nset text unsaved words\n"

    /// One keystroke chunk a line of `commands`, then `more`.
    static func keystrokes(_ commands: String, then more: [String]) -> TerminalKeystrokes {
        TerminalKeystrokes(commands.split(separator: "\n").map { $0 + "\n" } + more)
    }

    @Test("quit with a compose draft asks; n stays, y leaves with 0")
    func quitWithDraftAsks() async {
        let data = InMemoryData()
        let run = await data.run(
            input: Self.keystrokes(Self.composeDraft, then: ["quit\n", "n\n", "state\n", "quit\n", "y\n"]))
        #expect(run.status == 0)
        #expect(run.output.components(separatedBy: "Leave? The draft is kept for next time. (y/n) ").count == 3)
        #expect(run.output.contains(#""top":"feed.compose""#), "after n the session went on")
    }

    @Test("quit with a new name unsaved in Profile's edit asks, even from the Feed tab, and the name comes back")
    func quitWithUnsavedProfileEditAsks() async {
        let data = InMemoryData()
        let run = await data.run(
            input: Self.keystrokes(
                AppHarness.demoLogin + "tab profile\nedit\nset displayName Not Yet\ntab feed\n",
                then: ["quit\n", "y\n"]))
        #expect(run.status == 0)
        #expect(run.output.contains("Leave? The new display name is kept for next time, not saved. (y/n) "))
        let next = await data.run("tab profile\nscreen\n")
        #expect(next.output.contains("Display name (set displayName): Not Yet"))
    }

    @Test("A playground, which keeps nothing, says the draft is lost rather than kept for next time")
    func playgroundPromisesNothing() async {
        let input = TerminalKeystrokes(["compose\n", "set text unsaved words\n", "quit\n", "y\n"])
        let run = await InMemoryData().run(input: input, arguments: ["--feature", "Feed"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("Leave? The draft is lost: a playground keeps nothing. (y/n) "))
        #expect(!run.output.contains("kept for next time"))
    }

    @Test("A draft of spaces is no draft anywhere: the sheet closes on a swipe down and leaving asks nothing")
    func blankDraftIsNoDraft() async {
        let data = InMemoryData()
        let swipe = await data.run(AppHarness.demoLogin + "compose\nset text    \nscreen\ndismiss\nstate\n")
        #expect(swipe.status == 0, "\(swipe.error)")
        #expect(swipe.output.contains("Post (set text):    \n"), "the draft holds three spaces")
        #expect(swipe.lastState?.presented.isEmpty == true, "the swipe down closed the sheet")
        let quit = await data.run(
            input: Self.keystrokes(AppHarness.demoLogin + "compose\nset text    \n", then: ["quit\n"]))
        #expect(quit.status == 0)
        #expect(!quit.output.contains("Leave?"))
    }

    @Test("Ctrl-D in a sign-up asks; Ctrl-D again at the question leaves")
    func endOfInputInSignUpAsks() async {
        let input = TerminalKeystrokes(["signup\n", "set email new@example.com\n", "", "", "state\n"])
        let run = await InMemoryData().run(input: input)
        #expect(run.status == 0)
        #expect(run.output.contains("\nLeave? The sign-up is kept for next time, without passwords. (y/n) "))
        #expect(!run.output.contains(#""top""#), "the app left at the second Ctrl-D")
    }
}

@Suite("An inline error goes once the input it was about changes")
@MainActor
struct StaleErrorTests {
    @Test("'Wrong email or password.' goes when the password is typed again")
    func retypedPasswordClearsTheError() async {
        let run = await InMemoryData().run(
            "set email demo@example.com\nset password wrong-password\nlogin\nstate\nset password demo-password\nstate\n",
            arguments: ["--keep-going"])
        #expect(run.states.count == 2)
        #expect(run.states.first?.error == "Wrong email or password.")
        #expect(run.states.last?.error == nil, "the retyped password cleared the error")
    }

    @Test("A too-long post's error goes when the text is shortened")
    func shortenedTextClearsTheError() async {
        let long = String(repeating: "x", count: 600)
        let run = await InMemoryData().run(
            AppHarness.demoLogin + "compose\nset text \(long)\npost\nstate\nset text short now\nstate\n",
            arguments: ["--keep-going"])
        #expect(run.states.count == 2)
        #expect(run.states.first?.error != nil, "the long post was refused with an error")
        #expect(run.states.last?.error == nil, "the shortened text cleared the error")
    }
}
