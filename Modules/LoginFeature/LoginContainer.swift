public import Core

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
    public func coordinator(listener: any LoginListener) -> any ViewableCoordinating {
        let coordinator = LoginCoordinator(
            screen: LoginViewController(),
            authenticator: dependency.authenticator,
            signUpBuilder: dependency.signUpBuilder
        )
        coordinator.listener = listener
        return coordinator
    }
}
