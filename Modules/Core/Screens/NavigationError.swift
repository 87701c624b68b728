/// Why a navigation operation was refused.
///
/// Every refusal leaves the screen hierarchy exactly as it was, delivers no
/// lifecycle callback and does not call the completion.
public enum NavigationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Push or pop on a screen that is neither a navigation controller nor inside one.
    case noNavigationController
    /// Pop when only the root is left on the stack.
    case cannotPopRoot
    /// Present from a screen whose context already presents another screen.
    case alreadyPresenting
    /// Dismiss from a screen that neither presents nor is presented.
    case nothingToDismiss
    /// The screen is already pushed, presented, embedded or a window's root, or
    /// it contains or presents the screen it would be shown in (a cycle).
    case alreadyInHierarchy
    /// A navigation controller cannot be pushed onto a navigation stack.
    case cannotPushNavigationController
    /// The screen presents another screen, so it cannot be pushed or embedded
    /// (only a presentation context may present); dismiss what it presents first.
    case presentsAnotherScreen
    /// The screen is not on this navigation stack.
    case notInNavigationStack
    /// A navigation stack or a container was given no screens.
    case emptyStack
    /// The same screen appears twice in a new stack or container.
    case duplicateScreen
    /// A container was asked for a child index it does not have.
    case indexOutOfRange
    /// A back gesture when no navigation stack on screen has anything to go
    /// back to: none has more than its root and, for the back button, no
    /// expanded split on top lets it close its item
    /// (``SplitViewController/backButtonClosesDetail``).
    case nothingToGoBack
    /// A swipe down on a screen that is not a sheet (full-screen styles cannot be swiped).
    case notSwipeDismissible
    /// A swipe down on a sheet that is modal in presentation (for example, it holds unsaved input).
    case dismissalRefused
    /// A user gesture on a window with no root screen.
    case noRootViewController
    /// Routing or a gesture that a transition in flight forbids, as UIKit
    /// does: a push, pop or new stack on a navigation controller in a
    /// transition, a present or dismiss while a presentation or dismissal runs,
    /// any routing in a window while an interactive gesture is held, or a
    /// gesture while anything moves. Wait for the transition to end, or route
    /// through ``Coordinator/route(_:completion:)``, which waits by itself.
    case transitionInProgress
    /// An interactive gesture began while another one is held.
    case gestureInProgress
    /// Progress or release with no interactive gesture held.
    case noGestureInProgress
    /// The back button is a tap, not a gesture that can be held; use
    /// ``Window/perform(_:)``.
    case gestureNotInteractive
    /// A gesture's progress must be a number from 0 to 1.
    case gestureProgressOutOfRange
    /// A back gesture on a screen that refuses it (see
    /// ``ViewController/isModalInNavigation``).
    case backRefused
    /// A tap on a tab when no tab bar is on top (a presented screen covers
    /// it, or the window shows none).
    case noTabBar
    /// A tab bar was asked for a tab id it does not have.
    case unknownTab
    /// Two tabs of one tab bar share an item id.
    case duplicateTab
    /// The tab bar's delegate refused the person's tap on a tab (see
    /// ``TabBarController/TapDecision/refuse``).
    case tabSelectionRefused
    /// A swipe to another page when no page container is on top.
    case noPageContainer
    /// A swipe to another page when the current page is the first (for the
    /// previous page) or the last (for the next one), or there are no pages.
    case noPageToTurnTo

    /// A sentence that says what was refused and why, for error messages.
    public var description: String {
        switch self {
        case .noNavigationController: "the screen is not in a navigation controller"
        case .cannotPopRoot: "the root of a navigation stack cannot be popped"
        case .alreadyPresenting: "the screen already presents another screen; present from the top one"
        case .nothingToDismiss: "there is nothing to dismiss"
        case .alreadyInHierarchy: "the screen is already shown somewhere else"
        case .cannotPushNavigationController: "a navigation controller cannot be pushed"
        case .presentsAnotherScreen: "the screen presents another screen; dismiss it before pushing or embedding it"
        case .notInNavigationStack: "the screen is not on this navigation stack"
        case .emptyStack: "a stack needs at least one screen"
        case .duplicateScreen: "the same screen appears twice"
        case .indexOutOfRange: "there is no child at that index"
        case .nothingToGoBack: "there is nothing to go back to"
        case .notSwipeDismissible: "only a sheet can be swiped down"
        case .dismissalRefused: "the sheet refused to be dismissed"
        case .noRootViewController: "the window has no root screen"
        case .transitionInProgress: "a transition is in progress; wait for it to end"
        case .gestureInProgress: "a gesture is already in progress; release it first"
        case .noGestureInProgress: "no gesture is in progress"
        case .gestureNotInteractive: "the back button cannot be held; only swipes can"
        case .gestureProgressOutOfRange: "a gesture's progress must be a number from 0 to 1"
        case .backRefused: "the screen refused to go back"
        case .noTabBar: "there is no tab bar on top"
        case .unknownTab: "there is no tab with that id"
        case .duplicateTab: "two tabs share an id"
        case .tabSelectionRefused: "the tab bar refused to select that tab"
        case .noPageContainer: "there are no pages on top"
        case .noPageToTurnTo: "there is no page that way"
        }
    }
}
