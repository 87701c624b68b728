import AppData
import FeedFeature
import LoginFeature
import OnboardingFeature
import SignUpFeature

/// What the flows tell the root: a log-in or a sign-up (the presented one's awaited outcome), the end of the tour, a log-out, a rename, a failure.
/// Each change asks ``AppCoordinator/destination`` again, and the previous flow is released whole.
extension AppCoordinator {
    /// Someone logged in (or signed up): the person goes where ``AppCoordinator/destination`` says.
    func didLogIn(email: String, displayName: String) {
        user = FeedUser(email: email, displayName: displayName)
        showDestination()
    }

    /// The tour ended (finished or skipped): it is recorded for the account, and the person goes on to Main.
    fileprivate func didEndOnboarding() {
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

extension AppCoordinator {
    /// The presented sign-up ended (the parent awaited its outcome): an account logs the person in, a cancel
    /// dismisses it and leaves Login on top.
    func presentedSignUpDidEnd(with outcome: SignUpOutcome) {
        switch outcome {
        case .account(let session): didLogIn(email: session.email, displayName: session.displayName)
        case .cancelled: dismissPresentedSignUp()
        }
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
