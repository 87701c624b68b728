import Core
import CoreTesting
import Testing

/// What a person sees of SignUp in its main states and placements, as text stored in
/// `__Snapshots__/SignUpSnapshotTests`: a change to a screen shows up in review as a diff of these files.
@Suite("SignUp's screens, as snapshots")
@MainActor
struct SignUpSnapshotTests {
    @Test("The email step, in each way a parent shows it")
    func emailStep() async throws {
        let placements: [(SignUpParent.Presentation, String)] = [
            (.pushed, "pushed"), (.presentedInNavigation, "presented-in-navigation"),
            (.presentedAlone, "presented-alone"),
        ]
        for (presentation, name) in placements {
            try withSignUpShown(presentation: presentation) { parent, window in
                try verifyNavigationSnapshot(of: window, coordinators: parent, named: "email-" + name)
            }
        }
    }

    @Test("An invalid email: the error on the email step")
    func invalidEmail() async throws {
        try withSignUpShown { parent, window in
            try window.completeEmailStep("not an email")
            try verifyNavigationSnapshot(of: window, coordinators: parent, named: "invalid-email")
        }
    }

    @Test("The password step, then the name step")
    func laterSteps() async throws {
        try withSignUpShown { parent, window in
            try window.completeEmailStep()
            try verifyNavigationSnapshot(of: window, coordinators: parent, named: "password-step")
            try window.completePasswordStep()
            try verifyNavigationSnapshot(of: window, coordinators: parent, named: "name-step")
        }
    }
}
