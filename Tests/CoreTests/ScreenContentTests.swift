import Core
import CoreTesting
import Testing

@Suite("Screen content")
@MainActor
struct ScreenContentTests {
    static let sample = ScreenContent(
        title: "Feed",
        elements: [
            .text("Welcome"),
            .field(TextField(id: "email", label: "Email", value: "ada@example.com")),
            .button(Button(id: "logIn", title: "Log in")),
            .segmentedControl(
                SegmentedControl(
                    id: "segments",
                    segments: [.init(id: "latest", title: "Latest"), .init(id: "popular", title: "Popular")],
                    selectedID: "latest")),
            .list(
                ListSection(
                    id: "posts",
                    items: [
                        ListItem(id: "1", title: "First", actionID: "open.1"),
                        ListItem(id: "2", title: "Not tappable"),
                    ])),
            .field(TextField(id: "password", label: "Password", value: "secret", isSecure: true)),
            .button(Button(id: "disabled", title: "Later", isEnabled: false)),
        ])

    @Test("Actions are derived from buttons, tappable rows and segments, in display order")
    func derivedActions() {
        #expect(
            Self.sample.actions == [
                ScreenAction(id: "logIn", title: "Log in", isEnabled: true),
                ScreenAction(id: "latest", title: "Latest", isEnabled: true),
                ScreenAction(id: "popular", title: "Popular", isEnabled: true),
                ScreenAction(id: "open.1", title: "First", isEnabled: true),
                ScreenAction(id: "disabled", title: "Later", isEnabled: false),
            ])
    }

    @Test("Fields are derived from field elements, in display order")
    func derivedFields() {
        #expect(Self.sample.fields.map(\.id) == ["email", "password"])
        #expect(Self.sample.fields.first?.displayedValue == "ada@example.com")
    }

    @Test("A secure field keeps only a mask of its value, never the value")
    func secureFieldMasks() {
        let field = TextField(id: "password", label: "Password", value: "hunter22", isSecure: true)
        #expect(field.displayedValue == "••••••••")
        #expect(!String(describing: field).contains("hunter22"))
        #expect(!String(reflecting: ScreenContent(title: "", elements: [.field(field)])).contains("hunter22"))
        #expect(field == TextField(id: "password", label: "Password", value: "abcdefgh", isSecure: true))
    }

    @Test("A button's confirmation is its action's: the question a front end asks before performing it")
    func confirmationReachesTheAction() throws {
        let content = ScreenContent(
            title: "Profile",
            elements: [
                .button(Button(id: "edit", title: "Edit")),
                .button(Button(id: "logout", title: "Log out", confirmation: "Log out?")),
            ])
        #expect(content.actions.map(\.confirmation) == [nil, "Log out?"])
        // The screen performs it whenever it is performed: the question is the front end's to ask.
        let screen = TestScreen(screenID: "profile")
        screen.screenContent = content
        try screen.performAction("logout")
        #expect(screen.handledActions == ["logout"])
    }

    @Test("A multi-line field keeps line breaks in its value; a secure field is never multi-line")
    func multilineField() {
        let post = TextField(id: "text", label: "Post", value: "first\nsecond", isMultiline: true)
        #expect(post.isMultiline)
        #expect(post.displayedValue == "first\nsecond")
        #expect(!TextField(id: "email", label: "Email", value: "").isMultiline)
        let secret = TextField(id: "password", label: "Password", value: "a\nb", isSecure: true, isMultiline: true)
        #expect(!secret.isMultiline)
        #expect(secret.displayedValue == "•••")
    }

    @Test("performAction runs the handler for an offered, enabled action")
    func performAction() throws {
        let screen = TestScreen(screenID: "screen")
        screen.screenContent = Self.sample
        try screen.performAction("open.1")
        try screen.performAction("popular")
        #expect(screen.handledActions == ["open.1", "popular"])
    }

    @Test("performAction on an unknown or disabled action throws and does not call the handler")
    func performActionRefusals() {
        let screen = TestScreen(screenID: "screen")
        screen.screenContent = Self.sample
        #expect(throws: ScreenInputError.unknownAction("nope")) { try screen.performAction("nope") }
        #expect(throws: ScreenInputError.unknownAction("2")) { try screen.performAction("2") }
        #expect(throws: ScreenInputError.actionDisabled("disabled")) { try screen.performAction("disabled") }
        #expect(screen.handledActions.isEmpty)
    }

    @Test("setText runs the handler for a shown field; an unknown field throws and does not call it")
    func setText() throws {
        let screen = TestScreen(screenID: "screen")
        screen.screenContent = Self.sample
        try screen.setText("ada@example.org", forField: "email")
        #expect(throws: ScreenInputError.unknownField("name")) { try screen.setText("Ada", forField: "name") }
        #expect(throws: ScreenInputError.unknownField("logIn")) { try screen.setText("x", forField: "logIn") }
        #expect(screen.handledTexts == ["email=ada@example.org"])
    }
}
