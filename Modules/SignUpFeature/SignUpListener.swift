/// What the sign-up flow tells the parent that shows it.
///
/// The parent hides the flow and detaches it in both cases; the flow never
/// hides itself. When the user's back gesture removes the first step, the
/// runtime detaches the flow and the parent learns it through
/// `userDidRemove(_:)` instead.
@MainActor
public protocol SignUpListener: AnyObject {
    /// The account was created and its session opened.
    func signUpDidFinish(_ session: SignUpSession)

    /// The user cancelled at some step.
    func signUpDidCancel()
}
