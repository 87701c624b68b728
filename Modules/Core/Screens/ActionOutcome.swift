/// What became of an action a screen took: done, or refused by the screen for
/// a reason it also shows (see ``ViewController/refuseAction(because:)``).
///
/// A refusal is the feature's answer to the person, not a misuse, so it is
/// returned rather than thrown: whoever sent the action (the app's command
/// loop, a script) learns from the call itself that it did not go through.
public enum ActionOutcome: Equatable, Sendable {
    /// The screen took the action and did not refuse it.
    case done
    /// The screen refused the action for this reason, such as "Wrong email or
    /// password.".
    case refused(String)
}
