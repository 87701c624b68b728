import SignUpFeature

/// An in-memory account service for the sign-up flow that Login shows.
@MainActor
final class FakeSignUpAccounts: SignUpAccountService {
    private(set) var registeredEmails: Set<String> = []

    func isEmailRegistered(_ email: String) throws(SignUpServiceError) -> Bool {
        registeredEmails.contains(email)
    }

    func register(email: String, password: String, displayName: String) throws(SignUpServiceError) -> SignUpSession {
        registeredEmails.insert(email)
        return SignUpSession(email: email, displayName: displayName)
    }
}
