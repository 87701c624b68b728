import AppInterface
import AppStandIn
import Core
import TerminalTesting
import Testing

@testable import AppTerminal

/// When the keys go into a field: the person asks to type (Enter, Tab, a click, a button that opens a form, ↑ ↓
/// from field to field while typing); the letter keys, Esc and a command line leave them on the screen, where a field
/// the focus lands on is marked and not typed into.
@Suite("Where the keys go: the letter keys move the focus and never type; Enter and Tab type")
@MainActor
struct FieldTypingRuleTests {
    /// The row drawn focused, as text.
    private static func focused(_ terminal: ScriptedTerminal) -> String {
        terminal.cells.text(in: .focused).joined(separator: " ")
    }

    /// What `input` did, in a word or three.
    private static func described(_ input: SessionInput) -> String {
        switch input {
        case .action(let id), .actionOn(let id, _): id
        case .setText(let text, let field): "set \(field) \(text)"
        case .gesture(.backButton): "back"
        default: "\(input)"
        }
    }

    @Test("j and k walk every field and button of a form and back: no field's value changes, a secure one neither")
    func lettersWalkTheForm() async throws {
        let app = try StandIn.app()
        let walk = typing("jjjj")
        var terminal = await app.session.runFullScreen(
            typing("a@b.c") + [.tab] + typing("secret") + [.escape] + walk)
        #expect(
            app.session.inputs == [.setText("a@b.c", field: "email"), .setText("secret", field: "password")],
            "the password set once, by the Esc that left it")
        #expect(Self.focused(terminal).contains("Remind me"), "the last button reached: \(Self.focused(terminal))")

        let back = try StandIn.app()
        terminal = await back.session.runFullScreen([.escape] + typing("jjjjkkkk"))
        #expect(back.session.inputs.isEmpty)
        #expect(terminal.screen.contains { $0.contains("Email:") && !$0.contains("k") })
        #expect(terminal.frames.last?.showsCursor == false, "no field is typed into")
    }

    @Test("A field the letter keys land on is marked, with Enter's hint to type; Enter types into it")
    func enterTypesWhereTheLettersLanded() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen([.escape, .character("j")])
        let status = try #require(terminal.screen.dropLast().last)
        #expect(status.contains("Enter type"), "\(status)")
        #expect(Self.focused(terminal).contains("Password"))

        let pressed = try StandIn.app()
        let hinted = await pressed.session.runFullScreen([.escape, .character("j"), .character("x")])
        let said = try #require(hinted.screen.dropLast().last)
        #expect(said.contains("Enter types into Password"), "a letter that is no key says how to type: \(said)")
        #expect(pressed.session.inputs.isEmpty)

        let typed = try StandIn.app()
        await typed.session.runFullScreen([.escape, .character("j"), .enter] + typing("jk"))
        #expect(typed.session.inputs == [.setText("jk", field: "password")])
    }

    @Test("g and G land on the first and the last control without typing; the arrows on the screen neither")
    func endsAndArrowsOnTheScreen() async throws {
        let app = try StandIn.app()
        await app.session.runFullScreen([.escape, .character("G"), .character("g")] + typing("jk") + [.down, .up])
        #expect(app.session.inputs.isEmpty)

        // ↑ ↓ while typing move on from field to field, typing: a form is typed through with them.
        let typing = try StandIn.app()
        await typing.session.runFullScreen(AppTerminalTests.typing("a@b.c") + [.down] + AppTerminalTests.typing("pw"))
        #expect(typing.session.inputs == [.setText("a@b.c", field: "email"), .setText("pw", field: "password")])
    }

    @Test("A form a command line showed keeps the keys on the screen: ':' opens the command line again")
    func commandLineKeepsTheKeysOnTheScreen() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen(
            [.escape, .character(":")] + typing("signup") + [.enter, .character(":")] + typing("back") + [.enter])
        #expect(app.session.inputs == [.action("signup"), .gesture(.backButton)], "nothing typed into the name")
        #expect(terminal.frames.contains { $0.text[0].contains("Create account") })
        #expect(terminal.screen[0].contains("Sign in") && !terminal.screen[0].contains("›"))
    }

    @Test("A form a button opened is typed into: Enter on the button is asking to type")
    func buttonOpensAFormTypedInto() async throws {
        let app = try StandIn.app()
        await app.session.runFullScreen([.escape] + typing("jjj") + [.enter] + typing("Zed"))
        #expect(app.session.inputs.map(Self.described) == ["signup", "set name Zed"])
    }

    @Test("Esc back to a form leaves the keys on the screen: another Esc goes on back")
    func escapeBackDoesNotType() async throws {
        let app = try StandIn.app()
        let terminal = await app.session.runFullScreen(
            [.escape] + typing("jjj") + [.enter, .escape, .escape] + typing("jk"))
        #expect(app.session.inputs.map(Self.described) == ["signup", "back"])
        #expect(terminal.screen[0].contains("Sign in"))
    }

    @Test("A paste on a field the letter keys landed on goes into it, not to the command line")
    func pasteOnAMarkedField() async throws {
        let app = try StandIn.app()
        let text = "pasted@example.com"
        let terminal = await app.session.runFullScreen(
            [.escape, .character("k"), .paste(text, bytes: text.utf8.count)])
        #expect(app.session.inputs == [.setText(text, field: "email")])
        #expect(!terminal.screen.contains { $0.hasPrefix(":") })
    }

    /// A session showing Home with Log out, which makes a new Log in screen the window's root, as the app's log-out
    /// does.
    private static func loggedIn() throws -> StandInSession {
        let home = StandInScreen("home", title: "Home", elements: [.button(Button(id: "logout", title: "Log out"))])
        let session = try StandInSession(showing: home)
        home.actions["logout"] = { [unowned session] _ in
            let logIn = StandInScreen(
                "login", title: "Log in",
                elements: [
                    .field(TextField(id: "email", label: "Email", value: "")),
                    .button(Button(id: "login", title: "Log in")),
                ])
            try? session.window.setRootViewController(NavigationController(root: logIn))
        }
        return session
    }

    @Test("Log in shown anew after logging out takes typing as at the start, by a command line as by the button")
    func logInAfterLoggingOutTypes() async throws {
        let commanded = try Self.loggedIn()
        await commanded.runFullScreen([.character(":")] + typing("logout") + [.enter] + typing("jane@x.io"))
        #expect(commanded.inputs.map(Self.described) == ["logout", "set email jane@x.io"])

        let tapped = try Self.loggedIn()
        await tapped.runFullScreen([.enter] + typing("jane@x.io"))
        #expect(tapped.inputs.map(Self.described) == ["logout", "set email jane@x.io"])
    }

    /// An edit form with one field, holding "Old", and its Save button.
    private static func formOfOneField() -> StandInScreen {
        StandInScreen(
            "profile", title: "Edit profile",
            elements: [
                .field(TextField(id: "name", label: "Name", value: "Old")),
                .button(Button(id: "save", title: "Save")),
            ])
    }

    @Test("Tab on a form of one field keeps what was typed: typed on, the field holds both")
    func tabOnAFormOfOneField() async throws {
        let profile = Self.formOfOneField()
        let session = try StandInSession(showing: profile)
        let terminal = await session.runFullScreen(typing("er") + [.tab])
        #expect(terminal.screen.contains { $0.contains("Older") }, "the value just set shows: \(terminal.screen)")

        let again = Self.formOfOneField()
        let typedOn = try StandInSession(showing: again)
        await typedOn.runFullScreen(typing("er") + [.tab] + typing("!") + [.backTab])
        #expect(typedOn.inputs == [.setText("Older", field: "name"), .setText("Older!", field: "name")])
        #expect(again.value(of: "name") == "Older!")
    }
}
