import AppData
import Core
import FeedFeature
import LoginFeature
import SignUpFeature

/// The root of the coordinator tree: it owns the window and shows Login or Feed, each wrapped in its own
/// navigation controller, swaps them on log-in and log-out (releasing the whole previous flow), and routes deep
/// links.
///
/// A protected link opened while logged out shows Login and is remembered; after the log-in (or a sign-up) the
/// app continues to it. A sign-up on screen (pushed by Login, or presented for `app://signup`) is never thrown
/// away by a link: a protected link is only remembered, `app://signup` changes nothing, and `app://login` is
/// refused until the sign-up is finished or cancelled.
final class AppCoordinator: Coordinator, RootCoordinating, LinkRouting {
    /// The window the flows are shown in.
    let window: Window

    private let loginBuilder: any LoginContainable
    private let signUpBuilder: any SignUpContainable
    private let feedBuilder: any FeedContainable
    /// The data the app runs over: ends the saved session on a log-out.
    private let data: LiveServices

    /// The logged-in person, or `nil`.
    private(set) var user: FeedUser?
    /// The logged-in person's display name, or `nil` when logged out.
    var userDisplayName: String? { user?.displayName }
    /// What went wrong while the command being carried out ran (see ``carryOut(_:)``).
    private let failures = CommandFailures()

    private var login: (any LoginCoordinating)?
    private var presentedSignUp: (any ViewableCoordinating)?
    private var feed: (any FeedCoordinating)?
    /// The protected link opened while logged out, followed after the log-in (or sign-up); `nil` when none waits.
    private(set) var pendingLink: DeepLink?

    /// Creates the root; `user` is the saved session's person, if any.
    init(
        window: Window,
        loginBuilder: any LoginContainable,
        signUpBuilder: any SignUpContainable,
        feedBuilder: any FeedContainable,
        data: LiveServices,
        user: FeedUser?
    ) {
        self.window = window
        self.loginBuilder = loginBuilder
        self.signUpBuilder = signUpBuilder
        self.feedBuilder = feedBuilder
        self.data = data
        self.user = user
        super.init()
    }

    override func didStart() {
        if let user { showFeed(for: user) } else { showLogin() }
    }

    override func didStop() {
        login = nil
        presentedSignUp = nil
        feed = nil
    }

    override func userDidRemove(_ child: any Coordinating) {
        if child === presentedSignUp { presentedSignUp = nil }
    }

    // MARK: - Restoration

    /// The app's record: kind `app`, version 1, the values `flow` (`login` or `feed`), `user` (the logged-in
    /// email, with `feed`) and `link` (the link waiting for a log-in, if any); as children, the shown flow's
    /// record first and, while `app://signup` presents it, sign-up's record second.
    override var restorationState: RestorationState? {
        var values = [AppRestorationKey.flow: (user == nil ? AppFlow.login : .feed).rawValue]
        if let user { values[AppRestorationKey.user] = user.email }
        if let pendingLink { values[AppRestorationKey.link] = pendingLink.url }
        let flow: Coordinator? = user == nil ? login : feed
        let noRecord = RestorationState(kind: "none", version: 0)
        var children = [flow?.restorationState ?? noRecord]
        if let signUpState = presentedSignUp?.restorationState { children.append(signUpState) }
        return AppRestorationKey.format.record(values: values, children: children)
    }

    /// Restores over the flow the saved session started: the flow's own record when the session is the one the
    /// record was written for, then the presented sign-up and the waiting link through the routes a link takes.
    /// A record written for another session (a log-out or a log-in since) leaves the flow at its first screen.
    override func restore(from state: RestorationState) -> RestorationResult {
        let recordedFlow: AppFlow
        do throws(RestorationError) {
            try AppRestorationKey.format.check(state)
            guard let flow = try state.value(AppRestorationKey.flow, as: AppFlow.self) else {
                throw .missingValue(kind: state.kind, key: AppRestorationKey.flow)
            }
            recordedFlow = flow
        } catch {
            return .nearest(because: error)
        }
        switch (recordedFlow, user) {
        case (.feed, let user?):
            guard state.values[AppRestorationKey.user] == user.email else {
                return .nearest(because: .noLongerApplies("another account is logged in now"))
            }
            guard let feed, let feedState = state.children.first else { return .restored }
            return feed.restore(from: feedState)
        case (.feed, nil):
            return .nearest(because: .noLongerApplies("you were logged out since"))
        case (.login, .some):
            return .nearest(because: .noLongerApplies("you were logged in since"))
        case (.login, nil):
            return restoreLoggedOut(from: state)
        }
    }

    /// Whether `problem` says a record was not of the kind its place holds.
    private static func isWrongKind(_ problem: RestorationError) -> Bool {
        if case .wrongKind = problem { return true }
        return false
    }

    private func restoreLoggedOut(from state: RestorationState) -> RestorationResult {
        var result = RestorationResult.restored
        if let login, let loginState = state.children.first {
            result.merge(login.restore(from: loginState))
        }
        if let signUpState = state.children.dropFirst().first, !isSignUpOnScreen {
            presentSignUp()
            if let presentedSignUp {
                let signUpResult = presentedSignUp.restore(from: signUpState)
                result.merge(signUpResult)
                // A record of another kind in sign-up's place is not a sign-up the person opened: it is dropped,
                // and the screen under it stays the nearest valid one.
                if signUpResult.problems.contains(where: Self.isWrongKind) { dismissPresentedSignUp() }
            } else {
                result.append(.noLongerApplies("sign-up cannot be shown"))
            }
        }
        if let text = state.values[AppRestorationKey.link] {
            do {
                let link = try DeepLink.parse(text)
                guard case .feed = link else { throw UserFacingError(description: "it does not need a log-in") }
                try open(link)
            } catch {
                let shown = text.count > 100 ? String(text.prefix(100)) + "…" : text
                result.append(.noLongerApplies("the link \(shown) no longer waits for a log-in: \(error)"))
            }
        }
        return result
    }

    // MARK: - Commands

    /// Carries out `command` (one command's effect: an action, a typed text, a gesture, a link, the start) and
    /// returns what the app could not do while it ran, typed.
    ///
    /// Listeners are called inside the command (a log-in finishes inside the tap on "Log in"), so what fails in
    /// them is that command's outcome and is returned here; nothing is kept once the call returns.
    ///
    /// - Throws: what `command` throws; the failures met before it threw are then dropped with it.
    func carryOut<Failure: Error>(_ command: () throws(Failure) -> Void) throws(Failure) -> AppFailure? {
        try failures.collect(command)
    }

    private func report(_ failure: AppFailure) {
        failures.record(failure)
    }

    // MARK: - Deep links

    /// Follows `link`.
    ///
    /// - Throws: ``UserFacingError`` when the link cannot be followed now (already logged in, no such post, a compose
    ///   draft in the way …); nothing changed then.
    func open(_ link: DeepLink) throws(UserFacingError) {
        guard case .feed(let destination) = link else {
            guard user == nil else { throw UserFacingError(description: "you are already logged in; log out first") }
            if link == .signUp {
                // A link waiting for a log-in waits for this sign-up too.
                if !isSignUpOnScreen { presentSignUp() }
                return
            }
            guard !isSignUpOnScreen else {
                throw UserFacingError(description: "a sign-up is in progress; finish or cancel it first")
            }
            pendingLink = nil
            showLoginOnTop()
            return
        }
        guard user != nil else {
            // Nothing is looked up before the log-in, so a link reveals nothing about what exists; Feed checks the
            // post once it runs.
            pendingLink = link
            // What is typed into a sign-up is kept; finishing it continues to the link.
            if !isSignUpOnScreen { showLoginOnTop() }
            return
        }
        try route(inFeed: destination)
    }

    private func route(inFeed destination: DeepLink.FeedDestination) throws(UserFacingError) {
        guard let feed else { throw UserFacingError(description: "the feed is not shown") }
        do throws(FeedRouteError) {
            switch destination {
            case .latest: try feed.showSegment(.latest)
            case .popular: try feed.showSegment(.popular)
            case .compose: try feed.showCompose()
            case .post(let id): try feed.showPost(id: id)
            }
        } catch {
            switch error {
            case .postNotFound(let id): throw UserFacingError(description: "no post with id '\(id)'")
            case .draftInProgress:
                throw UserFacingError(description: "the compose sheet holds an unsaved draft; post or discard it first")
            case .unavailable(let reason):
                throw UserFacingError(description: "\(destination.subject) cannot be shown: \(reason)")
            }
        }
    }

    // MARK: - Flows

    /// Whether a sign-up is on screen: presented for `app://signup`, or pushed by Login.
    private var isSignUpOnScreen: Bool {
        presentedSignUp != nil || login?.isShowingSignUp == true
    }

    /// A sign-up on screen, or a draft in Feed's compose, as the features tell it.
    var unsavedWork: UnsavedWork? {
        if isSignUpOnScreen { return .signUp }
        return feed?.holdsDraft == true ? .composeDraft : nil
    }

    /// Makes the `login` screen the one on top: dismisses a presented sign-up and, if Login shows something
    /// above its screen, starts a fresh log-in flow.
    private func showLoginOnTop() {
        dismissPresentedSignUp()
        if let login, window.topViewController === login.viewControllerable.viewController { return }
        showLogin()
    }

    private func showLogin() {
        tearDownFlows()
        let login = loginBuilder.coordinator(listener: self)
        do {
            try addChild(login) { screen in
                try self.window.setRootViewController(NavigationController(root: screen, screenID: "login.navigation"))
            }
            self.login = login
        } catch {
            report(.flowNotShown("the login screen", reason: "\(error)"))
        }
    }

    private func showFeed(for user: FeedUser) {
        tearDownFlows()
        let feed = feedBuilder.coordinator(listener: self, user: user)
        do {
            try addChild(feed) { screen in
                try self.window.setRootViewController(NavigationController(root: screen, screenID: "feed.navigation"))
            }
            self.feed = feed
        } catch {
            report(.flowNotShown("the feed", reason: "\(error)"))
        }
    }

    /// Presents sign-up full screen over Login, wrapped in its own navigation controller (its later steps are
    /// pushed onto it), built by the same builder Login uses.
    private func presentSignUp() {
        guard presentedSignUp == nil else { return }
        showLoginOnTop()
        guard let presenter = window.rootViewController else { return }
        let signUp = signUpBuilder.coordinator(listener: self)
        do {
            try addChild(signUp) { screen in
                let navigation = try NavigationController(root: screen, screenID: "signup.navigation")
                try presenter.present(navigation, style: .fullScreen)
            }
            presentedSignUp = signUp
        } catch {
            report(.flowNotShown("sign-up", reason: "\(error)"))
        }
    }

    private func dismissPresentedSignUp() {
        guard let signUp = presentedSignUp else { return }
        presentedSignUp = nil
        try? window.rootViewController?.dismiss()
        try? removeChild(signUp)
    }

    /// Detaches every flow; replacing the window's root then releases their screens.
    private func tearDownFlows() {
        dismissPresentedSignUp()
        for child in children {
            try? removeChild(child)
        }
        login = nil
        feed = nil
    }

    private func didLogIn(email: String, displayName: String) {
        let user = FeedUser(email: email, displayName: displayName)
        self.user = user
        showFeed(for: user)
        guard case .feed(let destination) = pendingLink else { return }
        pendingLink = nil
        do {
            try route(inFeed: destination)
        } catch {
            report(.linkFailedAfterLogIn(error))
        }
    }
}

extension AppCoordinator: LoginListener {
    func loginDidSucceed(_ session: LoginSession) {
        didLogIn(email: session.email, displayName: session.displayName)
    }
}

extension AppCoordinator: SignUpListener {
    func signUpDidFinish(_ session: SignUpSession) {
        didLogIn(email: session.email, displayName: session.displayName)
    }

    func signUpDidCancel() {
        dismissPresentedSignUp()
    }
}

extension AppCoordinator: FeedListener {
    func feedDidLogOut() {
        do {
            try data.logOut()
        } catch {
            // Still logged in, as the next start will be: say so and stay.
            report(.logOutNotSaved(reason: "\(error)"))
            return
        }
        user = nil
        pendingLink = nil
        showLogin()
    }
}

extension DeepLink.FeedDestination {
    /// What the destination shows, as the subject of a sentence: "the post cannot be shown".
    fileprivate var subject: String {
        switch self {
        case .latest, .popular: "the feed"
        case .post: "the post"
        case .compose: "the compose sheet"
        }
    }
}

/// Which flow the app shows.
private enum AppFlow: String {
    case login
    case feed
}

/// The keys of the app's restoration record.
private enum AppRestorationKey {
    static let format = RestorationFormat(kind: "app", version: 1)
    static let flow = "flow"
    static let user = "user"
    static let link = "link"
}

/// Something the app coordinator could not do while carrying out a command; see ``AppCoordinator/carryOut(_:)``.
package enum AppFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// A flow (`the login screen`, `the feed`, `sign-up`) could not be shown, for `reason`.
    case flowNotShown(String, reason: String)
    /// The link remembered while logged out could not be followed after the log-in.
    case linkFailedAfterLogIn(UserFacingError)
    /// The log-out happened on screen but could not be saved, for `reason`.
    case logOutNotSaved(reason: String)

    package var description: String {
        switch self {
        case .flowNotShown(let flow, let reason): "\(flow) cannot be shown: \(reason)"
        case .linkFailedAfterLogIn(let error): error.description
        case .logOutNotSaved(let reason): "the log-out could not be saved, so you are still logged in: \(reason)"
        }
    }
}
