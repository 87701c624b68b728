/// What the password step tells the sign-up flow.
@MainActor
protocol SignUpPasswordListener: AnyObject {
    /// The password is valid and confirmed.
    func passwordStepDidComplete()

    /// The user cancelled on the password step.
    func passwordStepDidCancel()
}
