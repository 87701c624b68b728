/// What a sign-up step's screen tells its coordinator. The typed text goes to
/// the shared ``SignUpDraft``; only the decisions come here.
@MainActor
protocol SignUpStepScreenListener: AnyObject {
    /// The user asked to go on (`next` or `create`).
    func stepScreenDidSubmit()

    /// The user tapped `cancel`.
    func stepScreenDidCancel()
}
