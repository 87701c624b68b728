import LoginFeature

/// An in-memory authenticator that knows a few accounts, records what it was
/// asked and can be told to fail.
@MainActor
final class FakeAuthenticator: LoginAuthenticating {
    /// One call of ``logIn(email:password:)``.
    struct Attempt: Equatable {
        let email: String
        let password: String
    }

    /// Known accounts: email → (password, display name).
    var accounts: [String: (password: String, displayName: String)]
    /// Thrown by every call when set.
    var failure: LoginServiceError?
    private(set) var attempts: [Attempt] = []

    init(accounts: [String: (password: String, displayName: String)] = [:]) {
        self.accounts = accounts
    }

    func logIn(email: String, password: String) throws(LoginServiceError) -> LoginSession {
        attempts.append(Attempt(email: email, password: password))
        if let failure { throw failure }
        guard let account = accounts[email], account.password == password else { throw .invalidCredentials }
        return LoginSession(email: email, displayName: account.displayName)
    }
}
