/// What the `login` screen tells its coordinator.
@MainActor
protocol LoginScreenListener: AnyObject {
    /// The user tapped `login` with what the fields hold.
    func loginScreenDidRequestLogIn(email: String, password: String)

    /// The user tapped `signup`.
    func loginScreenDidRequestSignUp()
}
