import AppStandIn
import Core
import Foundation
import TerminalTesting
import Testing

@testable import AppTerminal

/// The terminal's part of the app's basics: a question before an action that asks for one, several lines typed into
/// a multi-line field and drawn as lines, and a back on a sheet that says how to close it.
@Suite("The terminal's basics: questions before actions, several lines, the way out of a sheet")
@MainActor
struct AppBasicsTests {
    /// A stand-in app on a profile screen whose `logout` asks first, and whose `edit` does not.
    private static func profileApp() throws -> StandInApp {
        let profile = StandInScreen(
            "profile", title: "Profile",
            elements: [
                .button(Button(id: "edit", title: "Edit")),
                .button(Button(id: "logout", title: "Log out", confirmation: "Log out? You sign in again after.")),
            ])
        return StandInApp(session: try StandInSession(showing: profile))
    }

    @Test("At a terminal an action with a question asks it: n changes nothing and says so, y carries it out")
    func actionAsksFirst() async throws {
        let app = try Self.profileApp()
        let run = await app.run(input: TerminalKeystrokes(["logout\n", "n\n", "2\n", "yes\n", "edit\n", "quit\n"]))
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.components(separatedBy: "Log out? You sign in again after. (y/n) ").count == 3)
        #expect(run.output.contains("Log out: not done; nothing changed."))
        #expect(
            app.session.screen("profile")?.performed == ["logout", "edit"], "the no did nothing; edit asks nothing")
    }

    @Test("The end of the input at an action's question is a no: nothing nobody confirmed is done")
    func endOfInputAtTheQuestionIsNo() async throws {
        let app = try Self.profileApp()
        let run = await app.run(input: TerminalKeystrokes(["logout\n", ""]))
        #expect(run.status == 0)
        #expect(app.session.screen("profile")?.performed == [])
    }

    @Test("A script is not asked: its line is its answer, so every script runs as written")
    func scriptIsNotAsked() async throws {
        let app = try Self.profileApp()
        let run = await app.run("logout\n2\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.output.contains("(y/n)"))
        #expect(app.session.screen("profile")?.performed == ["logout", "logout"])
    }

    /// A stand-in app on a note screen with a multi-line field `text` and a one-line field `title`.
    private static func noteApp() throws -> StandInApp {
        let note = StandInScreen(
            "note", title: "Note",
            elements: [
                .field(TextField(id: "title", label: "Title", value: "")),
                .field(TextField(id: "text", label: "Text", value: "", isMultiline: true)),
            ])
        return StandInApp(session: try StandInSession(showing: note))
    }

    @Test("In a multi-line field \\n types a line break and \\\\ a backslash; another field takes the line as typed")
    func multilineSet() async throws {
        let app = try Self.noteApp()
        let run = await app.run(
            #"""
            set text Dear Ada,\n\nthe path is C:\\notes\n\d stays
            set title a\nb
            screen

            """#)
        #expect(run.status == 0, "\(run.error)")
        let note = try #require(app.session.screen("note"))
        #expect(note.value(of: "text") == "Dear Ada,\n\nthe path is C:\\notes\n\\d stays")
        #expect(note.value(of: "title") == #"a\nb"#)
        // Each line of the value is drawn on its own line; no line break reaches the terminal.
        #expect(
            run.output.contains(
                """
                Text (set text): Dear Ada,
                  
                  the path is C:\\notes
                  \\d stays

                """))
        #expect(!run.output.contains(#"\u{A}"#))
    }

    @Test("A back on a sheet with nothing to go back to says how to close it; elsewhere the refusal is as it was")
    func backOnASheet() async throws {
        let sheet = try await StandIn.app().run(
            "set password \(StandIn.password)\nlogin\ncompose\nback\n", arguments: ["--keep-going"])
        #expect(
            sheet.error
                == "line 4: there is nothing to go back to; this is a sheet: 'dismiss' swipes it down, or use its own "
                + "action to close it\n")
        let root = try await StandIn.app().run("back\n")
        #expect(root.error == "line 1: there is nothing to go back to\n")
    }

    @Test("A multi-line field typed in place starts from its value, line breaks as \\n, and is set back as it was")
    func multilineDraft() async {
        var draft = FieldDraft(TextField(id: "text", label: "Text", value: "a\nb\\c", isMultiline: true))
        #expect(draft.shownText == #"a\nb\\c"#)
        #expect(draft.valueToSet == nil, "nothing typed, nothing to set")
        _ = draft.apply(.character("!"))
        #expect(draft.valueToSet.map(Command.multilineText) == "a\nb\\c!")
        let plain = FieldDraft(TextField(id: "title", label: "Title", value: #"C:\notes"#))
        #expect(plain.shownText == #"C:\notes"#, "a one-line field starts with its value as it is")
    }
}
