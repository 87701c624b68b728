public import SignUpFeature

/// What the log-in flow needs from the app.
@MainActor
public protocol LoginDependency {
    /// Checks credentials and opens sessions.
    var authenticator: any LoginAuthenticating { get }

    /// Builds the sign-up flow that `Create account` shows.
    var signUpBuilder: any SignUpContainable { get }
}
