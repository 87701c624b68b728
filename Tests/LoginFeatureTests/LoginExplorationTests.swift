import Core
import CoreTesting
import Testing

/// Every flow of Login (and the sign-up it pushes), explored from Login shown in each placement its parent
/// offers.
@Suite("Exploring Login")
@MainActor
struct LoginExplorationTests {
    /// What the explorer types: Ada's credentials on Login, a new account on sign-up.
    static func sampleText(screenID: String, field: TextField) -> String {
        switch (screenID, field.id) {
        case ("login", "email"): "ada@example.com"
        case ("login", "password"): "analytical"
        case (_, "email"): "grace@example.com"
        case (_, "displayName"): "Grace"
        default: "correct horse"
        }
    }

    struct AlreadyShown: Error {}

    @Test(
        "Every flow of Login keeps the tree in step with the screens, and releases everything",
        arguments: [LoginParent.Placement.rootOfNavigation, .withoutNavigation])
    func exploreEveryFlow(placement: LoginParent.Placement) async throws {
        // The parent's way back after a log-in: showing Login again, as the app does after a log-out.
        let showLoginAgain = ExplorationDeepLink(script: "open app://login") { subject in
            let parent = try #require(subject.root as? LoginParent)
            guard parent.login == nil else { throw AlreadyShown() }
            try parent.showLogin(placement)
        }
        let report = try explore(depth: 6, deepLinks: [showLoginAgain], sampleText: Self.sampleText) {
            let parent = LoginParent(
                authenticator: FakeAuthenticator(accounts: ["ada@example.com": ("analytical", "Ada")]),
                signUpAccounts: FakeSignUpAccounts())
            parent.start()
            try parent.showLogin(placement)
            return ExplorationSubject(window: parent.window, root: parent)
        }
        #expect(report.violations.isEmpty, "\(report)")
        #expect(report.stateCount >= (placement == .rootOfNavigation ? 5 : 2), "\(report.summary)")
    }
}
