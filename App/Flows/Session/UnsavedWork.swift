package import Core

/// Work a person leaves unfinished by leaving the app now; both modes ask before leaving with it, and say what
/// comes back at the next start.
package enum UnsavedWork: Equatable, Sendable, CustomStringConvertible {
    /// The compose sheet holds text not yet posted.
    case composeDraft
    /// A sign-up is on screen, not finished.
    case signUp

    package var description: String {
        switch self {
        case .composeDraft: "The draft is kept for next time"
        case .signUp: "The sign-up is kept for next time, without passwords"
        }
    }
}

extension RootCoordinating {
    /// The work that leaving now would lose, if any.
    ///
    /// A sign-up is known from the coordinator tree; a draft from the compose screen on top holding text (Feed
    /// does not publish its draft).
    package func unsavedWork(in window: Window) -> UnsavedWork? {
        if isSignUpOnScreen { return .signUp }
        let holdsDraft = window.screensOnTop.contains { screen in
            screen.screenID == "feed.compose"
                && screen.content.fields.contains { $0.displayedValue.contains { !$0.isWhitespace } }
        }
        return holdsDraft ? .composeDraft : nil
    }
}
