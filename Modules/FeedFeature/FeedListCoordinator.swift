import Core

/// A segment of the feed: loads its posts (newest or most liked first) for the
/// user each time its screen will appear, and reports the post the user picks.
final class FeedListCoordinator: ViewableCoordinator<any FeedListPresentable> {
    weak var listener: (any FeedListListener)?
    let segment: FeedSegment
    private let dependency: any FeedDependency
    private let user: FeedUser

    /// Creates the segment `segment` for `user` around `screen`.
    init(
        screen: some ViewControllerable & FeedListPresentable,
        segment: FeedSegment,
        dependency: any FeedDependency,
        user: FeedUser
    ) {
        self.segment = segment
        self.dependency = dependency
        self.user = user
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    /// Names the segment, so the two lists tell apart in the tree: `FeedListCoordinator(latest)`.
    override var name: String { "FeedListCoordinator(\(segment.rawValue))" }

    /// Reads the posts again from the service, so the list shows what is
    /// there now, including posts published elsewhere.
    func reload() {
        do throws(FeedServiceError) {
            let posts =
                try segment == .latest
                ? dependency.posts.latestPosts(for: user) : dependency.posts.popularPosts(for: user)
            presenter.show(rows: posts.map(FeedPostRow.init(post:)), errorMessage: nil)
        } catch {
            presenter.show(rows: [], errorMessage: FeedMessage.message(for: error))
        }
    }
}

extension FeedListCoordinator: FeedListScreenListener {
    func listScreenWillAppear() {
        reload()
    }

    func listScreenDidSelectPost(id: String) {
        listener?.listDidSelectPost(id: id)
    }
}
