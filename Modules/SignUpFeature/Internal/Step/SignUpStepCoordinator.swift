import Core

/// What a sign-up step's coordinator tells its screen.
@MainActor
protocol SignUpStepPresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any SignUpStepScreenListener)? { get set }

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func showInlineError(_ message: String?)
}

/// What a sign-up step tells the flow, the first step included: one rule for
/// every step.
@MainActor
protocol SignUpStepListener: AnyObject {
    /// `step` holds valid input; the flow shows the step after it.
    ///
    /// - Throws: why the next step cannot be shown; the step shows it on its
    ///   own screen.
    func stepDidComplete(_ step: SignUpStep) throws

    /// The last step created the account.
    func stepDidCreateAccount(_ session: SignUpSession)

    /// The user tapped `cancel` on a step.
    func stepDidCancel()
}

/// One step of sign-up. Every step follows the same rule: on `next` it checks
/// what its screen holds and, when it is valid, tells the flow (the last step
/// creates the account first); it shows its own errors on its own screen,
/// including why the flow could not show the next step.
///
/// The first step is also the flow: its screen is the one the parent shows,
/// it keeps the draft the steps share, it attaches each later step as its
/// child and pushes that step's screen onto the enclosing navigation
/// controller (so the user's back gesture releases it), and it reports to the
/// parent through ``SignUpListener``, or finishes with its ``SignUpOutcome``
/// for a parent that awaits it.
final class SignUpStepCoordinator: ViewableCoordinator<any SignUpStepPresentable> {
    /// The parent of the flow; set on the first step.
    weak var listener: (any SignUpListener)?
    /// Where this step reports: the first step, which is the flow (itself, on
    /// the first step).
    weak var flow: (any SignUpStepListener)?
    let step: SignUpStep
    private let draft: SignUpDraft
    private let accounts: any SignUpAccountService

    /// Creates the flow: the first step, over an empty draft, reporting to
    /// itself.
    static func flow(accounts: any SignUpAccountService) -> SignUpStepCoordinator {
        let first = SignUpStepCoordinator(step: .email, draft: SignUpDraft(), accounts: accounts)
        first.flow = first
        return first
    }

    /// Creates `step` around a new screen that shows `draft`.
    convenience init(step: SignUpStep, draft: SignUpDraft, accounts: any SignUpAccountService) {
        self.init(
            screen: SignUpStepViewController(step: step, draft: draft), step: step, draft: draft, accounts: accounts)
    }

    /// Creates `step` around `screen`, which must show `draft`.
    init(
        screen: some ViewControllerable & SignUpStepPresentable,
        step: SignUpStep,
        draft: SignUpDraft,
        accounts: any SignUpAccountService
    ) {
        self.step = step
        self.draft = draft
        self.accounts = accounts
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    /// Names the step, so the steps tell apart in the tree: `SignUpStepCoordinator(password)`.
    override var name: String { "SignUpStepCoordinator(\(step.rawValue))" }

    // MARK: - Restoration

    private static let restoration = RestorationFormat(kind: "signup", version: 1)
    private static let stepKey = "step"
    private static let emailKey = "email"
    private static let displayNameKey = "displayName"

    /// The flow's record, kept by the first step: kind `signup`, version 1, the
    /// values `step` (`email`, `password` or `name`: the step on top), `email`
    /// and `displayName` as typed. The password and its confirmation are never
    /// kept. Later steps keep no record of their own.
    override var restorationState: RestorationState? {
        guard flow === self else { return nil }
        let top = children.compactMap { ($0 as? SignUpStepCoordinator)?.step }.last ?? step
        return Self.restoration.record(values: [
            Self.stepKey: top.rawValue, Self.emailKey: draft.email, Self.displayNameKey: draft.displayName,
        ])
    }

    /// Puts the email and display name back, then goes on step by step the
    /// way `next` does, each step checked as live; an email that can no
    /// longer be used stops on the first step with the reason on screen. The
    /// password step, and the name step after it, show empty password fields.
    override func restore(from state: RestorationState) -> RestorationResult {
        guard flow === self else { return super.restore(from: state) }
        let target: SignUpStep
        do throws(RestorationError) {
            try Self.restoration.check(state)
            target = try state.value(Self.stepKey, as: SignUpStep.self) ?? .email
        } catch {
            return .nearest(because: error)
        }
        draft.email = state.values[Self.emailKey] ?? ""
        draft.displayName = state.values[Self.displayNameKey] ?? ""
        var reached = SignUpStep.email
        while reached != target, let next = reached.next {
            if reached == .email, let problem = emailProblem() {
                presenter.showInlineError(problem)
                return .nearest(because: .noLongerApplies("sign-up is back at its first step: \(problem)"))
            }
            do {
                try showStep(after: reached, animated: false)
            } catch {
                return .nearest(because: .noLongerApplies("sign-up cannot show its \(next.rawValue) step: \(error)"))
            }
            reached = next
        }
        return .restored
    }

    // MARK: - Submitting

    private func submitEmail() {
        if let problem = emailProblem() {
            presenter.showInlineError(problem)
            return
        }
        presenter.showInlineError(nil)
        complete()
    }

    /// Why the draft's email cannot go on to the next step, or `nil`.
    private func emailProblem() -> String? {
        if let problem = draft.emailProblem { return problem }
        do throws(SignUpServiceError) {
            if try accounts.isEmailRegistered(draft.normalizedEmail) { return SignUpMessage.emailTaken }
        } catch {
            return SignUpMessage.message(for: error)
        }
        return nil
    }

    private func submitPassword() {
        presenter.showInlineError(draft.passwordProblem)
        if draft.passwordProblem == nil { complete() }
    }

    private func createAccount() {
        // Only a restored flow gets here without a password: it is never kept.
        if draft.passwordProblem != nil {
            presenter.showInlineError(SignUpMessage.passwordNotKept)
            return
        }
        if let problem = draft.displayNameProblem {
            presenter.showInlineError(problem)
            return
        }
        let session: SignUpSession
        do throws(SignUpServiceError) {
            session = try accounts.register(
                email: draft.normalizedEmail,
                password: draft.password,
                displayName: draft.normalizedDisplayName
            )
        } catch {
            presenter.showInlineError(SignUpMessage.message(for: error))
            return
        }
        presenter.showInlineError(nil)
        flow?.stepDidCreateAccount(session)
    }

    /// Tells the flow this step is done; shows on this step's screen why the
    /// next one cannot be shown.
    private func complete() {
        do {
            try flow?.stepDidComplete(step)
        } catch {
            presenter.showInlineError(SignUpMessage.cannotShowStep(error))
        }
    }
}

extension SignUpStepCoordinator: SignUpStepScreenListener {
    func stepScreenDidSubmit() {
        switch step {
        case .email: submitEmail()
        case .password: submitPassword()
        case .name: createAccount()
        }
    }

    func stepScreenDidCancel() {
        flow?.stepDidCancel()
    }
}

/// The flow's part, played by the first step.
extension SignUpStepCoordinator: SignUpStepListener {
    func stepDidComplete(_ step: SignUpStep) throws {
        try showStep(after: step, animated: true)
    }

    /// Pushes the step after `step`, unless it is the last or already shown: moving when the person completed
    /// `step`, at once when restoring, which rebuilds the place as it was.
    private func showStep(after step: SignUpStep, animated: Bool) throws {
        guard let next = step.next, !isShowing(next) else { return }
        let child = SignUpStepCoordinator(step: next, draft: draft, accounts: accounts)
        child.flow = self
        try addChild(child) { try self.viewControllerable.push($0, animated: animated) }
    }

    func stepDidCreateAccount(_ session: SignUpSession) {
        finish(with: .account(session))
        listener?.signUpDidFinish(session)
    }

    func stepDidCancel() {
        finish(with: .cancelled)
        listener?.signUpDidCancel()
    }

    /// Whether `step` is attached; a step the user's back gesture removed is
    /// detached already.
    private func isShowing(_ step: SignUpStep) -> Bool {
        children.contains { ($0 as? SignUpStepCoordinator)?.step == step }
    }
}

/// A flow built for a parent that awaits it ends with its outcome; the first
/// step finishes it, the later steps never do.
extension SignUpStepCoordinator: OneShotCoordinating {
    typealias Outcome = SignUpOutcome
}
