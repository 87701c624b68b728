/// A transition in flight, as a window reports it: for the app's `state`, for
/// tests, and for anyone who must know what the person sees moving.
public struct TransitionInfo: Equatable, Sendable {
    /// What started the transition.
    public enum Kind: String, Sendable {
        /// An animated routing call (push, pop, set the stack, present, dismiss).
        case routing
        /// The back button, or a swipe back or a swipe down performed in one go.
        case gesture
        /// An interactive swipe back: held, moving, or finishing or cancelling.
        case swipeBack
        /// An interactive swipe down of a sheet: held, moving, or finishing or cancelling.
        case swipeDown
        /// An interactive swipe that turns a page: held, moving, or finishing or cancelling.
        case swipePage
    }

    /// What started the transition.
    public var kind: Kind
    /// How far the transition has come, from 0 to 1, moving with the
    /// window's clock. For an interactive gesture, how far the person has
    /// moved it while held; once released, it moves on with the clock from
    /// there, to 1 when it finishes or back to 0 when it cancels.
    public var progress: Double
    /// Whether an interactive gesture is still held (not yet released).
    public var isHeld: Bool
    /// The screens that are disappearing, outermost first.
    public var leavingIDs: [String]
    /// The screens that are appearing, outermost first.
    public var arrivingIDs: [String]

    /// Creates a description of a transition, for comparing with what a
    /// window reports.
    public init(kind: Kind, progress: Double, isHeld: Bool, leavingIDs: [String], arrivingIDs: [String]) {
        self.kind = kind
        self.progress = progress
        self.isHeld = isHeld
        self.leavingIDs = leavingIDs
        self.arrivingIDs = arrivingIDs
    }
}
