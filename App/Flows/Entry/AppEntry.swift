import FeedFeature
import LoginFeature
import OnboardingFeature
import ProfileFeature
import SignUpFeature

/// The flows the app's entry chooses between, and the one rule that chooses: the articles' single source of truth
/// for where the person goes.
enum AppFlow: String {
    /// Not logged in: Login, and SignUp from it.
    case login
    /// Logged in for the first time: the onboarding tour.
    case onboarding
    /// Logged in and onboarded: the tab bar.
    case main

    /// Where a person goes: Login when nobody is logged in, the tour until they have finished it, then Main.
    /// `isOnboarded` is asked only for a logged-in person.
    static func destination(isLoggedIn: Bool, isOnboarded: () -> Bool) -> AppFlow {
        guard isLoggedIn else { return .login }
        return isOnboarded() ? .main : .onboarding
    }
}

/// The builders the app composes its flows from, one per feature.
@MainActor
struct AppBuilders {
    /// Builds Login (which pushes SignUp).
    let login: any LoginContainable
    /// Builds SignUp, for `app://signup`.
    let signUp: any SignUpContainable
    /// Builds the onboarding tour.
    let onboarding: any OnboardingContainable
    /// Builds the Feed tab's flow.
    let feed: any FeedContainable
    /// Builds the Profile tab's flow.
    let profile: any ProfileContainable
}
