import Core
import InputRules
import SignUpFeature

/// What the log-in coordinator tells its screen.
@MainActor
protocol LoginPresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any LoginScreenListener)? { get set }

    /// The email as typed.
    var email: String { get }

    /// Puts `email` back into its field, as if the person had typed it.
    func show(email: String)

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func showInlineError(_ message: String?)
}

/// The log-in flow. It owns the `login` screen, checks what is typed, asks the
/// authenticator, and shows sign-up by attaching it as a child and pushing its
/// screen onto the enclosing navigation controller.
final class LoginCoordinator: ViewableCoordinator<any LoginPresentable>, LoginCoordinating {
    weak var listener: (any LoginListener)?
    private let authenticator: any LoginAuthenticating
    private let signUpBuilder: any SignUpContainable
    /// The attached sign-up flow; cleared when it is detached.
    private weak var signUp: (any ViewableCoordinating)?

    /// Creates the flow around `screen`.
    init(
        screen: some ViewControllerable & LoginPresentable,
        authenticator: any LoginAuthenticating,
        signUpBuilder: any SignUpContainable
    ) {
        self.authenticator = authenticator
        self.signUpBuilder = signUpBuilder
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    /// Whether sign-up is attached: it is detached as soon as it leaves the screen.
    var isShowingSignUp: Bool { signUp != nil }

    override func userDidRemove(_ child: any Coordinating) {
        if child === signUp { signUp = nil }
    }

    // MARK: - Restoration

    private static let restoration = RestorationFormat(kind: "login", version: 1)
    private static let emailKey = "email"

    /// Login's record: kind `login`, version 1, the value `email` (as typed;
    /// the password is never kept), and sign-up's own record as its only child
    /// while sign-up is shown.
    override var restorationState: RestorationState? {
        Self.restoration.record(
            values: [Self.emailKey: presenter.email], children: signUp?.restorationState.map { [$0] } ?? [])
    }

    /// Puts the email back, then shows sign-up the way `signup` does and hands
    /// it its own record, in one step, once sign-up is started and shown.
    override func restore(from state: RestorationState) -> RestorationResult {
        do throws(RestorationError) {
            try Self.restoration.check(state)
        } catch {
            return .nearest(because: error)
        }
        presenter.show(email: state.values[Self.emailKey] ?? "")
        // Sign-up's record is opaque here: Login only keeps it and hands it back, and keeps one.
        var result = RestorationResult.restored
        if state.children.count > 1 { result.append(.noLongerApplies("a second sign-up record was dropped")) }
        guard let signUpState = state.children.first, signUp == nil else { return result }
        let child = signUpBuilder.coordinator(listener: self)
        result.merge(addChild(child, showing: { try self.viewControllerable.push($0) }, restoringFrom: signUpState))
        if child.parent === self { signUp = child }
        return result
    }

    /// Pops back to the `login` screen and detaches sign-up.
    private func closeSignUp() {
        guard let signUp else { return }
        self.signUp = nil
        do {
            try viewControllerable.pop(to: viewControllerable, animated: true)
            try removeChild(signUp)
        } catch {
            presenter.showInlineError(LoginMessage.navigationFailed(error))
            if signUp.parent === self { try? removeChild(signUp) }
        }
    }
}

extension LoginCoordinator: LoginScreenListener {
    func loginScreenDidRequestLogIn(email: String, password: String) {
        let email = EmailAddress.normalized(email)
        guard !InputText.isBlank(email), !password.isEmpty else {
            presenter.showInlineError(LoginMessage.missingCredentials)
            return
        }
        guard EmailAddress.isWellFormed(email) else {
            presenter.showInlineError(EmailAddress.invalidMessage)
            return
        }
        let session: LoginSession
        do throws(LoginServiceError) {
            session = try authenticator.logIn(email: email, password: password)
        } catch {
            presenter.showInlineError(LoginMessage.message(for: error))
            return
        }
        presenter.showInlineError(nil)
        listener?.loginDidSucceed(session)
    }

    func loginScreenDidRequestSignUp() {
        guard signUp == nil else { return }
        let child = signUpBuilder.coordinator(listener: self)
        do {
            try addChild(child) { try self.viewControllerable.push($0, animated: true) }
        } catch {
            presenter.showInlineError(LoginMessage.navigationFailed(error))
            return
        }
        signUp = child
        presenter.showInlineError(nil)
    }
}

extension LoginCoordinator: SignUpListener {
    func signUpDidFinish(_ session: SignUpSession) {
        closeSignUp()
        listener?.loginDidSucceed(LoginSession(email: session.email, displayName: session.displayName))
    }

    func signUpDidCancel() {
        closeSignUp()
    }
}
