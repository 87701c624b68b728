import Core

/// What the `playground` screen tells the stand-in parent.
@MainActor
protocol PlaygroundScreenListener: AnyObject {
    /// The person chose how to show the feature: `push`, `sheet` or `embed`.
    func playgroundScreenDidChoose(_ presentation: PlaygroundCoordinator.Presentation)

    /// The person tapped `hide`.
    func playgroundScreenDidTapHide()
}

/// The stand-in parent's screen, `playground`: what the playground offers, the latest of what the feature told
/// its parent and of what the person removed, since the feature was last shown, and the actions `push`, `sheet`,
/// `embed` and `hide`. It is a container, so the feature can be embedded in it.
final class PlaygroundViewController: ContainerViewController {
    /// How many of the latest events the screen lists.
    static let eventLimit = 5

    weak var listener: (any PlaygroundScreenListener)?
    /// Whether the feature is shown, which enables `hide`.
    var showsFeature = false
    private let featureName: String
    private let summary: String
    private var events: [String] = []

    init(featureName: String, summary: String) {
        self.featureName = featureName
        self.summary = summary
        super.init(screenID: "playground")
    }

    override var content: ScreenContent {
        let events = events.isEmpty ? ["\(featureName) has told its parent nothing yet."] : events
        return ScreenContent(
            title: "\(featureName) playground",
            elements: [.text(summary)] + events.map(ScreenElement.text)
                + PlaygroundCoordinator.Presentation.allCases.map { presentation in
                    .button(Button(id: presentation.rawValue, title: presentation.title))
                } + [.button(Button(id: "hide", title: "Hide \(featureName)", isEnabled: showsFeature))],
            errorMessage: inlineError
        )
    }

    override func handleAction(_ id: String) {
        if let presentation = PlaygroundCoordinator.Presentation(rawValue: id) {
            listener?.playgroundScreenDidChoose(presentation)
        } else if id == "hide" {
            listener?.playgroundScreenDidTapHide()
        }
    }

    /// Lists `event`, one sentence, keeping the latest ``eventLimit``.
    func record(_ event: String) {
        events = Array((events + [event]).suffix(Self.eventLimit))
    }

    /// Forgets the events listed: a fresh feature is shown, and they were about the one before it.
    func forgetEvents() {
        events = []
    }

}

extension PlaygroundCoordinator.Presentation {
    /// The button's title.
    fileprivate var title: String {
        switch self {
        case .push: "Show pushed"
        case .sheet: "Show as a sheet"
        case .embed: "Show embedded"
        }
    }
}
