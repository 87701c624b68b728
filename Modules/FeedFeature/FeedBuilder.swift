public import Core

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

// The builder roles of the feed: what it needs (`FeedDependency`), what it
// reports (`FeedListener`), how a parent builds it (`FeedContainable`,
// `FeedContainer`) and the routes a parent may take into it
// (`FeedCoordinating`).

/// What the feed needs from the app.
@MainActor
public protocol FeedDependency {
    /// Reads, publishes and likes posts.
    var posts: any FeedPostService { get }

    /// The current time, read each time the feed formats relative times
    /// ("5m"); injected so they are deterministic in tests. The app returns
    /// `Date()`.
    var now: Date { get }
}

/// What the feed tells the parent that shows it.
@MainActor
public protocol FeedListener: AnyObject {
    /// The person is looking at the Latest segment: its list is about to
    /// appear (the feed is shown, Latest is selected, the person comes back
    /// from a post), freshly read, or was read again on screen (a route or a
    /// tap to Latest while it showed). A parent that counts the posts the
    /// person has not seen yet (a tab's badge) counts from here.
    func feedDidShowLatest()
}

/// The feed, as its parent sees it: a coordinator with a screen, plus the
/// routes the parent may take into it (deep links such as `app://feed/post/42`).
///
/// Every route tells its caller whether it worked: it returns once the
/// destination is on screen, or throws a ``FeedRouteError`` and shows no error
/// on the feed's screens, so the parent decides how to report it. Each route
/// closes what is in the way (a presented compose sheet, a pushed post, which
/// a route to another post replaces in one change instead), so it works
/// whatever the user was doing; but it never throws away a draft: while
/// compose holds a draft that is not blank, a route that would close it
/// throws ``FeedRouteError/draftInProgress`` and changes nothing.
@MainActor
public protocol FeedCoordinating: ViewableCoordinating {
    /// Shows `destination`, the one route into the feed, which a deep link,
    /// the person's taps and the feed's own restoration all take. The feed
    /// reads where it is as a ``NavigationPath`` (its segment, then the post
    /// open over it as `post/<id>`, in a split's secondary column too, or
    /// compose), and takes the steps ``NavigationPlan`` plans to the
    /// destination, so nothing already in place moves:
    ///
    /// - ``FeedDestination/segment(_:)`` dismisses compose, selects the
    ///   segment, then pops the post. A segment whose list was on screen
    ///   already is read again (a list otherwise reloads only as it
    ///   appears), so the posts published meanwhile show.
    /// - ``FeedDestination/post(id:)`` dismisses compose, then pushes the
    ///   post's detail, or replaces an open post with it in one change; the
    ///   post already open stays as it is, and screens another flow pushed
    ///   over it are popped.
    /// - ``FeedDestination/compose`` pops the post first, then presents
    ///   compose; an open compose stays as it is, with its draft.
    ///
    /// A route is taken at once. While the window's screens move (a route
    /// taken outside the routing queue, on a clock that animates), a
    /// ``FeedDestination/segment(_:)`` route that would select the segment
    /// and then pop the post refuses before it selects anything, so a refused
    /// route leaves the segment as it was; route through
    /// ``Core/Coordinator/route(_:completion:)`` to wait for the screens.
    ///
    /// - Throws: ``FeedRouteError/postNotFound(_:)``, changing nothing, when
    ///   there is no such post; ``FeedRouteError/draftInProgress``, changing
    ///   nothing, while compose holds a draft that is not blank and the route
    ///   would close it; ``FeedRouteError/unavailable(_:)`` when the post
    ///   service or the navigation failed (compose is then not attached), or
    ///   for a place the feed does not show, such as a sheet another flow
    ///   presented over compose, in the feed's own words.
    func show(_ destination: FeedDestination) throws(FeedRouteError)

    /// Whether compose holds a draft that leaving the app now would lose (one
    /// that is not blank), so the parent can ask first without knowing the
    /// feed's screens.
    var holdsDraft: Bool { get }

    /// Whether the Latest list is on screen now: selected, with no post
    /// pushed over it (a post open beside it in a wide split, or a sheet
    /// such as compose, leaves it on screen, as Core's appearance has it;
    /// while it is still appearing, it is not yet). A parent that did not count the looks
    /// ``FeedListener/feedDidShowLatest()`` told it of for a while (an app
    /// that restores before it draws) asks this once that while is over.
    var isShowingLatest: Bool { get }
}

/// Builds the feed: the `feed` screen with its Latest and Popular segments,
/// post detail and compose.
///
/// A parent gets this builder through its own dependency, attaches the
/// returned coordinator and shows its `viewControllerable` as it chooses.
@MainActor
public protocol FeedContainable: Containable {
    /// Builds a feed for `user` that reports to `listener`.
    ///
    /// The screen expects a navigation controller around it, because the feed
    /// pushes post detail onto it: push it onto one, or make it the root of one.
    /// A parent that wants the list and the open post side by side makes that
    /// navigation controller the primary column of a ``SplitViewController``:
    /// the feed then shows each post as the split's detail
    /// (``SplitViewController/showDetail(_:animated:completion:)``), beside
    /// the list when the split is expanded and pushed over it when collapsed.
    func coordinator(listener: any FeedListener, user: FeedUser) -> any FeedCoordinating
}

/// The builder of the feed; the app composes it with the live post service
/// and clock.
@MainActor
public final class FeedContainer: Container<any FeedDependency>, FeedContainable {
    /// Creates a builder that builds feeds with `dependency`.
    public override init(dependency: any FeedDependency) {
        super.init(dependency: dependency)
    }

    /// Builds a feed for `user` whose screen is `feed`; the feed holds
    /// `listener` weakly. Its segments are attached when it starts.
    public func coordinator(listener: any FeedListener, user: FeedUser) -> any FeedCoordinating {
        let coordinator = FeedCoordinator(screen: FeedViewController(), dependency: dependency, user: user)
        coordinator.listener = listener
        return coordinator
    }
}
