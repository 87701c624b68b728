import Core
import FeedFeature

/// Plays the parent of the feed, as the app would: it attaches the feed
/// through the public builder, makes its screen the root of a navigation
/// controller in a window, and counts the times the person looked at Latest.
@MainActor
final class FeedParent: Coordinator, FeedListener {
    /// Where the parent puts the feed's screen.
    enum Placement {
        /// The root of a navigation controller that is the window's root.
        case rootOfNavigation
        /// The window's root, with no navigation controller (a parent's mistake:
        /// the feed cannot push a post).
        case withoutNavigation
        /// The root of a navigation controller that is the primary column of
        /// a split, the window's root (`feed.detail` is its secondary column).
        case primaryColumnOfSplit
    }

    let window: Window
    private let builder: any FeedContainable
    /// The attached feed. Weak, so it is `nil` exactly when the feed was released.
    private(set) weak var feed: (any FeedCoordinating)?
    /// How many times the feed said the person is looking at Latest.
    private(set) var latestShownCount = 0

    /// A parent whose window's transitions run on `transitions`.
    init(dependency: FakeFeedDependency, transitions: TransitionClock = .immediate) {
        window = Window(clock: transitions)
        builder = FeedContainer(dependency: dependency)
        super.init()
    }

    /// Builds the feed for `user`, attaches it and shows it.
    func showFeed(for user: FeedUser, _ placement: Placement) throws {
        let child = builder.coordinator(listener: self, user: user)
        try addChild(child)
        switch placement {
        case .rootOfNavigation:
            try window.setRootViewController(NavigationController(root: child.viewControllerable))
        case .withoutNavigation:
            try window.setRootViewController(child.viewControllerable)
        case .primaryColumnOfSplit:
            let split = try SplitViewController(
                primary: NavigationController(root: child.viewControllerable, screenID: "feed.navigation"),
                secondary: NavigationController(screenID: "feed.detail"))
            try window.setRootViewController(split)
        }
        feed = child
    }

    func feedDidShowLatest() {
        latestShownCount += 1
    }
}
