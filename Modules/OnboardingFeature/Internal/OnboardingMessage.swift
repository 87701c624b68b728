/// Every message the onboarding pages show, in one place.
enum OnboardingMessage {
    /// The next page could not be shown: the flow was built in a place that cannot push, which is a mistake of
    /// the parent, reported rather than hidden.
    static func cannotShow(_ error: any Error) -> String {
        "The next page cannot be shown: \(error)"
    }
}
