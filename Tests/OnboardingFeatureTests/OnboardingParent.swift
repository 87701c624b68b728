import Core
import CoreTesting
import OnboardingFeature
import Testing

/// What the tour teaches in these tests.
let testTopics = OnboardingTopics(
    tabTitles: ["Feed", "Profile"],
    links: [
        OnboardingLink(url: "app://feed/post/2", opens: "a post"),
        OnboardingLink(url: "app://profile/edit", opens: "the edit"),
    ])

/// What the Onboarding flow needs, with fixed topics.
@MainActor
struct FakeOnboardingDependency: OnboardingDependency {
    let topics: OnboardingTopics
}

/// Plays the parent of Onboarding, as the app would: it attaches the flow through the public builder, shows its
/// screen in a window, and counts what it was told.
@MainActor
final class OnboardingParent: Coordinator, OnboardingListener {
    /// Where the parent puts the flow's screen.
    enum Placement {
        /// The root of a navigation controller that is the window's root.
        case rootOfNavigation
        /// The window's root, with no navigation controller: the tour needs none.
        case withoutNavigation
    }

    let window = Window()
    private let builder: any OnboardingContainable
    /// The attached flow. Weak, so it is `nil` exactly when the flow was released.
    private(set) weak var onboarding: (any ViewableCoordinating)?
    private(set) var finishCount = 0
    private(set) var skipCount = 0

    init(topics: OnboardingTopics = testTopics) {
        builder = OnboardingContainer(dependency: FakeOnboardingDependency(topics: topics))
        super.init()
    }

    /// Builds the flow, attaches it and shows it.
    func showOnboarding(_ placement: Placement) throws {
        let child = builder.coordinator(listener: self)
        try addChild(child)
        switch placement {
        case .rootOfNavigation:
            try window.setRootViewController(NavigationController(root: child.viewControllerable))
        case .withoutNavigation:
            try window.setRootViewController(child.viewControllerable)
        }
        onboarding = child
    }

    func onboardingDidFinish() {
        finishCount += 1
    }

    func onboardingDidSkip() {
        skipCount += 1
    }
}

/// Runs `flow` with a started parent that shows Onboarding, then stops the parent and expects every coordinator
/// and screen the flow created to be released.
@MainActor
func withOnboardingShown(
    topics: OnboardingTopics = testTopics,
    placement: OnboardingParent.Placement = .rootOfNavigation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ flow: (OnboardingParent, Window) throws -> Void
) throws {
    let report = try trackingLifetimes {
        let parent = OnboardingParent(topics: topics)
        parent.start()
        try parent.showOnboarding(placement)
        try flow(parent, parent.window)
        parent.stop()
    }
    #expect(report.isClean, "\(report)", sourceLocation: sourceLocation)
}

extension Window {
    /// The ids of the actions of the screen on top.
    var actionIDs: [String] { topViewController?.content.actions.map(\.id) ?? [] }
}
