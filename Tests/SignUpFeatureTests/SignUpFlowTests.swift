import Core
import CoreTesting
import SignUpFeature
import Testing

@Suite("Signing up")
@MainActor
struct SignUpFlowTests {
    @Test("Each step pushes the next onto the parent's navigation controller; create reports the session")
    func completeFlow() async throws {
        let accounts = FakeAccountService()
        try withSignUpShown(accounts: accounts) { parent, window in
            #expect(window.navigationStackIDs == ["parent", "signup.email"])
            #expect(window.topViewController?.content.actions.map(\.id) == ["next", "cancel"])

            try window.completeEmailStep("  ada@example.com ")
            #expect(accounts.checkedEmails == ["ada@example.com"])
            #expect(window.navigationStackIDs == ["parent", "signup.email", "signup.password"])
            #expect(parent.signUp?.childCount == 1)

            try window.completePasswordStep("correct horse")
            #expect(window.navigationStackIDs == ["parent", "signup.email", "signup.password", "signup.name"])
            #expect(window.topViewController?.content.actions.map(\.id) == ["create", "cancel"])
            #expect(parent.signUp?.childCount == 2)

            try window.type(" Ada ", into: "displayName")
            try window.tap("create")
            #expect(
                accounts.registrations
                    == [.init(email: "ada@example.com", password: "correct horse", displayName: "Ada")]
            )
            #expect(parent.sessions == [SignUpSession(email: "ada@example.com", displayName: "Ada")])
            #expect(parent.cancelCount == 0)
            #expect(window.navigationStackIDs == ["parent"])
            #expect(parent.signUp == nil, "the parent detached SignUp and nothing else keeps it")
            #expect(parent.routingErrors.isEmpty)
        }
    }

    @Test("The password is typed into secure fields and never appears on screen")
    func passwordIsSecure() async throws {
        try withSignUpShown { _, window in
            try window.completeEmailStep()
            try window.type("correct horse", into: "password")
            try window.type("correct horse", into: "confirmation")

            let fields = window.fieldsOnTop
            #expect(fields["password"]?.isSecure == true)
            #expect(fields["confirmation"]?.isSecure == true)
            #expect(fields["password"]?.displayedValue == String(repeating: "•", count: 13))
            #expect(!window.visibleText.joined(separator: "\n").contains("correct horse"))
            #expect(!"\(window.contentOnTop)".contains("correct horse"))
        }
    }

    @Test("A corrected step clears its error message")
    func correctionClearsError() async throws {
        try withSignUpShown { _, window in
            try window.completeEmailStep("not an email")
            #expect(window.errorMessageOnTop == "Enter a valid email address.")
            try window.completeEmailStep("ada@example.com")
            #expect(window.topScreenID == "signup.password")
            try window.perform(.backButton)
            #expect(window.topScreenID == "signup.email")
            #expect(window.errorMessageOnTop == nil)
        }
    }
}
