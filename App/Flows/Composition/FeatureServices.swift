import FeedFeature
import Foundation
import LoginFeature
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
