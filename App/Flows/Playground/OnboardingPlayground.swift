import OnboardingFeature

extension FeaturePlayground {
    /// Onboarding teaching the app's tabs and links.
    static let onboarding = FeaturePlayground(
        name: "Onboarding",
        summary: "The tour a new account sees: next and back through its pages, then done or skip."
    ) { parent in
        let builder = OnboardingContainer(dependency: OnboardingPlaygroundServices())
        let listener = OnboardingPlaygroundListener(parent: parent)
        return Hosted(coordinator: builder.coordinator(listener: listener), listener: listener)
    }
}

/// What Onboarding gets in its playground: the app's tabs and a few of its links.
@MainActor
private struct OnboardingPlaygroundServices: OnboardingDependency {
    let topics = OnboardingTopics(
        tabTitles: ["Feed", "Profile"],
        links: [
            OnboardingLink(url: "app://feed/post/2", opens: "a post in the feed"),
            OnboardingLink(url: "app://profile/edit", opens: "the edit of your display name"),
        ])
}

/// Forwards what Onboarding tells its parent to the playground.
@MainActor
private final class OnboardingPlaygroundListener: PlaygroundListener, OnboardingListener {
    func onboardingDidFinish() {
        finish("onboardingDidFinish()")
    }

    func onboardingDidSkip() {
        finish("onboardingDidSkip()")
    }
}
