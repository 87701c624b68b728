import Core

/// What a sign-up step's screen tells its coordinator. The typed text goes to
/// the shared ``SignUpDraft``; only the decisions come here.
@MainActor
protocol SignUpStepScreenListener: AnyObject {
    /// The user asked to go on (`next` or `create`).
    func stepScreenDidSubmit()

    /// The user tapped `cancel`.
    func stepScreenDidCancel()
}

/// The screen of a sign-up step: a caption, the step's fields, the submit
/// button and `cancel`. What is typed goes straight into the shared
/// ``SignUpDraft``, so going back to a step, or forward again, shows it; secure
/// fields show only a mask.
final class SignUpStepViewController: ViewController, SignUpStepPresentable {
    weak var listener: (any SignUpStepScreenListener)?
    private let step: SignUpStep
    private let draft: SignUpDraft

    init(step: SignUpStep, draft: SignUpDraft) {
        self.step = step
        self.draft = draft
        super.init(screenID: step.screenID)
    }

    override var content: ScreenContent {
        let fields = step.fields.map { field in
            let textField = TextField(
                id: field.id, label: field.label, value: draft[keyPath: field.value], isSecure: field.isSecure)
            return ScreenElement.field(textField)
        }
        return ScreenContent(
            title: step.title,
            elements: [.text(step.caption)] + fields + [
                .button(step.submitButton),
                .button(Button(id: "cancel", title: "Cancel")),
            ],
            errorMessage: inlineError
        )
    }

    override func handleText(_ text: String, forField id: String) {
        guard let field = step.fields.first(where: { $0.id == id }) else { return }
        draft[keyPath: field.value] = text
    }

    override func handleAction(_ id: String) {
        switch id {
        case step.submitButton.id: listener?.stepScreenDidSubmit()
        case "cancel": listener?.stepScreenDidCancel()
        default: break
        }
    }

}
