public import Core
public import SignUpFeature

// The builder roles of the log-in flow: what it needs (`LoginDependency`), what
// it reports (`LoginListener`), how a parent builds it (`LoginContainable`,
// `LoginContainer`) and what the parent may ask it (`LoginCoordinating`).

/// What the log-in flow needs from the app.
@MainActor
public protocol LoginDependency {
    /// Checks credentials and opens sessions.
    var authenticator: any LoginAuthenticating { get }

    /// Builds the sign-up flow that `Create account` shows.
    var signUpBuilder: any SignUpContainable { get }
}

/// What the log-in flow tells the parent that shows it.
@MainActor
public protocol LoginListener: AnyObject {
    /// The user logged in, or created an account through sign-up, and
    /// `session` is open. The parent moves on and tears the flow down.
    func loginDidSucceed(_ session: LoginSession)
}

/// The log-in flow, as its parent sees it: a coordinator with a screen, plus
/// what the parent may ask it, so the parent never guesses from its children.
@MainActor
public protocol LoginCoordinating: ViewableCoordinating {
    /// Whether the flow shows sign-up above its `login` screen. A parent that
    /// would replace the flow (a deep link to `login`) asks first, so it never
    /// throws away what the person typed into sign-up.
    var isShowingSignUp: Bool { get }
}

/// Builds the log-in flow: the `login` screen, with sign-up as a way in for
/// people without an account.
///
/// A parent gets this builder through its own dependency, attaches the
/// returned coordinator and shows its `viewControllerable` as it chooses.
@MainActor
public protocol LoginContainable: Containable {
    /// Builds a log-in flow that reports to `listener`.
    ///
    /// The screen expects a navigation controller around it, because Login
    /// pushes sign-up onto it: push it onto one, or make it the root of one.
    func coordinator(listener: any LoginListener) -> any LoginCoordinating
}

/// The builder of the log-in flow; the app composes it with the live
/// authenticator and the sign-up builder.
@MainActor
public final class LoginContainer: Container<any LoginDependency>, LoginContainable {
    /// Creates a builder that builds flows with `dependency`.
    public override init(dependency: any LoginDependency) {
        super.init(dependency: dependency)
    }

    /// Builds a log-in flow whose screen is `login`; the flow holds `listener`
    /// weakly.
    public func coordinator(listener: any LoginListener) -> any LoginCoordinating {
        let coordinator = LoginCoordinator(
            screen: LoginViewController(),
            authenticator: dependency.authenticator,
            signUpBuilder: dependency.signUpBuilder
        )
        coordinator.listener = listener
        return coordinator
    }
}
