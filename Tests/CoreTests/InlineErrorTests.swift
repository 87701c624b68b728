import Core
import Testing

/// A screen with a field and an action that fails while the field is empty.
@MainActor
private final class FormScreen: ViewController {
    private var text = ""

    init() {
        super.init(screenID: "form")
    }

    override var content: ScreenContent {
        ScreenContent(
            title: "Form",
            elements: [
                .field(TextField(id: "text", label: "Text", value: text)), .button(Button(id: "send", title: "Send")),
            ],
            errorMessage: inlineError)
    }

    override func handleText(_ text: String, forField id: String) {
        self.text = text
    }

    override func handleAction(_ id: String) {
        if text.isEmpty { showInlineError("Type something first.") } else { showInlineError(nil) }
    }
}

@Suite("An inline error refuses the current action")
@MainActor
struct InlineErrorTests {
    @Test("An inline error shown while an action is handled refuses it with the same words, and shows them")
    func refusesTheAction() throws {
        let screen = FormScreen()
        #expect(try screen.performAction("send") == .refused("Type something first."))
        #expect(screen.content.errorMessage == "Type something first.")
        #expect(screen.inlineError == "Type something first.")
    }

    @Test("Typing into a field clears the inline error: the input it was about has changed")
    func typingClearsIt() throws {
        let screen = FormScreen()
        _ = try screen.performAction("send")
        try screen.setText("fixed", forField: "text")
        #expect(screen.content.errorMessage == nil)
        #expect(try screen.performAction("send") == .done)
    }

    @Test("Outside an action an inline error is only shown, and clearing it with nil works")
    func outsideAnAction() {
        let screen = FormScreen()
        screen.showInlineError("Shown on its own.")
        #expect(screen.content.errorMessage == "Shown on its own.")
        screen.showInlineError(nil)
        #expect(screen.inlineError == nil)
    }
}
