/// Every message the onboarding pages show, in one place.
enum OnboardingMessage {
    /// The next page could not be shown: the page container refused the turn (something moves in the window),
    /// reported rather than hidden.
    static func cannotShow(_ error: any Error) -> String {
        "The next page cannot be shown: \(error)"
    }
}
