import Core
import CoreTesting
import Testing

/// Runs `flow` with a started parent that already shows SignUp, then stops the
/// parent and expects every coordinator and screen the flow created to be
/// released.
@MainActor
func withSignUpShown(
    accounts: FakeAccountService = FakeAccountService(),
    presentation: SignUpParent.Presentation = .pushed,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ flow: (SignUpParent, Window) throws -> Void
) throws {
    let report = try trackingLifetimes {
        let parent = try SignUpParent(accounts: accounts, presentation: presentation)
        parent.start()
        try parent.showSignUp()
        try flow(parent, parent.window)
        parent.stop()
    }
    #expect(report.isClean, "\(report)", sourceLocation: sourceLocation)
}

extension Window {
    /// Types `email` on the email step and taps `next`.
    func completeEmailStep(_ email: String = "ada@example.com") throws {
        try type(email, into: "email")
        try tap("next")
    }

    /// Types `password` twice on the password step and taps `next`.
    func completePasswordStep(_ password: String = "correct horse") throws {
        try type(password, into: "password")
        try type(password, into: "confirmation")
        try tap("next")
    }

    /// The error message of the screen on top, if any.
    var errorOnTop: String? { topViewController?.content.errorMessage }

    /// The fields of the screen on top, by id.
    var fieldsOnTop: [String: TextField] {
        Dictionary(uniqueKeysWithValues: (topViewController?.content.fields ?? []).map { ($0.id, $0) })
    }
}
