/// How a window's animated transitions take time.
///
/// UIKit's transitions take time and its gestures can be abandoned half way;
/// the headless layer has both, so a flow tested here fails where it would fail
/// on a device.
public enum TransitionClock {
    /// Every transition completes inside the call that starts it: the
    /// will-callbacks, then the did-callbacks and the completion, before the
    /// routing method returns. The default, and what the app uses.
    case immediate
    /// Transitions end only when a test advances the clock. Between the start
    /// and the end of a transition, the screens it moves are appearing or
    /// disappearing, and UIKit's rules for transitions in flight apply.
    case manual(ManualClock)
}
