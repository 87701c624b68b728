import Core
import FoundationEssentials

/// What a post list screen tells its coordinator.
@MainActor
protocol PostListScreenListener: AnyObject {
    /// The screen is about to appear (the feed is shown, the segment selected,
    /// or the user came back to it); its posts may be stale.
    func listScreenWillAppear()

    /// The user tapped the row of post `id`.
    func listScreenDidSelectPost(id: String)

    /// The user tapped `more`, asking for the next page.
    func listScreenDidTapLoadMore()
}

/// The list of a segment, `feed.latest` or `feed.popular`: one row per post
/// (author, text, relative time and likes); tapping a row performs `post.<id>`;
/// `more` loads the next page when there may be one.
/// Relative times are formatted each time the content is read.
final class PostListViewController: ViewController, PostListPresentable {
    /// The prefix of a row's action id.
    static let rowActionPrefix = "post."

    weak var listener: (any PostListScreenListener)?
    private let segment: FeedSegment
    private var rows: [PostRow] = []
    private var canLoadMore = false
    private let now: @MainActor () -> Date

    /// Creates the list of `segment`, formatting times as seen at `now()`.
    init(segment: FeedSegment, now: @escaping @MainActor () -> Date) {
        self.segment = segment
        self.now = now
        super.init(screenID: "feed.\(segment.rawValue)")
    }

    override var content: ScreenContent {
        let moment = now()
        let items = rows.map { row in
            ListItem(
                id: row.id,
                title: row.authorName,
                subtitle: row.text,
                detail: "\(row.time(at: moment)) · \(row.likes)",
                actionID: Self.rowActionPrefix + row.id,
                isMarked: row.isLiked
            )
        }
        var elements: [ScreenElement] = [
            .list(ListSection(id: "posts", items: items, emptyMessage: FeedMessage.emptyList))
        ]
        if canLoadMore { elements.append(.button(Button(id: "more", title: "Load more"))) }
        return ScreenContent(title: segment.title, elements: elements, errorMessage: inlineError)
    }

    override func viewWillAppear() {
        listener?.listScreenWillAppear()
    }

    override func handleAction(_ id: String) {
        if id == "more" { listener?.listScreenDidTapLoadMore() }
        guard id.hasPrefix(Self.rowActionPrefix) else { return }
        listener?.listScreenDidSelectPost(id: String(id.dropFirst(Self.rowActionPrefix.count)))
    }

    func show(rows: [PostRow], canLoadMore: Bool, errorMessage: String?) {
        self.rows = rows
        self.canLoadMore = canLoadMore
        showInlineError(errorMessage)
    }
}
