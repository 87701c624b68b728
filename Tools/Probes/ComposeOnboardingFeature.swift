// Compile probe: the Onboarding feature builds from outside, through its public builder only.
import Core
import OnboardingFeature

@MainActor
struct OnboardingProbeDependency: OnboardingDependency {
    let topics = OnboardingTopics(
        tabTitles: ["Feed", "Profile"], links: [OnboardingLink(url: "app://profile/edit", opens: "the edit")])
}

@MainActor
final class OnboardingProbeParent: Coordinator, OnboardingListener {
    let builder: any OnboardingContainable = OnboardingContainer(dependency: OnboardingProbeDependency())

    override func didStart() {
        let onboarding = builder.coordinator(listener: self)
        try? addChild(onboarding)
        _ = onboarding.restorationState
    }

    func onboardingDidFinish() {}

    func onboardingDidSkip() {}
}
