import AppInterface

/// What the app does with a deep link, decided from where the person is and nothing else, so the rule is read in
/// one place: a protected link (`app://feed…`, `app://profile…`) opened while logged out, or during the tour,
/// waits; a sign-up on screen is never thrown away by a link; a logged-in person is not sent to log in.
///
/// Nothing is looked up before Main shows, so a link reveals nothing about what exists; the tab's flow checks the
/// place once it runs.
enum LinkRules {
    /// What to do with one link.
    enum Decision: Equatable {
        /// Route to the link's place in Main now.
        case route
        /// Remember the link until Main shows; `showsLogin` when Login must come on top to let the person log in.
        case wait(showsLogin: Bool)
        /// Present sign-up over Login, unless one is on screen already (it then stays as it is).
        case showSignUp
        /// Forget any waiting link and make Login the screen on top.
        case showLogin
        /// Refuse the link, saying why; nothing changes.
        case refuse(UserFacingError)
    }

    /// The decision for `link`, given whether someone is logged in, whether Main shows and whether a sign-up is on
    /// screen (pushed by Login or presented).
    static func decide(_ link: DeepLink, isLoggedIn: Bool, isMainShown: Bool, isSignUpOnScreen: Bool) -> Decision {
        guard link.isProtected else {
            guard !isLoggedIn else {
                return .refuse(UserFacingError(description: "you are already logged in; log out first"))
            }
            // A link waiting for a log-in waits for this sign-up too.
            if link == .signUp { return .showSignUp }
            guard !isSignUpOnScreen else {
                return .refuse(UserFacingError(description: "a sign-up is in progress; finish or cancel it first"))
            }
            return .showLogin
        }
        guard isLoggedIn, isMainShown else {
            // What is typed into a sign-up is kept; finishing it continues to the link.
            return .wait(showsLogin: !isLoggedIn && !isSignUpOnScreen)
        }
        return .route
    }
}
