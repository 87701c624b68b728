public import Core

// The builder roles of Onboarding: what it needs (`OnboardingDependency`), what it reports
// (`OnboardingListener`) and how a parent builds it (`OnboardingContainable`, `OnboardingContainer`).

/// What the Onboarding flow needs from its parent.
@MainActor
public protocol OnboardingDependency {
    /// What the tour teaches about the app that shows it: the app knows its tabs and its links, the flow knows
    /// how to walk a person through them.
    var topics: OnboardingTopics { get }
}

/// What the Onboarding flow tells its parent. Either call ends the flow: the parent records that the person saw
/// it, hides its screen (the page container of the tour) and detaches its coordinator.
@MainActor
public protocol OnboardingListener: AnyObject {
    /// The person read every page and tapped `done` on the last one.
    func onboardingDidFinish()

    /// The person tapped `skip` on one of the pages.
    func onboardingDidSkip()
}

/// Builds the Onboarding flow. A parent receives it through its own dependency, builds the coordinator, attaches
/// it, and shows its screen, a page container (Core's `PageViewController`) of the tour's pages, where it likes:
/// the person turns the pages with `next` or a swipe to the next or the previous page.
@MainActor
public protocol OnboardingContainable: Containable {
    /// Builds the Onboarding coordinator, whose screen is the page container `onboarding`, showing its first page,
    /// `onboarding.welcome`; the flow holds `listener` weakly.
    func coordinator(listener: any OnboardingListener) -> any ViewableCoordinating
}

/// The builder of the Onboarding flow; the app composes it with what the tour teaches.
@MainActor
public final class OnboardingContainer: Container<any OnboardingDependency>, OnboardingContainable {
    /// Creates a builder that builds flows with `dependency`.
    public override init(dependency: any OnboardingDependency) {
        super.init(dependency: dependency)
    }

    /// Builds an Onboarding flow whose screen is the page container `onboarding`, on `onboarding.welcome`; the flow
    /// holds `listener` weakly. Its record (see ``Core/Coordinator/restorationState``) keeps the page the person is
    /// on.
    public func coordinator(listener: any OnboardingListener) -> any ViewableCoordinating {
        let coordinator = OnboardingCoordinator(topics: dependency.topics)
        coordinator.listener = listener
        return coordinator
    }
}
