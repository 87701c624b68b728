import Core
import FeedFeature
import Foundation
import LoginFeature
import SignUpFeature

/// Builds the app: the live services over the database, the three feature builders (Login's dependency
/// gets the SignUp builder) and the ``AppCoordinator`` that owns the window; or, for `--feature`, one feature's
/// playground over in-memory services.
@MainActor
final class CompositionRoot {
    /// The window everything is shown in.
    let window: Window
    /// The root of the coordinator tree: the ``AppCoordinator``, or the ``PlaygroundCoordinator`` of a playground.
    let appCoordinator: any RootCoordinating
    /// Where services report corrupt data files.
    let health: DataHealth
    /// Saves and restores where the person is; `nil` for a playground, which keeps nothing.
    let restoration: AppRestoration?

    /// Builds everything over `database`; the saved session decides whether Login or Feed shows first once
    /// ``appCoordinator`` starts.
    ///
    /// Where the person is, is kept in the database too.
    ///
    /// - Throws: ``DataError`` when the saved session cannot be read.
    init(database: Database, clock: AppClock) throws(DataError) {
        let health = DataHealth()
        let accounts = LiveAccountService(store: AccountStore(database: database), clock: clock, health: health)
        let posts = LivePostService(store: PostStore(database: database), clock: clock, health: health)
        let signUpBuilder = SignUpContainer(dependency: SignUpServices(accounts: accounts))
        let loginBuilder = LoginContainer(
            dependency: LoginServices(authenticator: accounts, signUpBuilder: signUpBuilder))
        let feedBuilder = FeedContainer(dependency: FeedServices(posts: posts, clock: clock))
        let user = try accounts.restoreSession().map { FeedUser(email: $0.email, displayName: $0.displayName) }
        let window = Window()
        self.window = window
        self.health = health
        let appCoordinator = AppCoordinator(
            window: window, loginBuilder: loginBuilder, signUpBuilder: signUpBuilder, feedBuilder: feedBuilder,
            accounts: accounts, user: user)
        self.appCoordinator = appCoordinator
        restoration = AppRestoration(
            store: DatabaseRestorationStore(database: database, health: health), root: appCoordinator)
    }

    /// Builds the playground of one feature: the feature over in-memory services, shown by a stand-in parent.
    /// It reads and writes no data directory.
    init(playground: FeaturePlayground, clock: AppClock) {
        let window = Window()
        self.window = window
        health = DataHealth()
        appCoordinator = PlaygroundCoordinator(window: window, playground: playground, clock: clock)
        restoration = nil
    }
}

/// What SignUp gets from the app.
@MainActor
private struct SignUpServices: SignUpDependency {
    let accounts: any SignUpAccountService
}

/// What Login gets from the app: the authenticator and the SignUp builder it pushes.
@MainActor
private struct LoginServices: LoginDependency {
    let authenticator: any LoginAuthenticating
    let signUpBuilder: any SignUpContainable
}

/// What Feed gets from the app: the posts and the clock.
@MainActor
private struct FeedServices: FeedDependency {
    let posts: any FeedPostService
    let clock: AppClock

    var now: Date { clock.now }
}
