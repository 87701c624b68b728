import FeedFeature
import FoundationEssentials
import LoginFeature
import OnboardingFeature
import ProfileFeature
import SignUpFeature

/// What SignUp gets from the app, or from a playground.
@MainActor
struct SignUpServices: SignUpDependency {
    let accounts: any SignUpAccountService
}

/// What Login gets from the app, or from a playground: the authenticator and the SignUp builder it pushes.
@MainActor
struct LoginServices: LoginDependency {
    let authenticator: any LoginAuthenticating
    let signUpBuilder: any SignUpContainable
}

/// What Feed gets from the app: the posts and the time.
@MainActor
struct FeedServices: FeedDependency {
    let posts: any FeedPostService
    /// The time now: the app's clock, or a playground's.
    let currentTime: @MainActor () -> Date

    /// Feed over `posts`, at the time `now` gives.
    init(posts: any FeedPostService, now: @escaping @MainActor () -> Date) {
        self.posts = posts
        currentTime = now
    }

    var now: Date { currentTime() }
}

/// What Profile gets from the app, or from an explored app: the person's account and posts.
@MainActor
struct ProfileServices: ProfileDependency {
    let accounts: any ProfileAccountService
    let posts: any ProfilePostService
}

/// What Onboarding gets from the app: what to teach of it.
@MainActor
struct OnboardingServices: OnboardingDependency {
    let topics: OnboardingTopics
}
