/// The service that checks credentials, implemented by the app's live service
/// and by fakes in tests.
@MainActor
public protocol LoginAuthenticating: AnyObject {
    /// Checks the credentials and creates a session.
    func logIn(email: String, password: String) throws(LoginServiceError) -> LoginSession
}
