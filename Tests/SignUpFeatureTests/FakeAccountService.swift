import SignUpFeature

/// An in-memory account service that records what it was asked and can be
/// told to fail.
@MainActor
final class FakeAccountService: SignUpAccountService {
    /// One call of ``register(email:password:displayName:)``.
    struct Registration: Equatable {
        let email: String
        let password: String
        let displayName: String
    }

    var registeredEmails: Set<String>
    /// Thrown by ``isEmailRegistered(_:)`` when set.
    var lookUpFailure: SignUpServiceError?
    /// Thrown by ``register(email:password:displayName:)`` when set.
    var registrationFailure: SignUpServiceError?
    private(set) var checkedEmails: [String] = []
    private(set) var registrations: [Registration] = []

    init(registeredEmails: Set<String> = []) {
        self.registeredEmails = registeredEmails
    }

    func isEmailRegistered(_ email: String) throws(SignUpServiceError) -> Bool {
        checkedEmails.append(email)
        if let lookUpFailure { throw lookUpFailure }
        return registeredEmails.contains(email)
    }

    func register(email: String, password: String, displayName: String) throws(SignUpServiceError) -> SignUpSession {
        if let registrationFailure { throw registrationFailure }
        registrations.append(Registration(email: email, password: password, displayName: displayName))
        registeredEmails.insert(email)
        return SignUpSession(email: email, displayName: displayName)
    }
}
