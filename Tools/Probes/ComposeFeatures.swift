// Compile probe: composes every feature from outside, through its public builders only, as the App does.
// It must compile. If it stops compiling, a published builder, listener, dependency or service changed.
import Core
import FeedFeature
import Foundation
import LoginFeature
import SignUpFeature

@MainActor
final class FakeAccounts: SignUpAccountService, LoginAuthenticating {
    func isEmailRegistered(_ email: String) throws(SignUpServiceError) -> Bool { false }

    func register(email: String, password: String, displayName: String) throws(SignUpServiceError) -> SignUpSession {
        SignUpSession(email: email, displayName: displayName)
    }

    func logIn(email: String, password: String) throws(LoginServiceError) -> LoginSession {
        throw .invalidCredentials
    }
}

@MainActor
final class FakePosts: FeedPostService {
    func latestPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost] {
        []
    }
    func popularPosts(for user: FeedUser, after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost] {
        []
    }
    func post(id: String, for user: FeedUser) throws(FeedServiceError) -> FeedPost? { nil }

    func publish(text: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        FeedPost(id: "1", authorName: user.displayName, createdAt: Date(), text: text, likeCount: 0, isLiked: false)
    }

    func setLike(_ isLiked: Bool, postID: String, by user: FeedUser) throws(FeedServiceError) -> FeedPost {
        throw .unavailable("offline")
    }
}

@MainActor
struct Services: SignUpDependency, LoginDependency, FeedDependency {
    let accountService = FakeAccounts()
    var accounts: any SignUpAccountService { accountService }
    var authenticator: any LoginAuthenticating { accountService }
    var signUpBuilder: any SignUpContainable { SignUpContainer(dependency: self) }
    var posts: any FeedPostService { FakePosts() }
    var now: Date { Date(timeIntervalSince1970: 0) }
}

@MainActor
final class RootCoordinator: Coordinator, LoginListener, FeedListener {
    let window: Window
    let login: any LoginContainable
    let feed: any FeedContainable
    var current: (any ViewableCoordinating)?

    init(window: Window, services: Services) {
        self.window = window
        login = LoginContainer(dependency: services)
        feed = FeedContainer(dependency: services)
    }

    override func didStart() {
        let child = login.coordinator(listener: self)
        show(child)
        _ = child.isShowingSignUp
    }

    func loginDidSucceed(_ session: LoginSession) {
        let user = FeedUser(email: session.email, displayName: session.displayName)
        let child = feed.coordinator(listener: self, user: user)
        show(child)
        try? child.show(.segment(.popular))
        try? child.show(.post(id: "1"))
        try? child.show(.compose)
    }

    func feedDidShowLatest() {}

    private func show(_ child: any ViewableCoordinating) {
        if let current { try? removeChild(current) }
        try? addChild(child)
        current = child
        if let navigation = try? NavigationController(root: child.viewControllerable) {
            try? window.setRootViewController(navigation)
        }
    }
}
