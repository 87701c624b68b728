import Core
import CoreTesting
import Testing

/// What a person sees of Login in its main states, as text stored in `__Snapshots__/LoginSnapshotTests`: a
/// change to a screen shows up in review as a diff of these files.
@Suite("Login's screens, as snapshots")
@MainActor
struct LoginSnapshotTests {
    @Test("The empty log-in screen")
    func empty() async throws {
        try withLoginShown { parent, window in
            try verifyNavigationSnapshot(of: window, coordinators: parent, named: "empty")
        }
    }

    @Test("Wrong credentials: the error under the filled form, the password masked")
    func wrongPassword() async throws {
        try withLoginShown { parent, window in
            try window.logIn(email: "ada@example.com", password: "wrong password")
            try verifyNavigationSnapshot(of: window, coordinators: parent, named: "wrong-password")
        }
    }

    @Test("Sign-up pushed from Login, with its coordinator under Login's")
    func signUpPushed() async throws {
        try withLoginShown { parent, window in
            try window.tap("signup")
            try verifyNavigationSnapshot(of: window, coordinators: parent, named: "signup-pushed")
        }
    }

    @Test("Logged in: Login is gone from the screens and the tree")
    func loggedIn() async throws {
        try withLoginShown { parent, window in
            try window.logIn(email: "ada@example.com", password: "analytical")
            try verifyNavigationSnapshot(of: window, coordinators: parent, named: "logged-in")
        }
    }
}
