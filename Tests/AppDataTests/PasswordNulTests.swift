import DataTesting
import Testing

@testable import AppData

/// A password holding NUL cannot be hashed whole (the system's hash reads a C string): the data refuses it rather
/// than store or check what precedes the NUL.
@Suite("Passwords containing NUL")
@MainActor
struct PasswordNulTests {
    @Test("Registering with a password containing NUL is refused, and nothing is registered")
    func registerWithNulRefused() async throws {
        let data = try TemporaryDataDirectory()
        let store = try data.store()
        do {
            _ = try store.register(email: "nul@example.com", password: "ab\u{0}zzzzzzzz", displayName: "Nul")
            Issue.record("an account was registered with a password containing NUL")
        } catch {
            guard case .hashing = error else {
                Issue.record("refused as \(error), not as a password that cannot be hashed")
                return
            }
        }
        #expect(try !store.isEmailRegistered("nul@example.com"))
        #expect(try store.logIn(email: "nul@example.com", password: "ab") == nil, "no account was registered")
        #expect(try store.savedSessionAccount() == nil)
    }

    @Test("Logging in with the right password followed by NUL and more is refused, and no session is saved")
    func logInWithNulSuffixRefused() async throws {
        let data = try TemporaryDataDirectory()
        let store = try data.store()
        #expect(try store.logIn(email: Demo.email, password: Demo.password + "\u{0}x") == nil)
        #expect(try store.savedSessionAccount() == nil)
    }
}
