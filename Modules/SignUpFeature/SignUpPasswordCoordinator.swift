import Core

/// The password step: checks the password and its confirmation.
final class SignUpPasswordCoordinator: ViewableCoordinator<any SignUpStepPresentable> {
    weak var listener: (any SignUpPasswordListener)?
    private let draft: SignUpDraft

    /// Creates the step around `screen`, which must show `draft`.
    init(screen: some ViewControllerable & SignUpStepPresentable, draft: SignUpDraft) {
        self.draft = draft
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }
}

extension SignUpPasswordCoordinator: SignUpStepScreenListener {
    func stepScreenDidSubmit() {
        presenter.show(errorMessage: draft.passwordProblem)
        if draft.passwordProblem == nil { listener?.passwordStepDidComplete() }
    }

    func stepScreenDidCancel() {
        listener?.passwordStepDidCancel()
    }
}
