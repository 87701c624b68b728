import Core
import CoreTesting
import LoginFeature
import SignUpFeature
import Testing

/// A parent that pushes Login onto a navigation stack with an animation, in a window on a manual clock, as an
/// app with animations on would.
@MainActor
private final class AnimatedLoginParent: Coordinator, LoginListener {
    let clock = ManualClock()
    let window: Window
    private let builder: any LoginContainable
    private(set) weak var login: (any LoginCoordinating)?

    init(signUpAccounts: FakeSignUpAccounts) {
        window = Window(clock: .manual(clock))
        let signUpBuilder = SignUpContainer(dependency: FakeSignUpDependency(accounts: signUpAccounts))
        builder = LoginContainer(
            dependency: FakeLoginDependency(authenticator: FakeAuthenticator(), signUpBuilder: signUpBuilder))
        super.init()
    }

    func showLogin() throws {
        let navigation = try NavigationController(root: ViewController(screenID: "welcome"))
        try window.setRootViewController(navigation)
        let child = builder.coordinator(listener: self)
        try addChild(child) { try navigation.push($0, animated: true) }
        login = child
    }

    func loginDidSucceed(_ session: LoginSession) {}
}

/// The value of the field `id` on the top screen.
@MainActor
private func fieldValue(_ id: String, in window: Window) -> String? {
    window.topViewController?.content.fields.first { $0.id == id }?.displayedValue
}

/// Every value of a record and of its children's records.
private func allValues(_ state: RestorationState) -> [String] {
    Array(state.values.values) + state.children.flatMap(allValues)
}

@Suite("Login's restoration")
@MainActor
struct LoginRestorationTests {
    /// Login's record after the person typed an email and a password, then went through sign-up's first step
    /// and typed a password there too.
    private func liveRecord() throws -> RestorationState {
        var record: RestorationState?
        try withLoginShown { parent, window in
            try window.type("typed@example.com", into: "email")
            try window.type("login-secret", into: "password")
            try window.tap("signup")
            try window.type("new@example.com", into: "email")
            try window.tap("next")
            try window.type("signup-secret", into: "password")
            try window.type("signup-secret", into: "confirmation")
            record = parent.login?.restorationState
        }
        return try #require(record)
    }

    @Test("Login keeps the typed email and sign-up's own record, and never a password")
    func recordKeepsNoSecret() async throws {
        let record = try liveRecord()
        #expect(record.values["email"] == "typed@example.com")
        #expect(record.children.count == 1)
        #expect(record.children.first?.values["step"] == "password")
        #expect(record.children.first?.values["email"] == "new@example.com")
        let values = allValues(record)
        #expect(!values.contains("login-secret") && !values.contains("signup-secret"))
    }

    @Test(
        "Restoring in a window on a manual clock shows sign-up's steps at once once nothing moves; passwords stay empty"
    )
    func restoresWithAnimations() async throws {
        let record = try liveRecord()
        let report = try trackingLifetimes {
            let parent = AnimatedLoginParent(signUpAccounts: FakeSignUpAccounts())
            parent.start()
            try parent.showLogin()
            #expect(!parent.window.isIdle)

            let whileMoving = try #require(parent.login).restore(from: record)
            #expect(!whileMoving.isComplete, "sign-up cannot be shown while Login's push moves")
            #expect(parent.window.navigationStackIDs == ["welcome", "login"])
            parent.clock.runUntilIdle()

            let result = try #require(parent.login).restore(from: record)

            #expect(result.isComplete)
            #expect(parent.window.isIdle, "restoring animates nothing")
            #expect(parent.window.navigationStackIDs == ["welcome", "login", "signup.email", "signup.password"])
            #expect(fieldValue("password", in: parent.window) == "")
            #expect(fieldValue("confirmation", in: parent.window) == "")
            #expect(parent.login?.restorationState == record)
            #expect(parent.login?.isShowingSignUp == true)
            try parent.window.perform(.backButton)
            parent.clock.runUntilIdle()
            #expect(fieldValue("email", in: parent.window) == "new@example.com")
            parent.stop()
        }
        #expect(report.isClean, "\(report)")
    }

    @Test("A sign-up whose email was registered since is restored on its first step, with the reason")
    func emailTakenSince() async throws {
        let record = try liveRecord()
        let accounts = FakeSignUpAccounts()
        _ = try accounts.register(email: "new@example.com", password: "x", displayName: "X")
        try withLoginShown(signUpAccounts: accounts) { parent, window in
            let result = try #require(parent.login).restore(from: record)
            #expect(window.navigationStackIDs == ["login", "signup.email"])
            #expect(window.errorMessageOnTop == "An account with this email already exists.")
            #expect(result.problems.count == 1)
            #expect(result.problems.first?.description.hasPrefix("sign-up is back at its first step") == true)
        }
    }

    @Test("A crafted record with two sign-ups restores the first and says the second was dropped")
    func twoSignUps() async throws {
        let record = try liveRecord()
        let signUp = try #require(record.children.first)
        var twice = record
        twice.children.append(signUp)
        try withLoginShown { parent, window in
            let result = try #require(parent.login).restore(from: twice)
            #expect(result.problems == [.noLongerApplies("a second sign-up record was dropped")])
            #expect(window.navigationStackIDs == ["login", "signup.email", "signup.password"])
        }
    }

    @Test("A record of another kind or version leaves the login screen as it is and says why")
    func foreignRecord() async throws {
        try withLoginShown { parent, window in
            let login = try #require(parent.login)
            #expect(
                login.restore(from: RestorationState(kind: "login", version: 2))
                    == .nearest(because: .unsupportedVersion(kind: "login", version: 2)))
            #expect(
                login.restore(from: RestorationState(kind: "feed", version: 1))
                    == .nearest(because: .wrongKind(expected: "login", found: "feed")))
            #expect(window.navigationStackIDs == ["login"])
        }
    }
}
