import Core

/// The sign-up flow. It owns the first step's screen and the draft, and
/// attaches the later steps as children whose screens it pushes onto the
/// enclosing navigation controller, so the user's back gesture releases them.
final class SignUpCoordinator: ViewableCoordinator<any SignUpStepPresentable> {
    weak var listener: (any SignUpListener)?
    private let accounts: any SignUpAccountService
    private let draft: SignUpDraft
    private weak var passwordStep: SignUpPasswordCoordinator?
    private weak var nameStep: SignUpNameCoordinator?

    /// Creates the flow around the email step's `screen`, which must show `draft`.
    init(
        screen: some ViewControllerable & SignUpStepPresentable,
        draft: SignUpDraft,
        accounts: any SignUpAccountService
    ) {
        self.accounts = accounts
        self.draft = draft
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    override func userDidRemove(_ child: any Coordinating) {
        if child === passwordStep { passwordStep = nil }
        if child === nameStep { nameStep = nil }
    }

    // MARK: - Steps

    private func showPasswordStep() {
        guard passwordStep == nil else { return }
        let screen = SignUpStepViewController(step: .password, draft: draft)
        let step = SignUpPasswordCoordinator(screen: screen, draft: draft)
        step.listener = self
        if attachAndPush(step, reportingTo: presenter) { passwordStep = step }
    }

    private func showNameStep(reportingTo stepPresenter: any SignUpStepPresentable) {
        guard nameStep == nil else { return }
        let step = SignUpNameCoordinator(
            screen: SignUpStepViewController(step: .name, draft: draft),
            draft: draft,
            accounts: accounts
        )
        step.listener = self
        if attachAndPush(step, reportingTo: stepPresenter) { nameStep = step }
    }

    /// Attaches `step` and pushes its screen; on failure, detaches it again and
    /// shows why on the screen the user is looking at.
    private func attachAndPush(
        _ step: any ViewableCoordinating,
        reportingTo stepPresenter: any SignUpStepPresentable
    ) -> Bool {
        do {
            try addChild(step) { try self.viewControllerable.push($0) }
            return true
        } catch {
            stepPresenter.show(errorMessage: SignUpMessage.cannotShowStep(error))
            return false
        }
    }
}

extension SignUpCoordinator: SignUpStepScreenListener {
    func stepScreenDidSubmit() {
        if let problem = draft.emailProblem {
            presenter.show(errorMessage: problem)
            return
        }
        do throws(SignUpServiceError) {
            if try accounts.isEmailRegistered(draft.normalizedEmail) {
                presenter.show(errorMessage: SignUpMessage.emailTaken)
                return
            }
        } catch {
            presenter.show(errorMessage: SignUpMessage.message(for: error))
            return
        }
        presenter.show(errorMessage: nil)
        showPasswordStep()
    }

    func stepScreenDidCancel() {
        listener?.signUpDidCancel()
    }
}

extension SignUpCoordinator: SignUpPasswordListener {
    func passwordStepDidComplete() {
        guard let passwordStep else { return }
        showNameStep(reportingTo: passwordStep.presenter)
    }

    func passwordStepDidCancel() {
        listener?.signUpDidCancel()
    }
}

extension SignUpCoordinator: SignUpNameListener {
    func nameStepDidCreateAccount(_ session: SignUpSession) {
        listener?.signUpDidFinish(session)
    }

    func nameStepDidCancel() {
        listener?.signUpDidCancel()
    }
}
