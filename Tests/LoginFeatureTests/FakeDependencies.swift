import LoginFeature
import SignUpFeature

/// What the app hands the sign-up builder, here with a fake account service.
struct FakeSignUpDependency: SignUpDependency {
    let accounts: any SignUpAccountService
}

/// What the app hands the log-in builder: a fake authenticator and the real
/// sign-up builder, composed as the app composes them.
struct FakeLoginDependency: LoginDependency {
    let authenticator: any LoginAuthenticating
    let signUpBuilder: any SignUpContainable
}
