import Core

/// The list of a segment, `feed.latest` or `feed.popular`: one row per post
/// (author, text, relative time and likes); tapping a row performs `post.<id>`.
final class FeedListViewController: ViewController, FeedListPresentable {
    /// The prefix of a row's action id.
    static let rowActionPrefix = "post."

    weak var listener: (any FeedListScreenListener)?
    private let segment: FeedSegment
    private var rows: [FeedPostRow] = []
    private var errorMessage: String?

    init(segment: FeedSegment) {
        self.segment = segment
        super.init(screenID: "feed.\(segment.rawValue)")
    }

    override var content: ScreenContent {
        let items = rows.map { row in
            ListItem(
                id: row.id,
                title: row.authorName,
                subtitle: row.text,
                detail: "\(row.time) · \(row.likes)",
                actionID: Self.rowActionPrefix + row.id
            )
        }
        return ScreenContent(
            title: segment.title,
            elements: [.list(ListSection(id: "posts", items: items, emptyMessage: FeedMessage.emptyList))],
            errorMessage: errorMessage
        )
    }

    override func handleAction(_ id: String) {
        guard id.hasPrefix(Self.rowActionPrefix) else { return }
        listener?.listScreenDidSelectPost(id: String(id.dropFirst(Self.rowActionPrefix.count)))
    }

    func show(rows: [FeedPostRow], errorMessage: String?) {
        self.rows = rows
        self.errorMessage = errorMessage
    }
}
