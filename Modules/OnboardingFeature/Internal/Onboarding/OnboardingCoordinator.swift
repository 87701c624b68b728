import Core

/// The Onboarding flow: a tour of pages in a page container, `onboarding`, which is its screen. Each page is a
/// screen `onboarding.<page>`; `next` turns to the following page, as a swipe to the next page does, and a swipe
/// to the previous page goes back one. `done` on the last page, or `skip` on any, tells the listener.
///
/// The pages have no coordinator of their own: they only report taps, which this coordinator handles, and a page
/// turn removes no screen. Which page is shown is read from the container, so it is right whoever turned it.
final class OnboardingCoordinator: ViewableCoordinator<PageViewController> {
    weak var listener: (any OnboardingListener)?

    /// Creates the flow, teaching `topics`, with the page container of every page as its screen.
    init(topics: OnboardingTopics) {
        let container = PageViewController(screenID: "onboarding")
        let pages = OnboardingPage.allCases.map { OnboardingPageViewController(page: $0, topics: topics) }
        // A new container outside any window refuses nothing: the pages are new and distinct.
        try? container.setPages(pages)
        super.init(viewControllerable: container, presenter: container)
        for page in pages { page.listener = self }
    }

    /// The page shown.
    var currentPage: OnboardingPage {
        (presenter.currentPage as? OnboardingPageViewController)?.page ?? .welcome
    }

    /// Shows `page`, as if the person had turned to it.
    private func show(_ page: OnboardingPage, animated: Bool) throws(NavigationError) {
        guard let index = OnboardingPage.allCases.firstIndex(of: page) else { return }
        try presenter.turn(to: index, animated: animated)
    }

    // MARK: - Restoration

    /// The flow's record: kind `onboarding`, version 1, the value `page` (the page shown, such as `gestures`).
    override var restorationState: RestorationState? {
        OnboardingRestoration.format.record(values: [OnboardingRestoration.page: currentPage.rawValue])
    }

    /// Turns to the recorded page (the first page for a record without one). An unknown page or format leaves
    /// the tour where it is and says why.
    override func restore(from state: RestorationState) -> RestorationResult {
        let page: OnboardingPage
        do throws(RestorationError) {
            try OnboardingRestoration.format.check(state)
            page = try state.value(OnboardingRestoration.page, as: OnboardingPage.self) ?? .welcome
        } catch {
            return .nearest(because: error)
        }
        do {
            try show(page, animated: false)
        } catch {
            return .nearest(
                because: .noLongerApplies("the onboarding page '\(page.rawValue)' cannot be shown: \(error)"))
        }
        return .restored
    }
}

extension OnboardingCoordinator: OnboardingPageScreenListener {
    func pageScreenDidTapNext(_ screen: any OnboardingPagePresentable) {
        guard let next = screen.page.next else { return }
        do {
            try show(next, animated: true)
            screen.show(errorMessage: nil)
        } catch {
            screen.show(errorMessage: OnboardingMessage.cannotShow(error))
        }
    }

    func pageScreenDidTapSkip() {
        listener?.onboardingDidSkip()
    }

    func pageScreenDidTapDone() {
        listener?.onboardingDidFinish()
    }
}

/// The flow's restoration record: kind `onboarding`, version 1, the value `page` (a page's name, such as
/// `welcome` or `links`).
enum OnboardingRestoration {
    static let format = RestorationFormat(kind: "onboarding", version: 1)
    static let page = "page"
}
