import Core

/// A segment of the feed: loads its posts (newest or most liked first) and
/// reports the post the user picks.
final class FeedListCoordinator: ViewableCoordinator<any FeedListPresentable> {
    weak var listener: (any FeedListListener)?
    let segment: FeedSegment
    private let dependency: any FeedDependency

    /// Creates the segment `segment` around `screen`.
    init(screen: some ViewControllerable & FeedListPresentable, segment: FeedSegment, dependency: any FeedDependency) {
        self.segment = segment
        self.dependency = dependency
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    override func didStart() {
        reload()
    }

    /// Reads the posts again from the service and shows them as of now.
    func reload() {
        do throws(FeedServiceError) {
            let posts = try segment == .latest ? dependency.posts.latestPosts() : dependency.posts.popularPosts()
            let now = dependency.now
            presenter.show(rows: posts.map { FeedPostRow(post: $0, now: now) }, errorMessage: nil)
        } catch {
            presenter.show(rows: [], errorMessage: FeedMessage.message(for: error))
        }
    }
}

extension FeedListCoordinator: FeedListScreenListener {
    func listScreenDidSelectPost(id: String) {
        listener?.listDidSelectPost(id: id)
    }
}
