import Core
import CoreTesting
import LoginFeature
import Testing

@Suite("Logging in")
@MainActor
struct LoginTests {
    @Test("The login screen shows the email field, a secure password field, login and signup")
    func screen() async throws {
        try withLoginShown { _, window in
            #expect(window.topScreenID == "login")
            let content = try #require(window.topViewController?.content)
            #expect(content.fields.map(\.id) == ["email", "password"])
            #expect(content.fields.map(\.isSecure) == [false, true])
            #expect(content.actions.map(\.id) == ["login", "signup"])
        }
    }

    @Test("Valid credentials tell the listener the session")
    func success() async throws {
        let authenticator = FakeAuthenticator(accounts: ["ada@example.com": ("analytical", "Ada")])
        try withLoginShown(authenticator: authenticator) { parent, window in
            try window.logIn(email: " ada@example.com ", password: "analytical")
            #expect(authenticator.attempts == [.init(email: "ada@example.com", password: "analytical")])
            #expect(parent.sessions == [LoginSession(email: "ada@example.com", displayName: "Ada")])
            #expect(parent.routingErrors.isEmpty)
            #expect(window.topScreenID == "home")
            #expect(parent.login == nil, "the parent tore Login down from inside its callback")
        }
    }

    @Test("The password never appears on screen")
    func passwordIsSecure() async throws {
        try withLoginShown { _, window in
            try window.type("analytical", into: "password")
            #expect(window.visibleText.contains("Password: ••••••••••"))
            #expect(!"\(window.contentOnTop)".contains("analytical"))
        }
    }

    @Test(
        "An empty field is refused without asking the authenticator",
        arguments: [("", ""), ("ada@example.com", ""), ("", "analytical"), ("   ", "analytical")]
    )
    func emptyFields(email: String, password: String) async throws {
        let authenticator = FakeAuthenticator()
        try withLoginShown(authenticator: authenticator) { parent, window in
            try window.logIn(email: email, password: password)
            #expect(window.errorMessageOnTop == "Enter your email and password.")
            #expect(window.visibleText.contains("Enter your email and password."))
            #expect(authenticator.attempts.isEmpty)
            #expect(parent.sessions.isEmpty)
        }
    }

    @Test(
        "A malformed email, or one holding an invisible character, is refused without asking the authenticator",
        arguments: ["ada.example.com", "ada\u{200B}@example.com", "ada@example.com\u{202E}"])
    func malformedEmail(email: String) async throws {
        let authenticator = FakeAuthenticator()
        try withLoginShown(authenticator: authenticator) { parent, window in
            try window.logIn(email: email, password: "analytical")
            #expect(window.errorMessageOnTop == "Enter a valid email address.")
            #expect(authenticator.attempts.isEmpty)
            #expect(parent.sessions.isEmpty)
        }
    }

    @Test(
        "An unknown email and a wrong password get the same message",
        arguments: [("bob@example.com", "analytical"), ("ada@example.com", "wrong password")]
    )
    func wrongCredentials(email: String, password: String) async throws {
        try withLoginShown { parent, window in
            try window.logIn(email: email, password: password)
            #expect(window.errorMessageOnTop == "Wrong email or password.")
            #expect(parent.sessions.isEmpty)
            #expect(window.topScreenID == "login")
        }
    }

    @Test("An unavailable service is reported, and a later attempt can succeed")
    func unavailable() async throws {
        let authenticator = FakeAuthenticator(accounts: ["ada@example.com": ("analytical", "Ada")])
        authenticator.failure = .unavailable("offline")
        try withLoginShown(authenticator: authenticator) { parent, window in
            try window.logIn(email: "ada@example.com", password: "analytical")
            #expect(window.errorMessageOnTop == "Log-in is unavailable: offline")

            authenticator.failure = nil
            try window.tap("login")
            #expect(parent.sessions.count == 1)
        }
    }
}

@Suite("Log-in answers a refused tap")
@MainActor
struct LoginActionOutcomeTests {
    @Test("A wrong password answers the tap itself with the message the screen shows")
    func wrongPasswordAnswersTheTap() async throws {
        try withLoginShown { _, window in
            try window.type("ada@example.com", into: "email")
            try window.type("wrong password", into: "password")
            #expect(try window.tap("login") == .refused("Wrong email or password."))
            #expect(window.errorMessageOnTop == "Wrong email or password.")
        }
    }
}
