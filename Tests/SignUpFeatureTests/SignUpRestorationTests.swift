import Core
import CoreTesting
import SignUpFeature
import Testing

@Suite("SignUp's restoration")
@MainActor
struct SignUpRestorationTests {
    /// The flow's record on the name step, after the password was typed and a display name too.
    private func nameStepRecord(presentation: SignUpParent.Presentation) throws -> RestorationState {
        var record: RestorationState?
        try withSignUpShown(presentation: presentation) { parent, window in
            try window.completeEmailStep("ada@example.com")
            try window.completePasswordStep("correct horse")
            try window.type("Ada", into: "displayName")
            record = parent.signUp?.restorationState
        }
        return try #require(record)
    }

    @Test(
        "The record keeps the step, the email and the display name, never the password",
        arguments: [SignUpParent.Presentation.pushed, .presentedInNavigation])
    func recordKeepsNoPassword(presentation: SignUpParent.Presentation) async throws {
        let record = try nameStepRecord(presentation: presentation)
        #expect(record.values == ["step": "name", "email": "ada@example.com", "displayName": "Ada"])
        #expect(record.children.isEmpty)
    }

    @Test("A restored name step shows every step again and asks for the password before it creates the account")
    func restoredNameStepAsksForThePassword() async throws {
        let record = try nameStepRecord(presentation: .pushed)
        let accounts = FakeAccountService()
        try withSignUpShown(accounts: accounts) { parent, window in
            let signUp = try #require(parent.signUp)
            #expect(signUp.restore(from: record).isComplete)
            #expect(window.navigationStackIDs.suffix(3) == ["signup.email", "signup.password", "signup.name"])
            #expect(window.fieldsOnTop["displayName"]?.displayedValue == "Ada")
            #expect(signUp.children.map(\.name) == ["SignUpStepCoordinator(password)", "SignUpStepCoordinator(name)"])

            try window.tap("create")

            #expect(window.errorMessageOnTop?.hasPrefix("Go back and type your password again") == true)
            #expect(parent.sessions.isEmpty)
            try window.perform(.backButton)
            #expect(window.fieldsOnTop["password"]?.displayedValue == "")
            try window.completePasswordStep("correct horse")
            try window.tap("create")
            #expect(parent.sessions == [SignUpSession(email: "ada@example.com", displayName: "Ada")])
        }
    }
}
