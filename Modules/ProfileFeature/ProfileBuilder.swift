public import Core

// The builder roles of Profile: what it needs (`ProfileDependency`), what it reports (`ProfileListener`), how a
// parent builds it (`ProfileContainable`, `ProfileContainer`) and the routes a parent may take into it
// (`ProfileCoordinating`).

/// What the Profile flow needs from its parent.
@MainActor
public protocol ProfileDependency {
    /// Reads and renames the person's account.
    var accounts: any ProfileAccountService { get }

    /// Reads the person's posts, page by page.
    var posts: any ProfilePostService { get }
}

/// What the Profile flow tells its parent.
@MainActor
public protocol ProfileListener: AnyObject {
    /// The person saved a new display name, `displayName`: the parent updates what it shows of the person.
    func profileDidRename(to displayName: String)

    /// The person tapped `logout`. The parent ends the session and tears the flow down.
    func profileDidLogOut()
}

/// Profile, as its parent sees it: a coordinator with a screen, what it holds that closing it would lose, and
/// the routes the parent may take into it (deep links such as `app://profile/edit`).
///
/// Every route returns once the destination is on screen, or throws a ``ProfileRouteError`` and shows no error
/// on the flow's screens, so the parent decides how to report it. A route never throws an unsaved edit away.
@MainActor
public protocol ProfileCoordinating: ViewableCoordinating {
    /// Whether `profile.edit` holds a display name that differs from the saved one. A parent that would close
    /// Profile (a link elsewhere, a log-out it starts itself) asks first, and refuses rather than lose it.
    var holdsUnsavedEdit: Bool { get }

    /// Shows `destination`, the one route into Profile, which a deep link, the person's tap on `edit` and
    /// Profile's own restoration all take. Profile reads where it is as a ``NavigationPath`` (the screens pushed
    /// above `profile`, the edit as `profile.edit`) and takes the steps ``NavigationPlan`` plans to the
    /// destination, so nothing already in place moves: ``ProfileDestination/profile`` pops what is pushed over
    /// `profile` (the edit, when it shows no change); ``ProfileDestination/edit`` pushes `profile.edit` over
    /// `profile`, or keeps it as it is, with the person's change, when it is shown already (popping a screen
    /// another flow pushed over it).
    ///
    /// - Throws: ``ProfileRouteError/editInProgress``, changing nothing, while the edit holds a change the route
    ///   would close; ``ProfileRouteError/unavailable(_:)`` when the navigation failed (the edit is then not
    ///   shown).
    func show(_ destination: ProfileDestination) throws(ProfileRouteError)
}

/// Builds Profile: the `profile` screen (the person's name, how many posts they wrote, their posts page by page,
/// `edit` and `logout`) and the `profile.edit` screen.
///
/// A parent gets this builder through its own dependency, attaches the returned coordinator and shows its
/// `viewControllerable` inside a navigation controller, because Profile pushes `profile.edit` onto it.
@MainActor
public protocol ProfileContainable: Containable {
    /// Builds the Profile of `user` that reports to `listener`; the flow holds `listener` weakly. Its record
    /// (see ``Core/Coordinator/restorationState``) keeps an open edit with the name as typed.
    func coordinator(listener: any ProfileListener, user: ProfileUser) -> any ProfileCoordinating
}

/// The builder of Profile; the app composes it with its live services.
@MainActor
public final class ProfileContainer: Container<any ProfileDependency>, ProfileContainable {
    /// Creates a builder that builds flows with `dependency`.
    public override init(dependency: any ProfileDependency) {
        super.init(dependency: dependency)
    }

    /// Builds the Profile of `user` whose screen is `profile`; the flow holds `listener` weakly.
    public func coordinator(listener: any ProfileListener, user: ProfileUser) -> any ProfileCoordinating {
        let coordinator = ProfileCoordinator(screen: ProfileViewController(), dependency: dependency, user: user)
        coordinator.listener = listener
        return coordinator
    }
}
