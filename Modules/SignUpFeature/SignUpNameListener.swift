/// What the display name step tells the sign-up flow.
@MainActor
protocol SignUpNameListener: AnyObject {
    /// The account was created.
    func nameStepDidCreateAccount(_ session: SignUpSession)

    /// The user cancelled on the display name step.
    func nameStepDidCancel()
}
