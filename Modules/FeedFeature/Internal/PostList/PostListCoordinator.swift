import Core

/// What a post list tells the feed.
@MainActor
protocol PostListListener: AnyObject {
    /// The user picked post `id`; the feed decides how to show it.
    func listDidSelectPost(id: String)
}

/// What a post list's coordinator tells its screen.
@MainActor
protocol PostListPresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any PostListScreenListener)? { get set }

    /// Shows `rows`, and `errorMessage` if loading failed.
    func show(rows: [PostRow], errorMessage: String?)
}

/// The post list of a segment: loads its posts (newest or most liked first) for the
/// user each time its screen will appear, and reports the post the user picks.
final class PostListCoordinator: ViewableCoordinator<any PostListPresentable> {
    weak var listener: (any PostListListener)?
    let segment: FeedSegment
    private let dependency: any FeedDependency
    private let user: FeedUser

    /// Creates the segment `segment` for `user` around `screen`.
    init(
        screen: some ViewControllerable & PostListPresentable,
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

    /// Names the segment, so the two lists tell apart in the tree: `PostListCoordinator(latest)`.
    override var name: String { "PostListCoordinator(\(segment.rawValue))" }

    /// Reads the posts again from the service, so the list shows what is
    /// there now, including posts published elsewhere.
    func reload() {
        do throws(FeedServiceError) {
            let posts =
                try segment == .latest
                ? dependency.posts.latestPosts(for: user) : dependency.posts.popularPosts(for: user)
            presenter.show(rows: posts.map(PostRow.init(post:)), errorMessage: nil)
        } catch {
            presenter.show(rows: [], errorMessage: FeedMessage.message(for: error))
        }
    }
}

extension PostListCoordinator: PostListScreenListener {
    func listScreenWillAppear() {
        reload()
    }

    func listScreenDidSelectPost(id: String) {
        listener?.listDidSelectPost(id: id)
    }
}
