/// The accounts the sign-up flow checks and creates, implemented by the app's
/// live service and by fakes in tests.
@MainActor
public protocol SignUpAccountService: AnyObject {
    /// Whether an account with `email` exists, so the flow can refuse it on the
    /// first step rather than after the user typed everything.
    func isEmailRegistered(_ email: String) throws(SignUpServiceError) -> Bool

    /// Creates the account and a session for it.
    func register(email: String, password: String, displayName: String) throws(SignUpServiceError) -> SignUpSession
}
