import Core

/// The display name step: checks the name and creates the account.
final class SignUpNameCoordinator: ViewableCoordinator<any SignUpStepPresentable> {
    weak var listener: (any SignUpNameListener)?
    private let draft: SignUpDraft
    private let accounts: any SignUpAccountService

    /// Creates the step around `screen`, which must show `draft`.
    init(
        screen: some ViewControllerable & SignUpStepPresentable,
        draft: SignUpDraft,
        accounts: any SignUpAccountService
    ) {
        self.draft = draft
        self.accounts = accounts
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }
}

extension SignUpNameCoordinator: SignUpStepScreenListener {
    func stepScreenDidSubmit() {
        if let problem = draft.displayNameProblem {
            presenter.show(errorMessage: problem)
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
            presenter.show(errorMessage: SignUpMessage.message(for: error))
            return
        }
        presenter.show(errorMessage: nil)
        listener?.nameStepDidCreateAccount(session)
    }

    func stepScreenDidCancel() {
        listener?.nameStepDidCancel()
    }
}
