import AppData
import LoginFeature
import SignUpFeature

/// The accounts and the session as Login and SignUp see them, over the app's data (live or in memory): it turns
/// the data's records into the features' sessions and the data's failures into theirs.
@MainActor
final class DataAccountService: SignUpAccountService, LoginAuthenticating {
    private let data: any AppDataStore

    /// The accounts of `data`.
    init(data: any AppDataStore) {
        self.data = data
    }

    func isEmailRegistered(_ email: String) throws(SignUpServiceError) -> Bool {
        do {
            return try data.isEmailRegistered(email)
        } catch {
            throw .unavailable(error.description)
        }
    }

    func register(email: String, password: String, displayName: String) throws(SignUpServiceError) -> SignUpSession {
        do {
            let account = try data.register(email: email, password: password, displayName: displayName)
            return SignUpSession(email: account.email, displayName: account.displayName)
        } catch {
            switch error {
            case .emailTaken: throw .emailTaken
            case .invalid(let reason), .hashing(let reason): throw .unavailable(reason)
            case .data(let dataError): throw .unavailable(dataError.description)
            }
        }
    }

    func logIn(email: String, password: String) throws(LoginServiceError) -> LoginSession {
        let account: AccountRecord?
        do {
            account = try data.logIn(email: email, password: password)
        } catch {
            throw .unavailable(error.description)
        }
        guard let account else { throw .invalidCredentials }
        return LoginSession(email: account.email, displayName: account.displayName)
    }
}
