import Core

/// The Onboarding flow: a tour of pages on the stack its first page is on. Its screen is the first page,
/// `onboarding.welcome`; `next` pushes the following page onto the enclosing navigation controller, so the
/// person's back goes back a page. `done` on the last page, or `skip` on any, tells the listener.
///
/// The later pages have no coordinator of their own: they only report taps, which this coordinator handles, and
/// the person's back removes them without anything to detach. Which page is on top is read from the stack, so
/// it is right whoever popped.
final class OnboardingCoordinator: ViewableCoordinator<any OnboardingPagePresentable> {
    /// The name the app's `tree` and `state` print, kept as written whatever the class is called.
    override var name: String { "OnboardingCoordinator" }

    weak var listener: (any OnboardingListener)?
    private let topics: OnboardingTopics

    /// Creates the flow, teaching `topics`, with its first page as its screen.
    init(topics: OnboardingTopics) {
        self.topics = topics
        let screen = OnboardingPageViewController(page: .welcome, topics: topics)
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    /// The page on top of the tour: the last page pushed above the first one, else the first.
    var currentPage: OnboardingPage { pushedPages.last?.page ?? presenter.page }

    /// The pages this flow pushed above its first page and that are still on the stack, in order.
    private var pushedPages: [OnboardingPageViewController] {
        let first = viewControllerable.viewController
        guard let stack = first.enclosingNavigationController?.viewControllers,
            let index = stack.firstIndex(where: { $0 === first })
        else { return [] }
        return Array(stack[(index + 1)...].prefix { $0 is OnboardingPageViewController })
            .compactMap { $0 as? OnboardingPageViewController }
    }

    /// Shows `page` on top of the tour, with every page before it on the stack beneath, as if the person had
    /// tapped `next` up to it: pops to the first page, then pushes the pages up to `page`.
    private func show(_ page: OnboardingPage) throws(NavigationError) {
        if !pushedPages.isEmpty { try viewControllerable.pop(to: viewControllerable) }
        var current = presenter.page
        while current != page, let next = current.next {
            try push(next)
            current = next
        }
    }

    private func push(_ page: OnboardingPage) throws(NavigationError) {
        let screen = OnboardingPageViewController(page: page, topics: topics)
        screen.listener = self
        try viewControllerable.push(screen)
    }

    // MARK: - Restoration

    /// The flow's record: kind `onboarding`, version 1, the value `page` (the page on top, such as `gestures`).
    override var restorationState: RestorationState? {
        OnboardingRestoration.format.record(values: [OnboardingRestoration.page: currentPage.rawValue])
    }

    /// Shows the recorded page with the pages before it beneath, so back still goes back a page. An unknown page
    /// or format leaves the tour on its first page and says why.
    override func restore(from state: RestorationState) -> RestorationResult {
        let page: OnboardingPage
        do throws(RestorationError) {
            try OnboardingRestoration.format.check(state)
            page = try state.value(OnboardingRestoration.page, as: OnboardingPage.self) ?? presenter.page
        } catch {
            return .nearest(because: error)
        }
        do {
            try show(page)
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
            try push(next)
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
