import Core
import CoreTesting
import Testing

/// Every flow of SignUp, explored from SignUp shown in each way its parent offers.
@Suite("Exploring SignUp")
@MainActor
struct SignUpExplorationTests {
    /// What the explorer types: a new account.
    static func sampleText(screenID: String, field: TextField) -> String {
        switch field.id {
        case "email": "grace@example.com"
        case "displayName": "Grace"
        default: "correct horse"
        }
    }

    struct AlreadyShown: Error {}

    @Test(
        "Every flow of SignUp keeps the tree in step with the screens, and releases everything",
        arguments: [SignUpParent.Presentation.pushed, .presentedInNavigation, .presentedAlone])
    func exploreEveryFlow(presentation: SignUpParent.Presentation) async throws {
        // The parent's way back after a sign-up: showing it again, as Login does when asked.
        let showSignUpAgain = ExplorationDeepLink(script: "open app://signup") { subject in
            let parent = try #require(subject.root as? SignUpParent)
            guard parent.signUp == nil else { throw AlreadyShown() }
            try parent.showSignUp()
        }
        let report = try explore(depth: 6, deepLinks: [showSignUpAgain], sampleText: Self.sampleText) {
            let parent = try SignUpParent(accounts: FakeAccountService(), presentation: presentation)
            parent.start()
            try parent.showSignUp()
            return ExplorationSubject(window: parent.window, root: parent)
        }
        #expect(report.violations.isEmpty, "\(report)")
        #expect(report.stateCount >= (presentation == .presentedAlone ? 2 : 4), "\(report.summary)")
    }
}
