import Core
import CoreTesting
import LoginFeature
import SignUpFeature

/// Plays the parent of the log-in flow, as the app would: it attaches Login
/// through the public builder, makes its screen the root of a navigation
/// controller in a window (or, to show the failure, the bare window root), and
/// tears Login down as soon as it reports a session.
@MainActor
final class LoginParent: Coordinator, LoginListener {
    /// Where the parent puts Login's screen.
    enum Placement {
        /// The root of a navigation controller that is the window's root.
        case rootOfNavigation
        /// The window's root, with no navigation controller (a parent's mistake:
        /// Login cannot push sign-up).
        case withoutNavigation
    }

    let window = Window()
    private let builder: any LoginContainable
    /// The attached flow. Weak, so it is `nil` exactly when the flow was released.
    private(set) weak var login: (any LoginCoordinating)?
    private(set) var sessions: [LoginSession] = []
    private(set) var routingErrors: [String] = []
    /// The navigation stack when Login reported its session, before the teardown.
    private(set) var stackWhenToldOfSession: [String]?
    /// Login's number of children when it reported its session.
    private(set) var loginChildCountWhenToldOfSession: Int?

    init(authenticator: FakeAuthenticator, signUpAccounts: FakeSignUpAccounts) {
        let signUpBuilder = SignUpContainer(dependency: FakeSignUpDependency(accounts: signUpAccounts))
        builder = LoginContainer(
            dependency: FakeLoginDependency(authenticator: authenticator, signUpBuilder: signUpBuilder)
        )
        super.init()
    }

    /// Builds Login, attaches it and shows it.
    func showLogin(_ placement: Placement) throws {
        let child = builder.coordinator(listener: self)
        try addChild(child)
        switch placement {
        case .rootOfNavigation:
            try window.setRootViewController(NavigationController(root: child.viewControllerable))
        case .withoutNavigation:
            try window.setRootViewController(child.viewControllerable)
        }
        login = child
    }

    func loginDidSucceed(_ session: LoginSession) {
        sessions.append(session)
        stackWhenToldOfSession = window.navigationStackIDs
        loginChildCountWhenToldOfSession = login?.childCount
        guard let login else { return }
        do {
            try removeChild(login)
            try window.setRootViewController(ViewController(screenID: "home"))
        } catch {
            routingErrors.append("\(error)")
        }
    }
}
