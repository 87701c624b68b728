import Core

/// What the `profile.edit` screen tells its coordinator.
@MainActor
protocol ProfileEditScreenListener: AnyObject {
    /// The person tapped `save` with `displayName` as typed.
    func editScreenDidSave(displayName: String)

    /// The person gave the change up: `cancel` with no change, or `discard` (offered after `cancel` or a refused
    /// back with a change).
    func editScreenDidCancel()
}

/// The `profile.edit` screen: the field `displayName` and the actions `save` and `cancel`. While the field holds
/// a name other than the saved one, the screen refuses the person's back and swipe back, and `cancel` does not
/// close it: both say what to do and offer `discard`.
final class ProfileEditViewController: ViewController, ProfileEditPresentable {
    weak var listener: (any ProfileEditScreenListener)?
    private(set) var displayName: String
    /// The saved name, which the field starts with; a different text is a change.
    private var savedName: String
    /// What the screen says after a refused back or `cancel` with a change; `discard` is offered with it.
    private var notice: String?
    private var errorMessage: String?

    /// Creates the screen for a person saved as `savedName`, with the field holding it.
    init(savedName: String) {
        self.savedName = savedName
        displayName = savedName
        super.init(screenID: "profile.edit")
    }

    var holdsChange: Bool { displayName != savedName }

    override var content: ScreenContent {
        var elements: [ScreenElement] = [
            .field(TextField(id: "displayName", label: "Display name", value: displayName)),
            .button(Button(id: "save", title: "Save")),
            .button(Button(id: "cancel", title: "Cancel")),
        ]
        if let notice { elements += [.text(notice), .button(Button(id: "discard", title: "Discard"))] }
        return ScreenContent(title: "Edit profile", elements: elements, errorMessage: errorMessage)
    }

    override var isModalInNavigation: Bool { holdsChange }

    override func didAttemptUserBack() {
        notice = ProfileMessage.backRefused
    }

    override func handleText(_ text: String, forField id: String) {
        guard id == "displayName" else { return }
        // The error answered the name that was saved: once the name is edited it no longer applies.
        if text != displayName { errorMessage = nil }
        show(displayName: text)
    }

    override func handleAction(_ id: String) {
        switch id {
        case "save": listener?.editScreenDidSave(displayName: displayName)
        case "cancel":
            if holdsChange { notice = ProfileMessage.discardQuestion } else { listener?.editScreenDidCancel() }
        case "discard": listener?.editScreenDidCancel()
        default: break
        }
    }

    func show(displayName: String) {
        self.displayName = displayName
        if !holdsChange { notice = nil }
    }

    func show(savedName: String) {
        self.savedName = savedName
        show(displayName: savedName)
    }

    func show(errorMessage: String?) {
        self.errorMessage = errorMessage
        // An error shown while an action is handled is that action's answer: it is refused with it.
        if let errorMessage { refuseAction(because: errorMessage) }
    }
}
