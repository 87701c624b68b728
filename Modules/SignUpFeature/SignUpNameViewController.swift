import Core

/// The last step, `signup.name`: the display name, then `create`.
final class SignUpNameViewController: ViewController, SignUpStepPresentable {
    weak var listener: (any SignUpStepScreenListener)?
    private let draft: SignUpDraft
    private var errorMessage: String?

    init(draft: SignUpDraft) {
        self.draft = draft
        super.init(screenID: "signup.name")
    }

    override var content: ScreenContent {
        ScreenContent(
            title: "Your name",
            elements: [
                .text("Step 3 of 3: how other people see you."),
                .field(TextField(id: "displayName", label: "Display name", value: draft.displayName)),
                .button(Button(id: "create", title: "Create account")),
                .button(Button(id: "cancel", title: "Cancel")),
            ],
            errorMessage: errorMessage
        )
    }

    override func handleText(_ text: String, forField id: String) {
        if id == "displayName" { draft.displayName = text }
    }

    override func handleAction(_ id: String) {
        switch id {
        case "create": listener?.stepScreenDidSubmit()
        case "cancel": listener?.stepScreenDidCancel()
        default: break
        }
    }

    func show(errorMessage: String?) {
        self.errorMessage = errorMessage
    }
}
