import AppData
import AppInterface
public import Core
import FeedFeature
import Foundation
import LoginFeature
import OnboardingFeature
import ProfileFeature
import SignUpFeature

/// The composed app over in-memory services, for tools that explore its flows: the real ``AppCoordinator`` with
/// the real feature builders and deep links, over the playgrounds' in-memory accounts and posts, at a fixed time.
///
/// Every ``make()`` builds a fresh app that starts logged out on Login, so a path of inputs replays the same way
/// each time. What is kept outside memory (the session record that the root clears on log-out, the tour finished
/// and the last look at Latest, always at the fixed time) is in a scratch database made once per `ExplorableApp`,
/// which nothing else reads; in-memory accounts are not in it, so they go straight to Main, as the demo account does.
@MainActor
public final class ExplorableApp {
    /// The links the app follows, each as a person types it (`app://feed/compose`).
    public static let deepLinks = DeepLink.all(postID: "2").map(\.url)
    /// The account the in-memory services know: `demo@example.com` with `demo-password`.
    public static let demoCredentials = (email: "demo@example.com", password: "demo-password")

    private let data: LiveServices
    private let clock = AppClock(fixedNow: Date(timeIntervalSince1970: 1_800_000_000))

    /// Prepares the scratch database in `scratchDirectory`, which must be a folder the caller removes afterwards.
    ///
    /// - Throws: when the folder or the database cannot be made.
    public init(scratchDirectory: String) throws {
        data = try LiveServices(dataDirectory: scratchDirectory, clock: clock, movesDamagedFilesAside: false)
    }

    /// A fresh app, started on Login: its window and the root of its coordinator tree.
    public func make() -> (window: Window, root: Coordinator) {
        let clock = clock
        let accounts = InMemoryAccountService()
        let signUpBuilder = SignUpContainer(dependency: SignUpServices(accounts: accounts))
        let loginBuilder = LoginContainer(
            dependency: LoginServices(authenticator: accounts, signUpBuilder: signUpBuilder))
        let feedBuilder = FeedContainer(
            dependency: FeedServices(posts: InMemoryPostService(now: { clock.now }), now: { clock.now }))
        let window = Window()
        let profile = PlaygroundProfile()
        let profileBuilder = ProfileContainer(dependency: ProfileServices(accounts: profile, posts: profile))
        let onboardingBuilder = OnboardingContainer(
            dependency: OnboardingServices(topics: CompositionRoot.onboardingTopics))
        let root = AppCoordinator(
            window: window,
            builders: AppBuilders(
                login: loginBuilder, signUp: signUpBuilder, onboarding: onboardingBuilder, feed: feedBuilder,
                profile: profileBuilder),
            data: data, user: nil)
        root.start()
        return (window, root)
    }

    /// Follows `url` in an app that ``make()`` built, as `open <url>` does in the terminal.
    ///
    /// - Throws: when the link is malformed or cannot be followed now; nothing changed then.
    public static func open(_ url: String, in root: Coordinator) throws {
        guard let app = root as? AppCoordinator else { throw UserFacingError(description: "not the app's root") }
        try app.open(try DeepLink.parse(url))
    }
}
