package import LoginFeature
package import SignUpFeature

/// The in-memory twin of the live account service: accounts kept in memory, starting with `demo@example.com`
/// (`demo-password`), for features shown without a database (the Login and SignUp playgrounds). Nothing is saved:
/// every instance starts afresh.
@MainActor
package final class InMemoryAccountService: LoginAuthenticating, SignUpAccountService {
    /// The demo account alone.
    package init() {}

    private var accounts: [String: (password: String, displayName: String)] = [
        "demo@example.com": ("demo-password", "Demo")
    ]

    package func logIn(email: String, password: String) throws(LoginServiceError) -> LoginSession {
        guard let account = accounts[email], account.password == password else { throw .invalidCredentials }
        return LoginSession(email: email, displayName: account.displayName)
    }

    package func isEmailRegistered(_ email: String) throws(SignUpServiceError) -> Bool {
        accounts[email] != nil
    }

    package func register(
        email: String, password: String, displayName: String
    ) throws(SignUpServiceError) -> SignUpSession {
        guard accounts[email] == nil else { throw .emailTaken }
        accounts[email] = (password, displayName)
        return SignUpSession(email: email, displayName: displayName)
    }
}
