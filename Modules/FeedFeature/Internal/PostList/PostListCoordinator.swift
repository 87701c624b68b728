import Core

/// What a post list tells the feed.
@MainActor
protocol PostListListener: AnyObject {
    /// The user picked post `id`; the feed decides how to show it.
    func listDidSelectPost(id: String)

    /// The list of `segment` is about to appear, freshly read.
    func listWillAppear(_ segment: FeedSegment)
}

/// What a post list's coordinator tells its screen.
@MainActor
protocol PostListPresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any PostListScreenListener)? { get set }

    /// Shows `rows`, the `more` action when `canLoadMore`, and
    /// `errorMessage` if loading failed.
    func show(rows: [PostRow], canLoadMore: Bool, errorMessage: String?)
}

/// A segment of the feed: loads the first page of its posts (newest or most
/// liked first) for the user each time its screen will appear, the next page
/// when the user asks for more, and reports the post the user picks.
final class PostListCoordinator: ViewableCoordinator<any PostListPresentable> {
    /// How many posts a page holds.
    static let pageSize = 20

    weak var listener: (any PostListListener)?
    let segment: FeedSegment
    private let dependency: any FeedDependency
    private let user: FeedUser
    /// The posts shown, in order.
    private var posts: [FeedPost] = []
    /// Whether the last page read was full, so more may follow.
    private var mayHaveMore = false

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
    override var name: String { Self.names[segment] ?? "PostListCoordinator" }

    /// Each segment's name, spelled once: the tree's readers ask for names after every change.
    private static let names = Dictionary(
        uniqueKeysWithValues: FeedSegment.allCases.map { ($0, "PostListCoordinator(\($0.rawValue))") })

    /// Reads the posts again from the service, so the list shows what is
    /// there now, including posts published elsewhere: as many as were shown,
    /// at least one page.
    func reload() {
        do throws(FeedServiceError) {
            // One post past the page says whether more follow: a page that happens to be full is not enough.
            let limit = max(Self.pageSize, posts.count)
            let read = try page(after: nil, limit: limit + 1)
            posts = Array(read.prefix(limit))
            mayHaveMore = read.count > limit
            show(errorMessage: nil)
        } catch {
            posts = []
            mayHaveMore = false
            show(errorMessage: FeedMessage.message(for: error))
        }
    }

    /// Appends the next page to what is shown.
    func loadMore() {
        do throws(FeedServiceError) {
            let shown = Set(posts.map(\.id))
            let next = try page(after: posts.last?.id, limit: Self.pageSize + 1)
            posts += next.prefix(Self.pageSize).filter { !shown.contains($0.id) }
            mayHaveMore = next.count > Self.pageSize
            show(errorMessage: nil)
        } catch {
            show(errorMessage: FeedMessage.message(for: error))
        }
    }

    private func page(after postID: String?, limit: Int) throws(FeedServiceError) -> [FeedPost] {
        switch segment {
        case .latest: try dependency.posts.latestPosts(for: user, after: postID, limit: limit)
        case .popular: try dependency.posts.popularPosts(for: user, after: postID, limit: limit)
        }
    }

    private func show(errorMessage: String?) {
        presenter.show(
            rows: posts.map(PostRow.init(post:)), canLoadMore: mayHaveMore, errorMessage: errorMessage)
    }
}

extension PostListCoordinator: PostListScreenListener {
    func listScreenWillAppear() {
        reload()
        listener?.listWillAppear(segment)
    }

    func listScreenDidSelectPost(id: String) {
        listener?.listDidSelectPost(id: id)
    }

    func listScreenDidTapLoadMore() {
        loadMore()
    }
}
