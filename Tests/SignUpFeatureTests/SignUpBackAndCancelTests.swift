import Core
import CoreTesting
import SignUpFeature
import Testing

@Suite("Going back and cancelling sign-up")
@MainActor
struct SignUpBackAndCancelTests {
    @Test(
        "Back from the password step keeps the email, releases the step, and forward again keeps the password",
        arguments: [UserGesture.backButton, .swipeBack])
    func backFromPasswordStep(gesture: UserGesture) async throws {
        try withSignUpShown { parent, window in
            try window.completeEmailStep("ada@example.com")
            weak let passwordStep = parent.signUp?.children.first
            #expect(passwordStep != nil)
            try window.type("correct horse", into: "password")

            try window.perform(gesture)
            #expect(window.navigationStackIDs == ["parent", "signup.email"])
            #expect(window.fieldsOnTop["email"]?.displayedValue == "ada@example.com")
            #expect(passwordStep == nil, "the popped step was detached and released")
            #expect(parent.signUp?.childCount == 0)
            #expect(parent.signUpRemovedByUserCount == 0, "SignUp itself is still shown")

            try window.tap("next")
            #expect(window.topScreenID == "signup.password")
            #expect(window.fieldsOnTop["password"]?.displayedValue == String(repeating: "•", count: 13))
        }
    }

    @Test("Back from the name step keeps both passwords and the name")
    func backFromNameStep() async throws {
        try withSignUpShown { parent, window in
            try window.completeEmailStep()
            try window.completePasswordStep("correct horse")
            try window.type("Ada", into: "displayName")

            try window.perform(.backButton)
            #expect(window.navigationStackIDs == ["parent", "signup.email", "signup.password"])
            #expect(window.fieldsOnTop["password"]?.displayedValue == String(repeating: "•", count: 13))
            #expect(window.fieldsOnTop["confirmation"]?.displayedValue == String(repeating: "•", count: 13))
            #expect(parent.signUp?.childCount == 1)

            try window.tap("next")
            #expect(window.fieldsOnTop["displayName"]?.displayedValue == "Ada")
            try window.tap("create")
            #expect(parent.sessions == [SignUpSession(email: "ada@example.com", displayName: "Ada")])
        }
    }

    @Test(
        "Back from the first step releases SignUp and the parent is told, not the listener",
        arguments: [UserGesture.backButton, .swipeBack])
    func backFromFirstStep(gesture: UserGesture) async throws {
        try withSignUpShown { parent, window in
            try window.type("ada@example.com", into: "email")
            try window.perform(gesture)
            #expect(window.navigationStackIDs == ["parent"])
            #expect(parent.signUpRemovedByUserCount == 1)
            #expect(parent.childCount == 0)
            #expect(parent.signUp == nil, "SignUp was released")
            #expect(parent.cancelCount == 0)
            #expect(parent.sessions.isEmpty)
        }
    }

    @Test("Cancel on any step tells the listener, which hides and releases SignUp", arguments: [0, 1, 2])
    func cancelOnStep(completedSteps: Int) async throws {
        try withSignUpShown { parent, window in
            if completedSteps > 0 { try window.completeEmailStep() }
            if completedSteps > 1 { try window.completePasswordStep() }
            #expect(window.navigationStackIDs.count == 2 + completedSteps)

            try window.tap("cancel")
            #expect(parent.cancelCount == 1)
            #expect(parent.sessions.isEmpty)
            #expect(window.navigationStackIDs == ["parent"])
            #expect(parent.signUp == nil)
            #expect(parent.routingErrors.isEmpty)
        }
    }
}
