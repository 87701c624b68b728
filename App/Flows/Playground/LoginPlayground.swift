import AppData
import FoundationEssentials
import LoginFeature
import SignUpFeature

extension FeaturePlayground {
    /// Login, with SignUp behind `signup`, over accounts kept in memory.
    static let login = FeaturePlayground(
        name: "Login",
        summary: "Log in as demo@example.com with demo-password, or create an account."
    ) { parent in
        let accounts = DataAccountService(data: InMemoryDataStore(now: { [weak parent] in parent?.now ?? Date() }))
        let signUpBuilder = SignUpContainer(dependency: SignUpServices(accounts: accounts))
        let builder = LoginContainer(dependency: LoginServices(authenticator: accounts, signUpBuilder: signUpBuilder))
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
