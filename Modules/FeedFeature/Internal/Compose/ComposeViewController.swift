import Core
import InputRules

/// What the compose screen tells its coordinator.
@MainActor
protocol ComposeScreenListener: AnyObject {
    /// The user tapped `post` with the draft `text`.
    func composeScreenDidRequestPost(text: String)

    /// The user gave the draft up: `cancel` with an empty draft, or `discard`
    /// (offered after `cancel` or a refused swipe down with a draft).
    func composeScreenDidCancel()
}

/// The compose sheet, `feed.compose`: the multi-line field `text` (a post may
/// hold line breaks), `post` (enabled once
/// there is something to post) and `cancel`. While the draft is not blank the
/// sheet refuses the user's swipe down, and `cancel` does not close it: both
/// ask "Discard this draft?" and offer `discard`.
final class ComposeViewController: ViewController, ComposePresentable {
    weak var listener: (any ComposeScreenListener)?
    private(set) var draft = ""
    private var isOfferingDiscard = false

    init() {
        super.init(screenID: "feed.compose")
    }

    override var content: ScreenContent {
        var elements: [ScreenElement] = [
            .field(TextField(id: "text", label: "Post", value: draft, isMultiline: true)),
            .button(Button(id: "post", title: "Post", isEnabled: !InputText.isBlank(draft))),
            .button(Button(id: "cancel", title: "Cancel")),
        ]
        if isOfferingDiscard {
            elements += [.text(FeedMessage.discardQuestion), .button(Button(id: "discard", title: "Discard"))]
        }
        return ScreenContent(title: "New post", elements: elements, errorMessage: inlineError)
    }

    /// Whether the draft holds something to post: the one rule for a draft, so a draft of spaces is neither
    /// guarded by the sheet nor asked about when leaving, as it cannot be posted either.
    var holdsDraft: Bool { !InputText.isBlank(draft) }

    override var isModalInPresentation: Bool { holdsDraft }

    override func didAttemptUserDismissal() {
        isOfferingDiscard = true
    }

    override func handleText(_ text: String, forField id: String) {
        guard id == "text" else { return }
        show(draft: text)
    }

    override func handleAction(_ id: String) {
        switch id {
        case "post": listener?.composeScreenDidRequestPost(text: draft)
        case "cancel":
            if holdsDraft { isOfferingDiscard = true } else { listener?.composeScreenDidCancel() }
        case "discard": listener?.composeScreenDidCancel()
        default: break
        }
    }

    func show(draft: String) {
        self.draft = draft
        if draft.isEmpty { isOfferingDiscard = false }
    }
}
