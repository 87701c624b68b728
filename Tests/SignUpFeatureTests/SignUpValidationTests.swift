import Core
import CoreTesting
import SignUpFeature
import Testing

@Suite("Sign-up error messages")
@MainActor
struct SignUpValidationTests {
    @Test(
        "A malformed email is refused on the email step without asking the service",
        arguments: [
            "", "   ", "ada", "ada@", "@example.com", "ada@example", "ada@@example.com", "a da@example.com",
            "ada@example..com",
        ]
    )
    func malformedEmail(email: String) throws {
        let accounts = FakeAccountService()
        try withSignUpShown(accounts: accounts) { parent, window in
            try window.completeEmailStep(email)
            #expect(window.errorMessageOnTop == "Enter a valid email address.")
            #expect(window.topScreenID == "signup.email")
            #expect(accounts.checkedEmails.isEmpty)
            #expect(parent.signUp?.childCount == 0)
        }
    }

    @Test("A registered email is refused on the email step")
    func registeredEmail() async throws {
        let accounts = FakeAccountService(registeredEmails: ["ada@example.com"])
        try withSignUpShown(accounts: accounts) { _, window in
            try window.completeEmailStep("ada@example.com")
            #expect(window.errorMessageOnTop == "An account with this email already exists.")
            #expect(window.visibleText.contains("An account with this email already exists."))
            #expect(window.navigationStackIDs == ["parent", "signup.email"])
        }
    }

    @Test("An unavailable service is reported on the email step")
    func lookUpUnavailable() async throws {
        let accounts = FakeAccountService()
        accounts.lookUpFailure = .unavailable("offline")
        try withSignUpShown(accounts: accounts) { _, window in
            try window.completeEmailStep()
            #expect(window.errorMessageOnTop == "Sign-up is unavailable: offline")
            #expect(window.topScreenID == "signup.email")
        }
    }

    @Test("A password shorter than 8 characters is refused", arguments: ["", "1234567"])
    func shortPassword(password: String) async throws {
        try withSignUpShown { _, window in
            try window.completeEmailStep()
            try window.completePasswordStep(password)
            #expect(window.errorMessageOnTop == "Use at least 8 characters for your password.")
            #expect(window.topScreenID == "signup.password")
        }
    }

    @Test("A password of exactly 8 characters is accepted")
    func eightCharacterPassword() async throws {
        try withSignUpShown { _, window in
            try window.completeEmailStep()
            try window.completePasswordStep("12345678")
            #expect(window.topScreenID == "signup.name")
        }
    }

    @Test(
        "A password with a control character (general category Cc, NUL included) is refused, however long",
        arguments: ["ab\u{0}zzzzzzzz", "tab\tinside-it", "escape\u{1B}[0m-it", "delete\u{7F}-it", "next\u{85}line-it"]
    )
    func controlCharacterInPassword(password: String) async throws {
        let accounts = FakeAccountService()
        try withSignUpShown(accounts: accounts) { parent, window in
            try window.completeEmailStep()
            try window.completePasswordStep(password)
            #expect(window.errorMessageOnTop == "Use only printable characters in your password.")
            #expect(window.topScreenID == "signup.password")
            #expect(parent.signUp?.childCount == 1, "the name step is not attached")
        }
    }

    @Test("A password of printable characters beyond ASCII, spaces included, is accepted")
    func printablePassword() async throws {
        try withSignUpShown { _, window in
            try window.completeEmailStep()
            try window.completePasswordStep("pässwörd ✓ 🔑")
            #expect(window.topScreenID == "signup.name")
        }
    }

    @Test("A confirmation that differs from the password is refused")
    func mismatchedConfirmation() async throws {
        try withSignUpShown { _, window in
            try window.completeEmailStep()
            try window.type("correct horse", into: "password")
            try window.type("correct hose", into: "confirmation")
            try window.tap("next")
            #expect(window.errorMessageOnTop == "The passwords do not match.")
            #expect(window.topScreenID == "signup.password")
        }
    }

    @Test("A blank display name is refused", arguments: ["", "   "])
    func blankDisplayName(name: String) async throws {
        let accounts = FakeAccountService()
        try withSignUpShown(accounts: accounts) { parent, window in
            try window.completeEmailStep()
            try window.completePasswordStep()
            try window.type(name, into: "displayName")
            try window.tap("create")
            #expect(window.errorMessageOnTop == "Enter a display name.")
            #expect(window.topScreenID == "signup.name")
            #expect(accounts.registrations.isEmpty)
            #expect(parent.sessions.isEmpty)
        }
    }

    @Test(
        "A display name with a control or format character is refused, however visible the rest",
        arguments: ["\u{200B}", " \u{200B} ", "Ann\u{202E}", "\u{FEFF}Ann", "Ann\u{1B}[31m"])
    func invisibleDisplayName(name: String) async throws {
        let accounts = FakeAccountService()
        try withSignUpShown(accounts: accounts) { parent, window in
            try window.completeEmailStep()
            try window.completePasswordStep()
            try window.type(name, into: "displayName")
            try window.tap("create")
            #expect(window.errorMessageOnTop?.hasPrefix("Use only visible characters") == true)
            #expect(accounts.registrations.isEmpty)
            #expect(parent.sessions.isEmpty)
        }
    }

    @Test("An email taken between the first and last step is reported on the last step")
    func emailTakenOnRegistration() async throws {
        let accounts = FakeAccountService()
        accounts.registrationFailure = .emailTaken
        try withSignUpShown(accounts: accounts) { parent, window in
            try window.completeEmailStep()
            try window.completePasswordStep()
            try window.type("Ada", into: "displayName")
            try window.tap("create")
            #expect(window.errorMessageOnTop == "An account with this email already exists.")
            #expect(window.topScreenID == "signup.name")
            #expect(parent.sessions.isEmpty)
        }
    }

    @Test("An unavailable service is reported on the last step, and create can be retried")
    func registrationUnavailable() async throws {
        let accounts = FakeAccountService()
        accounts.registrationFailure = .unavailable("offline")
        try withSignUpShown(accounts: accounts) { parent, window in
            try window.completeEmailStep()
            try window.completePasswordStep()
            try window.type("Ada", into: "displayName")
            try window.tap("create")
            #expect(window.errorMessageOnTop == "Sign-up is unavailable: offline")
            #expect(parent.sessions.isEmpty)

            accounts.registrationFailure = nil
            try window.tap("create")
            #expect(parent.sessions == [SignUpSession(email: "ada@example.com", displayName: "Ada")])
        }
    }
}
