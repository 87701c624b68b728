import Core

/// Work a person would lose by leaving the app now; the full screen asks before leaving with it.
enum UnsavedWork: Equatable, Sendable, CustomStringConvertible {
    /// The compose sheet holds text not yet posted.
    case composeDraft
    /// A sign-up is on screen, not finished.
    case signUp

    var description: String {
        switch self {
        case .composeDraft: "The unsaved draft"
        case .signUp: "The sign-up in progress"
        }
    }
}

extension RootCoordinating {
    /// The work that leaving now would lose, if any.
    ///
    /// A sign-up is known from the coordinator tree; a draft from the compose screen on top holding text (Feed
    /// does not publish its draft).
    func unsavedWork(in window: Window) -> UnsavedWork? {
        if isSignUpOnScreen { return .signUp }
        let holdsDraft = window.screensOnTop.contains { screen in
            screen.screenID == "feed.compose"
                && screen.content.fields.contains { $0.displayedValue.contains { !$0.isWhitespace } }
        }
        return holdsDraft ? .composeDraft : nil
    }
}
