import Core

/// What a page screen tells the Onboarding coordinator.
@MainActor
protocol OnboardingPageScreenListener: AnyObject {
    /// The person tapped `next` on `screen`.
    func pageScreenDidTapNext(_ screen: any OnboardingPagePresentable)

    /// The person tapped `skip`.
    func pageScreenDidTapSkip()

    /// The person tapped `done` on the last page.
    func pageScreenDidTapDone()
}

/// What the Onboarding coordinator tells a page screen.
@MainActor
protocol OnboardingPagePresentable: AnyObject {
    /// Receives what the person does on the screen. Held weakly by the screen.
    var listener: (any OnboardingPageScreenListener)? { get set }

    /// The page the screen shows.
    var page: OnboardingPage { get }

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func show(errorMessage: String?)
}

/// A page of the tour, `onboarding.<page>`: its title, what it says, where it is in the tour, and the actions
/// `next` (`done` on the last page) and `skip`.
final class OnboardingPageViewController: ViewController, OnboardingPagePresentable {
    weak var listener: (any OnboardingPageScreenListener)?
    let page: OnboardingPage
    private let topics: OnboardingTopics
    private var errorMessage: String?

    /// Creates the screen of `page`, naming the app's tabs and links from `topics`.
    init(page: OnboardingPage, topics: OnboardingTopics) {
        self.page = page
        self.topics = topics
        super.init(screenID: "onboarding.\(page.rawValue)")
    }

    override var content: ScreenContent {
        var elements = page.paragraphs(topics).map(ScreenElement.text)
        elements.append(.text("Page \(page.number) of \(OnboardingPage.allCases.count)"))
        if page.next == nil {
            elements.append(.button(Button(id: "done", title: "Done")))
        } else {
            elements.append(.button(Button(id: "next", title: "Next")))
        }
        elements.append(.button(Button(id: "skip", title: "Skip")))
        return ScreenContent(title: page.title, elements: elements, errorMessage: errorMessage)
    }

    override func handleAction(_ id: String) {
        switch id {
        case "next": listener?.pageScreenDidTapNext(self)
        case "done": listener?.pageScreenDidTapDone()
        case "skip": listener?.pageScreenDidTapSkip()
        default: break
        }
    }

    func show(errorMessage: String?) {
        self.errorMessage = errorMessage
        // An error shown while an action is handled is that action's answer: it is refused with it.
        if let errorMessage { refuseAction(because: errorMessage) }
    }
}
