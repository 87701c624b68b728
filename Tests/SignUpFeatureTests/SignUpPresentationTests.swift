import Core
import CoreTesting
import SignUpFeature
import Testing

@Suite("SignUp shown by different parents")
@MainActor
struct SignUpPresentationTests {
    @Test("Presented full screen in its own navigation controller, its steps push onto that controller")
    func presentedInNavigation() async throws {
        try withSignUpShown(presentation: .presentedInNavigation) { parent, window in
            #expect(window.presentedIDs == ["signup.navigation"])
            #expect(window.topScreenID == "signup.email")

            try window.completeEmailStep()
            try window.completePasswordStep()
            #expect(window.navigationStackIDs == ["signup.email", "signup.password", "signup.name"])
            #expect(parent.navigation.viewControllers.map(\.screenID) == ["parent"])

            try window.perform(.backButton)
            #expect(window.topScreenID == "signup.password")
            #expect(parent.signUp?.childCount == 1)
            try window.tap("next")

            try window.type("Ada", into: "displayName")
            try window.tap("create")
            #expect(parent.sessions == [SignUpSession(email: "ada@example.com", displayName: "Ada")])
            #expect(window.presentedIDs == [])
            #expect(window.topScreenID == "parent")
            #expect(parent.signUp == nil)
        }
    }

    @Test("Presented full screen, cancel lets the parent dismiss it; a back gesture has nothing to pop")
    func presentedCancel() async throws {
        try withSignUpShown(presentation: .presentedInNavigation) { parent, window in
            #expect(throws: NavigationError.nothingToGoBack) { try window.perform(.backButton) }
            #expect(throws: NavigationError.notSwipeDismissible) { try window.perform(.swipeDown) }
            try window.tap("cancel")
            #expect(parent.cancelCount == 1)
            #expect(window.presentedIDs == [])
            #expect(parent.signUp == nil)
        }
    }

    @Test("Without a navigation controller around it, next reports the routing error instead of crashing")
    func presentedWithoutNavigation() async throws {
        try withSignUpShown(presentation: .presentedAlone) { parent, window in
            try window.completeEmailStep()
            #expect(window.topScreenID == "signup.email")
            #expect(
                window.errorMessageOnTop
                    == "The next step cannot be shown: the screen is not in a navigation controller"
            )
            #expect(parent.signUp?.childCount == 0, "the step that could not be shown was detached")

            try window.tap("cancel")
            #expect(parent.cancelCount == 1)
            #expect(window.presentedIDs == [])
        }
    }

    @Test("One builder serves two parents at once, pushed in one and presented in the other, with separate drafts")
    func oneBuilderTwoParents() async throws {
        let accounts = FakeAccountService()
        let report = try trackingLifetimes {
            let builder = SignUpContainer(dependency: FakeSignUpDependency(accounts: accounts))
            let pushing = try SignUpParent(builder: builder, presentation: .pushed)
            let presenting = try SignUpParent(builder: builder, presentation: .presentedInNavigation)
            for parent in [pushing, presenting] {
                parent.start()
                try parent.showSignUp()
            }

            try pushing.window.completeEmailStep("ada@example.com")
            try presenting.window.completeEmailStep("grace@example.com")
            try presenting.window.perform(.backButton)
            #expect(presenting.window.fieldsOnTop["email"]?.displayedValue == "grace@example.com")
            try presenting.window.tap("cancel")

            try pushing.window.completePasswordStep()
            try pushing.window.type("Ada", into: "displayName")
            try pushing.window.tap("create")

            #expect(pushing.sessions == [SignUpSession(email: "ada@example.com", displayName: "Ada")])
            #expect(pushing.window.navigationStackIDs == ["parent"])
            #expect(presenting.cancelCount == 1)
            #expect(presenting.window.presentedIDs == [])
            for parent in [pushing, presenting] {
                #expect(parent.signUp == nil)
                parent.stop()
            }
        }
        #expect(report.isClean, "\(report)")
    }
}
