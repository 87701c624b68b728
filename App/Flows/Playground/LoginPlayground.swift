import LoginFeature
import SignUpFeature

extension FeaturePlayground {
    /// Login, with SignUp behind `signup`, over accounts kept in memory.
    static let login = FeaturePlayground(
        name: "Login",
        summary: "Log in as demo@example.com with demo-password, or create an account."
    ) { parent in
        let accounts = PlaygroundAccounts()
        let signUpBuilder = SignUpContainer(dependency: PlaygroundAccounts.SignUpServices(accounts: accounts))
        let builder = LoginContainer(
            dependency: PlaygroundAccounts.LoginServices(authenticator: accounts, signUpBuilder: signUpBuilder))
        let listener = LoginPlaygroundListener(parent: parent)
        let login = builder.coordinator(listener: listener)
        return Hosted(coordinator: login, listener: listener) { [weak login] in
            login?.isShowingSignUp == true ? .signUp : nil
        }
    }
}

/// Forwards what Login tells its parent to the playground.
@MainActor
private final class LoginPlaygroundListener: PlaygroundListener, LoginListener {
    func loginDidSucceed(_ session: LoginSession) {
        finish("loginDidSucceed(\(session.displayName), \(session.email))")
    }
}

/// Accounts kept in memory for the Login and SignUp playgrounds, starting with `demo@example.com`
/// (`demo-password`). Nothing is saved: every playground starts afresh.
@MainActor
final class PlaygroundAccounts: LoginAuthenticating, SignUpAccountService {
    /// What Login gets in its playground.
    struct LoginServices: LoginDependency {
        let authenticator: any LoginAuthenticating
        let signUpBuilder: any SignUpContainable
    }

    /// What SignUp gets in its playground.
    struct SignUpServices: SignUpDependency {
        let accounts: any SignUpAccountService
    }

    private var accounts: [String: (password: String, displayName: String)] = [
        "demo@example.com": ("demo-password", "Demo")
    ]

    func logIn(email: String, password: String) throws(LoginServiceError) -> LoginSession {
        guard let account = accounts[email], account.password == password else { throw .invalidCredentials }
        return LoginSession(email: email, displayName: account.displayName)
    }

    func isEmailRegistered(_ email: String) throws(SignUpServiceError) -> Bool {
        accounts[email] != nil
    }

    func register(email: String, password: String, displayName: String) throws(SignUpServiceError) -> SignUpSession {
        guard accounts[email] == nil else { throw .emailTaken }
        accounts[email] = (password, displayName)
        return SignUpSession(email: email, displayName: displayName)
    }
}
