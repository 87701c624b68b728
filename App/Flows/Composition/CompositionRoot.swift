package import AppData
package import AppInterface
package import Core
import FeedFeature
import FoundationEssentials
import LoginFeature
import OnboardingFeature
import ProfileFeature
import SignUpFeature

/// Builds the app: the features' services over the data (the database, or its in-memory twin), the five feature
/// builders (Login's dependency gets the SignUp builder; Onboarding's, the app's tabs and links to teach) and the
/// ``AppCoordinator`` that owns the window; or, for `--feature`, one feature's playground over in-memory data.
@MainActor
package final class CompositionRoot {
    /// The window everything is shown in.
    package let window: Window
    /// The root of the coordinator tree: the ``AppCoordinator``, or the ``PlaygroundCoordinator`` of a playground.
    package let appCoordinator: any RootCoordinating
    /// What follows links and knows who is logged in: the ``AppCoordinator``; for a playground, why links are
    /// refused there.
    package let links: Result<any LinkRouting, UserFacingError>
    /// The first fatal data error the data met, if any: the app stops after the command that met it.
    package var fatalDataFailure: DataFailure? { data?.fatalDataError.map(DataFailure.init) }
    /// Saves and restores where the person is; `nil` for a playground, which keeps nothing.
    package let restoration: AppRestoration?
    /// The data the app runs over; `nil` for a playground, which keeps nothing.
    private let data: (any AppDataStore)?

    /// Builds everything over `data`, live or in memory, at the time of `clock`; the saved session decides whether
    /// Login, Onboarding or Main shows first once ``appCoordinator`` starts. Where the person is, is kept in the
    /// data too. The window's transitions run on `transitions`: at once, or on a clock a front end moves on.
    ///
    /// - Throws: ``DataError`` when the saved session cannot be read.
    package init(
        data: any AppDataStore, clock: AppClock, transitions: TransitionClock = .immediate
    ) throws(DataError) {
        let user = try data.savedSessionAccount().map { FeedUser(email: $0.email, displayName: $0.displayName) }
        let window = Window(clock: transitions)
        self.window = window
        self.data = data
        let appCoordinator = AppCoordinator(
            window: window, builders: Self.builders(data: data, clock: clock), data: data, user: user)
        self.appCoordinator = appCoordinator
        links = .success(appCoordinator)
        restoration = AppRestoration(store: data.restorationStore, root: appCoordinator)
    }

    /// The five feature builders over `data`, at the time of `clock`: each feature's services written once over
    /// the data's interface, whichever data it is.
    static func builders(data: any AppDataStore, clock: AppClock) -> AppBuilders {
        let accounts = DataAccountService(data: data)
        let signUpBuilder = SignUpContainer(dependency: SignUpServices(accounts: accounts))
        let loginBuilder = LoginContainer(
            dependency: LoginServices(authenticator: accounts, signUpBuilder: signUpBuilder))
        let feedBuilder = FeedContainer(
            dependency: FeedServices(posts: DataPostService(data: data), now: { clock.now }))
        let profile = DataProfileService(data: data)
        let profileBuilder = ProfileContainer(dependency: ProfileServices(accounts: profile, posts: profile))
        let onboardingBuilder = OnboardingContainer(dependency: OnboardingServices(topics: onboardingTopics))
        return AppBuilders(
            login: loginBuilder, signUp: signUpBuilder, onboarding: onboardingBuilder, feed: feedBuilder,
            profile: profileBuilder)
    }

    /// What the tour teaches of this app: its tabs, in order, and links to try.
    static let onboardingTopics = OnboardingTopics(
        tabTitles: MainTab.allCases.map(\.title),
        links: [
            OnboardingLink(url: DeepLink.feed(.post(id: "2")).url, opens: "a post in the feed"),
            OnboardingLink(url: DeepLink.feed(.compose).url, opens: "a new post"),
            OnboardingLink(url: DeepLink.profile(.edit).url, opens: "the edit of your display name"),
        ])

    /// Builds the playground of one feature: the feature over in-memory data, shown by a stand-in parent.
    /// It reads and writes no data directory. The window's transitions run on `transitions`.
    init(playground: FeaturePlayground, clock: AppClock, transitions: TransitionClock = .immediate) {
        let window = Window(clock: transitions)
        self.window = window
        data = nil
        let parent = PlaygroundCoordinator(window: window, playground: playground, clock: clock)
        appCoordinator = parent
        links = .failure(parent.linkRefusal)
        restoration = nil
    }
}
