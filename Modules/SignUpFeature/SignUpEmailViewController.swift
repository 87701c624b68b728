import Core

/// The first step, `signup.email`: the email address.
final class SignUpEmailViewController: ViewController, SignUpStepPresentable {
    weak var listener: (any SignUpStepScreenListener)?
    private let draft: SignUpDraft
    private var errorMessage: String?

    init(draft: SignUpDraft) {
        self.draft = draft
        super.init(screenID: "signup.email")
    }

    override var content: ScreenContent {
        ScreenContent(
            title: "Create account",
            elements: [
                .text("Step 1 of 3: your email address."),
                .field(TextField(id: "email", label: "Email", value: draft.email)),
                .button(Button(id: "next", title: "Next")),
                .button(Button(id: "cancel", title: "Cancel")),
            ],
            errorMessage: errorMessage
        )
    }

    override func handleText(_ text: String, forField id: String) {
        if id == "email" { draft.email = text }
    }

    override func handleAction(_ id: String) {
        switch id {
        case "next": listener?.stepScreenDidSubmit()
        case "cancel": listener?.stepScreenDidCancel()
        default: break
        }
    }

    func show(errorMessage: String?) {
        self.errorMessage = errorMessage
    }
}
