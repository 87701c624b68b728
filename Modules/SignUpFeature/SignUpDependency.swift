/// What the sign-up flow needs from the app.
@MainActor
public protocol SignUpDependency {
    /// Checks and creates accounts.
    var accounts: any SignUpAccountService { get }
}
