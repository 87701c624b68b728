import AppData
import AppInterface
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
    private let onboardingBuilder: any OnboardingContainable
    private let feedBuilder: any FeedContainable
    private let profileBuilder: any ProfileContainable
    /// The data the app runs over: the saved session, the tour finished per account, the badge.
    let data: any AppDataStore

    /// The logged-in person, or `nil`.
    var user: FeedUser?
    /// Whether someone is logged in.
    var isLoggedIn: Bool { user != nil }
    /// The logged-in person's display name as stored now (another process may have renamed them, as Profile
    /// shows), or `nil` when logged out; the name known at log-in when it cannot be read.
    var userDisplayName: String? {
        guard let user else { return nil }
        return ((try? data.summary(email: user.email)) ?? nil)?.displayName ?? user.displayName
    }
    /// The accounts whose finished tour could not be saved: not shown the tour again in this run.
    var onboardedUnsaved: Set<String> = []

    private var login: (any LoginCoordinating)?
    /// Sign-up presented for `app://signup`.
    private let signUp: SignUpPresentation
    private var onboarding: (any ViewableCoordinating)?
    private(set) var main: MainCoordinator?
    /// The protected link opened while logged out or during the tour, followed once Main shows; `nil` when none
    /// waits.
    var pendingLink: DeepLink?
    /// What went wrong while the command being carried out ran (see ``carryOut(_:)``).
    let failures = CommandFailures()

    /// Creates the root; `user` is the saved session's person, if any.
    init(
        window: Window,
        builders: AppBuilders,
        data: any AppDataStore,
        user: FeedUser?
    ) {
        self.window = window
        loginBuilder = builders.login
        signUp = SignUpPresentation(builder: builders.signUp)
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

    /// Whether the app is starting: showing its first flow, restoring where the person left and following the
    /// link it was opened with, all before anything is drawn. A screen that appears and goes again meanwhile was
    /// never seen: Main counts the look at the feed's Latest list only if Latest still shows once the start ends.
    private var isStarting = false

    func beginStart() {
        isStarting = true
        start()
    }

    func endStart() {
        isStarting = false
        main?.startDidEnd()
    }

    override func didStop() {
        login = nil
        if let presented = signUp.coordinator { signUp.forget(presented) }
        onboarding = nil
        main = nil
    }

    override func userDidRemove(_ child: any Coordinating) {
        signUp.forget(child)
    }

    // MARK: - Where the person goes

    /// Where the person goes now: the one decision of the app's entry.
    var destination: AppFlow {
        AppFlow.destination(isLoggedIn: user != nil) { user.map(isOnboarded) ?? false }
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
    func showDestination() {
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

    /// The app's record (``AppRecord``): the shown flow, the person, the waiting link, the shown flow's record and
    /// the presented sign-up's.
    override var restorationState: RestorationState? {
        let flow = shownFlow ?? .login
        let shown: Coordinator? =
            switch flow {
            case .login: login
            case .onboarding: onboarding
            case .main: main
            }
        return AppRecord(
            flow: flow, userEmail: user?.email, link: pendingLink?.url, flowState: shown?.restorationState,
            signUpState: signUp.coordinator?.restorationState
        ).state
    }

    /// Restores over the flow ``destination`` showed at the start: the flow's own record when the record was
    /// written for this session and this flow (``AppRecord/mismatch(userEmail:shown:)``), then the presented
    /// sign-up and the waiting link through the routes a link takes; otherwise the flow stays at its first screen.
    override func restore(from state: RestorationState) -> RestorationResult {
        let record: AppRecord
        do {
            record = try AppRecord(reading: state)
        } catch {
            return .nearest(because: error)
        }
        let current = destination
        if let mismatch = record.mismatch(userEmail: user?.email, shown: current) {
            return .nearest(because: .noLongerApplies(mismatch))
        }
        var result = RestorationResult.restored
        if let flowState = record.flowState {
            switch current {
            case .login:
                if let login { result.merge(login.restore(from: flowState)) }
            case .onboarding:
                if let onboarding { result.merge(onboarding.restore(from: flowState)) }
            case .main:
                if let main {
                    result.merge(
                        record.isFirstVersion ? main.restore(.feed, from: flowState) : main.restore(from: flowState))
                }
            }
        }
        if current == .login, let signUpState = record.signUpState { restoreSignUp(from: signUpState, into: &result) }
        if current != .main, let link = record.link { restoreWaitingLink(link, into: &result) }
        return result
    }

    /// Whether `problem` says a record was not of the kind its place holds.
    private static func isWrongKind(_ problem: RestorationError) -> Bool {
        if case .wrongKind = problem { return true }
        return false
    }

    private func restoreSignUp(from signUpState: RestorationState, into result: inout RestorationResult) {
        guard !isSignUpOnScreen else {
            // Login's own record brought a pushed sign-up back: a second, presented one would be another sign-up.
            result.append(.noLongerApplies("the presented sign-up was dropped: Login's sign-up is on screen"))
            return
        }
        presentSignUp()
        if let presented = signUp.coordinator {
            let signUpResult = presented.restore(from: signUpState)
            result.merge(signUpResult)
            // A record of another kind in sign-up's place is not a sign-up the person opened: it is dropped, and the
            // screen under it stays the nearest valid one.
            if signUpResult.problems.contains(where: Self.isWrongKind) { dismissPresentedSignUp() }
        } else {
            result.append(.noLongerApplies("sign-up cannot be shown"))
        }
    }

    private func restoreWaitingLink(_ text: String, into result: inout RestorationResult) {
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
    /// start), then follows the saved session if another process changed it (``followSavedSession()``) and reads
    /// the Feed tab's badge again (posts may have come from another process), and returns what the app could not
    /// do while it ran, typed.
    ///
    /// Listeners are called inside the command (a log-in finishes inside the tap on "Log in"), so what fails in
    /// them is that command's outcome and is returned here; nothing is kept once the call returns.
    ///
    /// - Throws: what `command` throws; the failures met before it threw are then dropped with it.
    func carryOut<Failure: Error>(_ command: () throws(Failure) -> Void) throws(Failure) -> AppFailure? {
        try failures.collect { () throws(Failure) in
            try command()
            followSavedSession()
            main?.refreshBadges()
        }
    }

    /// What ``followSavedSession()`` last did, to be told after the command (or the refresh) that noticed it, once.
    private var sessionNotice: String?

    func takeNotice() -> String? {
        defer { sessionNotice = nil }
        return sessionNotice
    }

    /// Follows the saved session where another process on the same data changed it while this one ran: logged the
    /// person out (the window goes to the log-in) or logged someone else in (the window shows their flow), as the
    /// next start would, saying so and what unsaved work went with the flow. Not while something moves or a gesture
    /// is held: the command that ends it follows. A window where nobody is logged in does not follow a log-in made
    /// elsewhere, which would throw away a log-in or sign-up in progress here. A session that cannot be read is left
    /// for the data's own failure to tell.
    private func followSavedSession() {
        guard let user, window.isIdle else { return }
        let saved: AccountRecord?
        do {
            saved = try data.savedSessionAccount()
        } catch {
            return
        }
        guard saved?.email != user.email else { return }
        let dropped = unsavedWork
        self.user = saved.map { FeedUser(email: $0.email, displayName: $0.displayName) }
        pendingLink = nil
        showDestination()
        let notice =
            saved.map { "\($0.displayName) logged in in another window on this data; this one follows" }
            ?? "you were logged out in another window on this data; log in again"
        sessionNotice = [notice, dropped?.droppedDescription].compactMap { $0 }.joined(separator: "; ")
    }

    func report(_ failure: AppFailure) {
        failures.record(failure)
    }

    // MARK: - Deep links

    /// Follows the link that waited for the log-in and the tour, once Main shows.
    private func followPendingLink() {
        guard let link = pendingLink, let main else { return }
        pendingLink = nil
        do {
            try follow(main.steps(to: link))
        } catch {
            report(.linkFailedAfterLogIn(error))
        }
    }

    // MARK: - Flows

    /// Whether a sign-up is on screen: presented for `app://signup`, or pushed by Login.
    var isSignUpOnScreen: Bool {
        signUp.isPresented || login?.isShowingSignUp == true
    }

    /// A sign-up on screen, a draft in Feed's compose or a new name in Profile's edit, as the features tell it.
    var unsavedWork: UnsavedWork? {
        if isSignUpOnScreen { return .signUp }
        return main?.unsavedWork
    }

    /// Makes the `login` screen the one on top: dismisses a presented sign-up and, if Login shows something
    /// above its screen, starts a fresh log-in flow.
    func showLoginOnTop() {
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
        let main = MainCoordinator(
            feedBuilder: feedBuilder, profileBuilder: profileBuilder, data: data, user: user, defersLooks: isStarting)
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

    /// Presents sign-up full screen over Login (``SignUpPresentation``).
    func presentSignUp() {
        guard !signUp.isPresented else { return }
        showLoginOnTop()
        guard let presenter = window.rootViewController else { return }
        do {
            try signUp.present(from: presenter, under: self) { [weak self] outcome in
                self?.presentedSignUpDidEnd(with: outcome)
            }
        } catch {
            report(.flowNotShown("sign-up", reason: "\(error)"))
        }
    }

    func dismissPresentedSignUp() {
        signUp.dismiss(from: window.rootViewController, under: self)
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
}
