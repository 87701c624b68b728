import AppData
package import AppInterface
package import Core
import FeedFeature
import Foundation
import LoginFeature
import OnboardingFeature
import ProfileFeature
import SignUpFeature

/// Builds the app: the live services over the database, the five feature builders (Login's dependency
/// gets the SignUp builder; Onboarding's, the app's tabs and links to teach) and the ``AppCoordinator`` that owns the window; or, for `--feature`, one feature's
/// playground over in-memory services.
@MainActor
package final class CompositionRoot {
    /// The window everything is shown in.
    package let window: Window
    /// The root of the coordinator tree: the ``AppCoordinator``, or the ``PlaygroundCoordinator`` of a playground.
    package let appCoordinator: any RootCoordinating
    /// What follows links and knows who is logged in: the ``AppCoordinator``; for a playground, why links are
    /// refused there.
    package let links: Result<any LinkRouting, UserFacingError>
    /// The first fatal data error a service met, if any: the app stops after the command that met it.
    package var fatalDataFailure: DataFailure? { data?.fatalDataError.map(DataFailure.init) }
    /// Saves and restores where the person is; `nil` for a playground, which keeps nothing.
    package let restoration: AppRestoration?
    /// The data the app runs over; `nil` for a playground, which keeps nothing.
    private let data: LiveServices?

    /// Builds everything over `data`; the saved session decides whether Login, Onboarding or Main shows first once
    /// ``appCoordinator`` starts. Where the person is, is kept in the data too.
    init(data: LiveServices, clock: AppClock) {
        let signUpBuilder = SignUpContainer(dependency: SignUpServices(accounts: data.signUpAccounts))
        let loginBuilder = LoginContainer(
            dependency: LoginServices(authenticator: data.authenticator, signUpBuilder: signUpBuilder))
        let feedBuilder = FeedContainer(dependency: FeedServices(posts: data.posts, now: { clock.now }))
        let profileBuilder = ProfileContainer(
            dependency: ProfileServices(accounts: data.profileAccounts, posts: data.profilePosts))
        let onboardingBuilder = OnboardingContainer(dependency: OnboardingServices(topics: Self.onboardingTopics))
        let user = data.savedSession.map { FeedUser(email: $0.email, displayName: $0.displayName) }
        let window = Window()
        self.window = window
        self.data = data
        let appCoordinator = AppCoordinator(
            window: window,
            builders: AppBuilders(
                login: loginBuilder, signUp: signUpBuilder, onboarding: onboardingBuilder, feed: feedBuilder,
                profile: profileBuilder),
            data: data, user: user)
        self.appCoordinator = appCoordinator
        links = .success(appCoordinator)
        restoration = AppRestoration(store: data.restorationStore, root: appCoordinator)
    }

    /// What the tour teaches of this app: its tabs, in order, and links to try.
    static let onboardingTopics = OnboardingTopics(
        tabTitles: MainTab.allCases.map(\.title),
        links: [
            OnboardingLink(url: DeepLink.feed(.post(id: "2")).url, opens: "a post in the feed"),
            OnboardingLink(url: DeepLink.feed(.compose).url, opens: "a new post"),
            OnboardingLink(url: DeepLink.profile(.edit).url, opens: "the edit of your display name"),
        ])

    /// Builds the playground of one feature: the feature over in-memory services, shown by a stand-in parent.
    /// It reads and writes no data directory.
    init(playground: FeaturePlayground, clock: AppClock) {
        let window = Window()
        self.window = window
        data = nil
        let parent = PlaygroundCoordinator(window: window, playground: playground, clock: clock)
        appCoordinator = parent
        links = .failure(parent.linkRefusal)
        restoration = nil
    }
}
