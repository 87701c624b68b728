import Core

/// The second step, `signup.password`: the password, typed twice. Both fields
/// are secure, so the password never appears in the content.
final class SignUpPasswordViewController: ViewController, SignUpStepPresentable {
    weak var listener: (any SignUpStepScreenListener)?
    private let draft: SignUpDraft
    private var errorMessage: String?

    init(draft: SignUpDraft) {
        self.draft = draft
        super.init(screenID: "signup.password")
    }

    override var content: ScreenContent {
        ScreenContent(
            title: "Choose a password",
            elements: [
                .text("Step 2 of 3: at least 8 characters."),
                .field(TextField(id: "password", label: "Password", value: draft.password, isSecure: true)),
                .field(TextField(id: "confirmation", label: "Confirm", value: draft.confirmation, isSecure: true)),
                .button(Button(id: "next", title: "Next")),
                .button(Button(id: "cancel", title: "Cancel")),
            ],
            errorMessage: errorMessage
        )
    }

    override func handleText(_ text: String, forField id: String) {
        switch id {
        case "password": draft.password = text
        case "confirmation": draft.confirmation = text
        default: break
        }
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
