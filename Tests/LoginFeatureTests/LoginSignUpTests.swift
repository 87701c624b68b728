import Core
import CoreTesting
import LoginFeature
import Testing

@Suite("Creating an account from log-in")
@MainActor
struct LoginSignUpTests {
    @Test("Create account pushes SignUp onto Login's navigation controller as Login's child")
    func signUpIsPushed() async throws {
        try withLoginShown { parent, window in
            try window.tap("signup")
            #expect(window.navigationStackIDs == ["login", "signup.email"])
            #expect(parent.login?.childCount == 1)
        }
    }

    @Test("When SignUp finishes, Login pops back, releases it and tells its listener the new session")
    func signUpFinishes() async throws {
        let accounts = FakeSignUpAccounts()
        try withLoginShown(signUpAccounts: accounts) { parent, window in
            try window.tap("signup")
            weak let signUp = parent.login?.children.first
            try window.signUp(email: "grace@example.com", password: "compilers", displayName: "Grace")

            #expect(accounts.registeredEmails == ["grace@example.com"])
            #expect(parent.sessions == [LoginSession(email: "grace@example.com", displayName: "Grace")])
            #expect(parent.stackWhenToldOfSession == ["login"], "Login popped back before reporting")
            #expect(parent.loginChildCountWhenToldOfSession == 0, "Login detached SignUp before reporting")
            #expect(signUp == nil, "SignUp was released")
            #expect(parent.login == nil, "the parent tore Login down from inside SignUp's callback")
            #expect(parent.routingErrors.isEmpty)
            #expect(window.topScreenID == "home")
        }
    }

    @Test("When SignUp is cancelled on any step, Login pops back and releases it", arguments: [0, 1, 2])
    func signUpCancelled(completedSteps: Int) async throws {
        try withLoginShown { parent, window in
            try window.tap("signup")
            weak let signUp = parent.login?.children.first
            if completedSteps > 0 {
                try window.type("grace@example.com", into: "email")
                try window.tap("next")
            }
            if completedSteps > 1 {
                try window.type("compilers", into: "password")
                try window.type("compilers", into: "confirmation")
                try window.tap("next")
            }
            #expect(window.navigationStackIDs.count == 2 + completedSteps)

            try window.tap("cancel")
            #expect(window.navigationStackIDs == ["login"])
            #expect(parent.login?.childCount == 0)
            #expect(signUp == nil)
            #expect(parent.sessions.isEmpty)
        }
    }

    @Test("Back from SignUp's first step releases SignUp; Create account then starts afresh")
    func backFromSignUp() async throws {
        try withLoginShown { parent, window in
            try window.tap("signup")
            weak let signUp = parent.login?.children.first
            try window.type("grace@example.com", into: "email")
            try window.perform(.backButton)

            #expect(window.navigationStackIDs == ["login"])
            #expect(parent.login?.childCount == 0)
            #expect(signUp == nil)
            #expect(parent.sessions.isEmpty)

            try window.tap("signup")
            #expect(window.navigationStackIDs == ["login", "signup.email"])
            #expect(
                window.topViewController?.content.fields.first?.displayedValue == "",
                "a new flow starts with an empty form"
            )
        }
    }

    @Test("Back through every SignUp step returns to Login with nothing left attached")
    func backThroughSteps() async throws {
        try withLoginShown { parent, window in
            try window.tap("signup")
            try window.type("grace@example.com", into: "email")
            try window.tap("next")
            try window.perform(.swipeBack)
            #expect(window.navigationStackIDs == ["login", "signup.email"])
            #expect(parent.login?.childCount == 1)
            try window.perform(.swipeBack)
            #expect(window.navigationStackIDs == ["login"])
            #expect(parent.login?.childCount == 0)
            #expect(throws: NavigationError.nothingToGoBack) { try window.perform(.backButton) }
        }
    }

    @Test("Without a navigation controller around Login, Create account reports the routing error")
    func signUpWithoutNavigation() async throws {
        try withLoginShown(placement: .withoutNavigation) { parent, window in
            try window.tap("signup")
            #expect(window.topScreenID == "login")
            #expect(window.errorMessageOnTop == "Sign-up cannot be shown: the screen is not in a navigation controller")
            #expect(parent.login?.childCount == 0, "the flow that could not be shown was detached")
        }
    }

    @Test("Login tells its parent whether sign-up is on screen, whichever way it left", arguments: ["back", "cancel"])
    func isShowingSignUp(leaving: String) async throws {
        try withLoginShown { parent, window in
            let login = try #require(parent.login)
            #expect(!login.isShowingSignUp)
            try window.tap("signup")
            #expect(login.isShowingSignUp)
            try window.type("grace@example.com", into: "email")
            try window.tap("next")
            #expect(login.isShowingSignUp, "a later step is still sign-up")

            if leaving == "back" {
                try window.perform(.swipeBack)
                try window.perform(.swipeBack)
            } else {
                try window.tap("cancel")
            }
            #expect(window.navigationStackIDs == ["login"])
            #expect(!login.isShowingSignUp)
        }
    }

    @Test("A sign-up that could not be shown is not on screen")
    func isShowingSignUpAfterFailure() async throws {
        try withLoginShown(placement: .withoutNavigation) { parent, window in
            try window.tap("signup")
            #expect(parent.login?.isShowingSignUp == false)
        }
    }
}
