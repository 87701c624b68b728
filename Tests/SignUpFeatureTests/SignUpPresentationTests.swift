import Core
import CoreTesting
import SignUpFeature
import Testing

@Suite("SignUp shown by different parents")
@MainActor
struct SignUpPresentationTests {
    @Test("Presented full screen in its own navigation controller, its steps push onto that controller")
    func presentedInNavigation() throws {
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
    func presentedCancel() throws {
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
    func presentedWithoutNavigation() throws {
        try withSignUpShown(presentation: .presentedAlone) { parent, window in
            try window.completeEmailStep()
            #expect(window.topScreenID == "signup.email")
            #expect(
                window.errorOnTop
                    == "The next step cannot be shown: the screen is not in a navigation controller"
            )
            #expect(parent.signUp?.childCount == 0, "the step that could not be shown was detached")

            try window.tap("cancel")
            #expect(parent.cancelCount == 1)
            #expect(window.presentedIDs == [])
        }
    }
}
