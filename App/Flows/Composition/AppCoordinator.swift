import AppData
package import AppInterface
import Core
import FeedFeature
import LoginFeature
import OnboardingFeature
import ProfileFeature
import SignUpFeature

/// The root of the coordinator tree and the single source of truth for where the person goes, as in the
/// articles: not logged in → Login (and SignUp from it); logged in for the first time → Onboarding; logged in and
/// onboarded → Main, the tab bar (``MainCoordinator``). ``destination`` is the one place that decides it; every
/// change (a log-in, the end of the tour, a log-out) asks it again, and the previous flow is released whole.
///
/// It owns the window and routes deep links. A protected link (`app://feed…`, `app://profile…`) opened while
/// logged out shows Login and is remembered; it waits through the log-in (or a sign-up) and the tour, and is
/// followed once Main shows. A sign-up on screen (pushed by Login, or presented for `app://signup`) is never thrown
/// away by a link: a protected link is only remembered, `app://signup` changes nothing, and `app://login` is
/// refused until the sign-up is finished or cancelled. Neither is an unsaved draft or profile edit: a link that
/// would close one is refused and changes nothing.
final class AppCoordinator: Coordinator, RootCoordinating, LinkRouting {
    /// The window the flows are shown in.
    let window: Window

    private let loginBuilder: any LoginContainable
    private let signUpBuilder: any SignUpContainable
    private let onboardingBuilder: any OnboardingContainable
    private let feedBuilder: any FeedContainable
    private let profileBuilder: any ProfileContainable
    /// The data the app runs over: the saved session, the tour finished per account, the badge.
    private let data: any AppDataStore

    /// The logged-in person, or `nil`.
    private(set) var user: FeedUser?
    /// The logged-in person's display name as stored now (another process may have renamed them, as Profile
    /// shows), or `nil` when logged out; the name known at log-in when it cannot be read.
    /// Whether someone is logged in.
    var isLoggedIn: Bool { user != nil }
    var userDisplayName: String? {
        guard let user else { return nil }
        return ((try? data.summary(email: user.email)) ?? nil)?.displayName ?? user.displayName
    }
    /// What went wrong while the command being carried out ran (see ``carryOut(_:)``).
    private let failures = CommandFailures()
    /// The accounts whose finished tour could not be saved: not shown the tour again in this run.
    private var onboardedUnsaved: Set<String> = []

    private var login: (any LoginCoordinating)?
    private var presentedSignUp: (any ViewableCoordinating)?
    private var onboarding: (any ViewableCoordinating)?
    private(set) var main: MainCoordinator?
    /// The protected link opened while logged out or during the tour, followed once Main shows; `nil` when none
    /// waits.
    private(set) var pendingLink: DeepLink?

    /// Creates the root; `user` is the saved session's person, if any.
    init(
        window: Window,
        builders: AppBuilders,
        data: any AppDataStore,
        user: FeedUser?
    ) {
        self.window = window
        loginBuilder = builders.login
        signUpBuilder = builders.signUp
        onboardingBuilder = builders.onboarding
        feedBuilder = builders.feed
        profileBuilder = builders.profile
        self.data = data
        self.user = user
        super.init()
    }

    override func didStart() {
        showDestination()
    }

    override func didStop() {
        login = nil
        presentedSignUp = nil
        onboarding = nil
        main = nil
    }

    override func userDidRemove(_ child: any Coordinating) {
        if child === presentedSignUp { presentedSignUp = nil }
    }

    // MARK: - Where the person goes

    /// Where the person goes now: the one decision of the app's entry.
    var destination: AppFlow {
        guard let user else { return .login }
        return isOnboarded(user) ? .main : .onboarding
    }

    /// Whether `user` has finished (or skipped) the tour. When it cannot be read, the tour is not forced on them.
    private func isOnboarded(_ user: FeedUser) -> Bool {
        if onboardedUnsaved.contains(user.email) { return true }
        do {
            return try data.isOnboardingFinished(email: user.email)
        } catch {
            report(.flowNotShown("the onboarding tour", reason: "\(error)"))
            return true
        }
    }

    /// Shows the flow of ``destination``, releasing the one shown before.
    private func showDestination() {
        switch destination {
        case .login: showLogin()
        case .onboarding: showOnboarding()
        case .main: showMain()
        }
    }

    /// The flow on screen now.
    private var shownFlow: AppFlow? {
        if main != nil { return .main }
        if onboarding != nil { return .onboarding }
        if login != nil { return .login }
        return nil
    }

    // MARK: - Restoration

    /// The app's record: kind `app`, version 2, the values `flow` (`login`, `onboarding` or `main`), `user` (the
    /// logged-in email, unless `login`) and `link` (the link waiting for a log-in or the tour, if any); as
    /// children, the shown flow's record first and, while `app://signup` presents it, sign-up's record second.
    /// Version 1 (`login` or `feed`, before the tab bar) is read too: its feed becomes Main's Feed tab.
    override var restorationState: RestorationState? {
        let flow = shownFlow ?? .login
        var values = [AppRestorationKey.flow: flow.rawValue]
        if let user { values[AppRestorationKey.user] = user.email }
        if let pendingLink { values[AppRestorationKey.link] = pendingLink.url }
        let shown: Coordinator? =
            switch flow {
            case .login: login
            case .onboarding: onboarding
            case .main: main
            }
        let noRecord = RestorationState(kind: "none", version: 0)
        var children = [shown?.restorationState ?? noRecord]
        if let signUpState = presentedSignUp?.restorationState { children.append(signUpState) }
        return AppRestorationKey.format.record(values: values, children: children)
    }

    /// Restores over the flow ``destination`` showed at the start: the flow's own record when the record was
    /// written for this session and this flow, then the presented sign-up and the waiting link through the routes
    /// a link takes. A record written for another session (a log-out or a log-in since) or another flow (the
    /// tour finished since, or not finished for this account) leaves the flow at its first screen.
    override func restore(from state: RestorationState) -> RestorationResult {
        var recordedFlow: AppFlow
        let isFirstVersion = state.version == 1
        do throws(RestorationError) {
            try AppRestorationKey.format.check(state)
            let text = try state.value(AppRestorationKey.flow)
            guard let flow = isFirstVersion && text == "feed" ? AppFlow.main : AppFlow(rawValue: text) else {
                throw .invalidValue(kind: state.kind, key: AppRestorationKey.flow)
            }
            recordedFlow = flow
        } catch {
            return .nearest(because: error)
        }
        let current = destination
        if let user {
            guard recordedFlow != .login else { return .nearest(because: .noLongerApplies("you were logged in since")) }
            guard state.values[AppRestorationKey.user] == user.email else {
                return .nearest(because: .noLongerApplies("another account is logged in now"))
            }
        } else if recordedFlow != .login {
            return .nearest(because: .noLongerApplies("you were logged out since"))
        }
        guard recordedFlow == current else {
            return .nearest(because: .noLongerApplies(Self.reason(recorded: recordedFlow, current: current)))
        }
        var result = RestorationResult.restored
        if let flowState = state.children.first {
            switch current {
            case .login:
                if let login { result.merge(login.restore(from: flowState)) }
            case .onboarding:
                if let onboarding { result.merge(onboarding.restore(from: flowState)) }
            case .main:
                if let main {
                    result.merge(isFirstVersion ? main.restore(.feed, from: flowState) : main.restore(from: flowState))
                }
            }
        }
        if current == .login { restoreSignUp(from: state, into: &result) }
        if current != .main { restoreWaitingLink(from: state, into: &result) }
        return result
    }

    /// Why a record of the `recorded` flow no longer applies where `current` is shown now.
    private static func reason(recorded: AppFlow, current: AppFlow) -> String {
        switch (recorded, current) {
        case (.onboarding, .main): "the onboarding tour was finished since"
        case (.main, .onboarding): "the onboarding tour is not finished for this account"
        default: "the \(recorded.rawValue) flow is no longer the one shown"
        }
    }

    /// Whether `problem` says a record was not of the kind its place holds.
    private static func isWrongKind(_ problem: RestorationError) -> Bool {
        if case .wrongKind = problem { return true }
        return false
    }

    private func restoreSignUp(from state: RestorationState, into result: inout RestorationResult) {
        guard let signUpState = state.children.dropFirst().first, !isSignUpOnScreen else { return }
        presentSignUp()
        if let presentedSignUp {
            let signUpResult = presentedSignUp.restore(from: signUpState)
            result.merge(signUpResult)
            // A record of another kind in sign-up's place is not a sign-up the person opened: it is dropped, and the
            // screen under it stays the nearest valid one.
            if signUpResult.problems.contains(where: Self.isWrongKind) { dismissPresentedSignUp() }
        } else {
            result.append(.noLongerApplies("sign-up cannot be shown"))
        }
    }

    private func restoreWaitingLink(from state: RestorationState, into result: inout RestorationResult) {
        guard let text = state.values[AppRestorationKey.link] else { return }
        let waitsFor = user == nil ? "a log-in" : "the end of the tour"
        do {
            let link = try DeepLink.parse(text)
            guard link.isProtected else { throw UserFacingError(description: "it does not need a log-in") }
            try open(link)
        } catch {
            let shown = text.count > 100 ? String(text.prefix(100)) + "…" : text
            result.append(.noLongerApplies("the link \(shown) no longer waits for \(waitsFor): \(error)"))
        }
    }

    // MARK: - Commands

    /// Carries out `command` (one command's effect: an action, a typed text, a gesture, a tap on a tab, a link, the
    /// start), then reads the Feed tab's badge again (posts may have come from another process), and returns what
    /// the app could not do while it ran, typed.
    ///
    /// Listeners are called inside the command (a log-in finishes inside the tap on "Log in"), so what fails in
    /// them is that command's outcome and is returned here; nothing is kept once the call returns.
    ///
    /// - Throws: what `command` throws; the failures met before it threw are then dropped with it.
    func carryOut<Failure: Error>(_ command: () throws(Failure) -> Void) throws(Failure) -> AppFailure? {
        try failures.collect { () throws(Failure) in
            try command()
            main?.refreshBadges()
        }
    }

    private func report(_ failure: AppFailure) {
        failures.record(failure)
    }

    // MARK: - Deep links

    /// Follows `link`.
    ///
    /// - Throws: ``UserFacingError`` when the link cannot be followed now (already logged in, no such post, a compose
    ///   draft or a profile edit in the way …); nothing changed then.
    func open(_ link: DeepLink) throws(UserFacingError) {
        guard link.isProtected else {
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
        guard user != nil, let main else {
            // Nothing is looked up before Main shows, so a link reveals nothing about what exists; the tab's flow
            // checks the place once it runs.
            pendingLink = link
            // What is typed into a sign-up is kept; finishing it continues to the link.
            if user == nil, !isSignUpOnScreen { showLoginOnTop() }
            return
        }
        try route(link, in: main)
    }

    /// Selects the link's tab in `main` and routes there.
    private func route(_ link: DeepLink, in main: MainCoordinator) throws(UserFacingError) {
        switch link {
        case .feed(let destination): try main.route(inFeed: destination)
        case .profile(let destination): try main.route(inProfile: destination)
        case .login, .signUp: return
        }
    }

    /// Follows the link that waited for the log-in and the tour, once Main shows.
    private func followPendingLink() {
        guard let link = pendingLink, let main else { return }
        pendingLink = nil
        do {
            try route(link, in: main)
        } catch {
            report(.linkFailedAfterLogIn(error))
        }
    }

    // MARK: - Flows

    /// Whether a sign-up is on screen: presented for `app://signup`, or pushed by Login.
    private var isSignUpOnScreen: Bool {
        presentedSignUp != nil || login?.isShowingSignUp == true
    }

    /// A sign-up on screen, a draft in Feed's compose or a new name in Profile's edit, as the features tell it.
    var unsavedWork: UnsavedWork? {
        if isSignUpOnScreen { return .signUp }
        return main?.unsavedWork
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

    /// Shows the tour as the root of its own navigation controller: its pages are pushed onto it.
    private func showOnboarding() {
        tearDownFlows()
        let onboarding = onboardingBuilder.coordinator(listener: self)
        do {
            try addChild(onboarding) { screen in
                try self.window.setRootViewController(
                    NavigationController(root: screen, screenID: "onboarding.navigation"))
            }
            self.onboarding = onboarding
        } catch {
            report(.flowNotShown("the onboarding tour", reason: "\(error)"))
        }
    }

    /// Shows Main, the tab bar, as the window's root, then the link that waited for it.
    private func showMain() {
        tearDownFlows()
        guard let user else { return }
        let main = MainCoordinator(feedBuilder: feedBuilder, profileBuilder: profileBuilder, data: data, user: user)
        main.listener = self
        do {
            try addChild(main) { screen in try self.window.setRootViewController(screen) }
            self.main = main
        } catch {
            report(.flowNotShown("the tab bar", reason: "\(error)"))
            return
        }
        followPendingLink()
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
        onboarding = nil
        main = nil
    }

    private func didLogIn(email: String, displayName: String) {
        user = FeedUser(email: email, displayName: displayName)
        showDestination()
    }

    /// The tour ended (finished or skipped): it is recorded for the account, and the person goes on to Main.
    private func didEndOnboarding() {
        guard let user else { return }
        do {
            try data.finishOnboarding(email: user.email)
        } catch {
            onboardedUnsaved.insert(user.email)
            report(.onboardingNotSaved(reason: "\(error)"))
        }
        showDestination()
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

extension AppCoordinator: OnboardingListener {
    func onboardingDidFinish() {
        didEndOnboarding()
    }

    func onboardingDidSkip() {
        didEndOnboarding()
    }
}

extension AppCoordinator: MainListener {
    func mainDidLogOut() {
        do {
            try data.logOut()
        } catch {
            // Still logged in, as the next start will be: say so and stay.
            report(.logOutNotSaved(reason: "\(error)"))
            return
        }
        user = nil
        pendingLink = nil
        showDestination()
    }

    func mainDidRename(to displayName: String) {
        guard let user else { return }
        self.user = FeedUser(email: user.email, displayName: displayName)
    }

    func mainDidFail(_ failure: AppFailure) {
        report(failure)
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

/// The flows the app's entry chooses between.
enum AppFlow: String {
    /// Not logged in: Login, and SignUp from it.
    case login
    /// Logged in for the first time: the onboarding tour.
    case onboarding
    /// Logged in and onboarded: the tab bar.
    case main
}

/// The keys of the app's restoration record.
private enum AppRestorationKey {
    static let format = RestorationFormat(kind: "app", version: 2, oldestReadableVersion: 1)
    static let flow = "flow"
    static let user = "user"
    static let link = "link"
}

/// Something the app coordinator could not do while carrying out a command; see ``AppCoordinator/carryOut(_:)``.
package enum AppFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// A flow (`the login screen`, `the tab bar`, `sign-up` …) could not be shown, for `reason`.
    case flowNotShown(String, reason: String)
    /// The link remembered while logged out could not be followed once Main showed.
    case linkFailedAfterLogIn(UserFacingError)
    /// The log-out happened on screen but could not be saved, for `reason`.
    case logOutNotSaved(reason: String)
    /// The end of the onboarding tour could not be saved, for `reason`: it shows again at the next start.
    case onboardingNotSaved(reason: String)
    /// The Feed tab's badge could not be read or the look at Latest not saved, for `reason`.
    case badgeNotUpdated(reason: String)

    package var description: String {
        switch self {
        case .flowNotShown(let flow, let reason): "\(flow) cannot be shown: \(reason)"
        case .linkFailedAfterLogIn(let error): error.description
        case .logOutNotSaved(let reason): "the log-out could not be saved, so you are still logged in: \(reason)"
        case .onboardingNotSaved(let reason):
            "the end of the onboarding tour could not be saved, so it shows again next time: \(reason)"
        case .badgeNotUpdated(let reason): "the Feed tab's badge cannot be updated: \(reason)"
        }
    }
}
