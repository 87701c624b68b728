/// Navigation that comes from the person using the app, not from a coordinator.
///
/// Send one with ``Window/perform(_:)``. When a gesture removes screens, the
/// coordinators that own them are detached, stopped and released, and their
/// parents are told through ``Coordinator/userDidRemove(_:)``.
public enum UserGesture: String, Sendable, CaseIterable {
    /// The back button of the innermost navigation bar on screen.
    case backButton
    /// The edge swipe that pops the top screen of the innermost navigation stack.
    case swipeBack
    /// The swipe down that dismisses the topmost sheet.
    case swipeDown
    /// The horizontal swipe that turns the innermost page container on top
    /// to its next page (see ``PageViewController``).
    case swipeToNextPage
    /// The horizontal swipe that turns the innermost page container on top
    /// back to its previous page.
    case swipeToPreviousPage
}
