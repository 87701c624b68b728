import Foundation
import LoginFeature
import SignUpFeature

/// Accounts and the session for the features, kept in the database.
///
/// Conforms to SignUp's ``SignUpAccountService`` and Login's ``LoginAuthenticating``.
@MainActor
final class LiveAccountService: SignUpAccountService, LoginAuthenticating {
    private let store: AccountStore
    private let clock: AppClock
    private let health: DataHealth

    /// Creates the service over `store`.
    init(store: AccountStore, clock: AppClock, health: DataHealth) {
        self.store = store
        self.clock = clock
        self.health = health
    }

    /// The account of the saved session, if any.
    func restoreSession() throws(DataError) -> AccountRecord? {
        try store.currentAccount()
    }

    /// The display name the account `email` has now, as stored (another process may have changed it), or `nil`
    /// when there is no such account.
    func displayName(email: String) throws(DataError) -> String? {
        try recording { () throws(DataError) in try store.account(email: email)?.displayName }
    }

    /// Ends the saved session.
    func logOut() throws(DataError) {
        do {
            try store.logOut()
        } catch {
            health.record(error)
            throw error
        }
    }

    /// Whether the account `email` has finished (or skipped) the onboarding tour.
    func isOnboardingFinished(email: String) throws(DataError) -> Bool {
        try recording { () throws(DataError) in try store.isOnboardingFinished(email: email) }
    }

    /// Records that the account `email` finished (or skipped) the onboarding tour.
    func finishOnboarding(email: String) throws(DataError) {
        try recording { () throws(DataError) in try store.finishOnboarding(email: email) }
    }

    /// Records that the person of the account `email` looked at Latest now.
    func markLatestSeen(email: String) throws(DataError) {
        try recording { () throws(DataError) in try store.markLatestSeen(email: email, now: clock.now) }
    }

    /// How many posts by others were published since the person of the account `email` last looked at Latest,
    /// up to `limit`.
    func unseenLatestCount(email: String, limit: Int) throws(DataError) -> Int {
        try recording { () throws(DataError) in try store.unseenLatestCount(email: email, limit: limit) }
    }

    /// Runs `body`, recording a fatal data error it throws before rethrowing it.
    private func recording<Result>(_ body: () throws(DataError) -> Result) throws(DataError) -> Result {
        do {
            return try body()
        } catch {
            health.record(error)
            throw error
        }
    }

    func isEmailRegistered(_ email: String) throws(SignUpServiceError) -> Bool {
        do {
            return try store.account(email: email) != nil
        } catch {
            health.record(error)
            throw .unavailable(error.description)
        }
    }

    func register(email: String, password: String, displayName: String) throws(SignUpServiceError) -> SignUpSession {
        do {
            let account = try store.register(
                email: email, password: password, displayName: displayName, now: clock.now)
            return SignUpSession(email: account.email, displayName: account.displayName)
        } catch {
            switch error {
            case .emailTaken: throw .emailTaken
            case .invalid(let reason), .hashing(let reason): throw .unavailable(reason)
            case .data(let dataError):
                health.record(dataError)
                throw .unavailable(dataError.description)
            }
        }
    }

    func logIn(email: String, password: String) throws(LoginServiceError) -> LoginSession {
        let account: AccountRecord?
        do {
            account = try store.logIn(email: email, password: password, now: clock.now)
        } catch {
            health.record(error)
            throw .unavailable(error.description)
        }
        guard let account else { throw .invalidCredentials }
        return LoginSession(email: account.email, displayName: account.displayName)
    }
}
