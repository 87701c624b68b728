import Core
import CoreTesting
import Testing

/// Runs `flow` with a started parent that already shows Login, then stops the
/// parent and expects every coordinator and screen the flow created to be
/// released.
@MainActor
func withLoginShown(
    authenticator: FakeAuthenticator = FakeAuthenticator(accounts: ["ada@example.com": ("analytical", "Ada")]),
    signUpAccounts: FakeSignUpAccounts = FakeSignUpAccounts(),
    placement: LoginParent.Placement = .rootOfNavigation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ flow: (LoginParent, Window) throws -> Void
) throws {
    let report = try trackingLifetimes {
        let parent = LoginParent(authenticator: authenticator, signUpAccounts: signUpAccounts)
        parent.start()
        try parent.showLogin(placement)
        try flow(parent, parent.window)
        parent.stop()
    }
    #expect(report.isClean, "\(report)", sourceLocation: sourceLocation)
}

extension Window {
    /// Types the credentials and taps `login`.
    func logIn(email: String, password: String) throws {
        try type(email, into: "email")
        try type(password, into: "password")
        try tap("login")
    }

    /// The error message of the screen on top, if any.
    var errorOnTop: String? { topViewController?.content.errorMessage }

    /// Goes through the three sign-up steps from `signup.email` to `create`.
    func signUp(email: String, password: String, displayName: String) throws {
        try type(email, into: "email")
        try tap("next")
        try type(password, into: "password")
        try type(password, into: "confirmation")
        try tap("next")
        try type(displayName, into: "displayName")
        try tap("create")
    }
}
