import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
/// Relative times are formatted with the clock's time when the content is read (again once one of them changes).
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
        if let shown, shown.errorMessage == inlineError, shown.readAt <= moment, moment < shown.changesAt {
            return shown.content
        }
        var changesAt = Date.distantFuture
        let items = rows.map { row in
            let time = RelativeTime.textAndChange(for: row.createdAt, now: moment)
            changesAt = min(changesAt, time.changesAt)
            return ListItem(
                id: row.id,
                title: row.authorName,
                subtitle: row.text,
                detail: time.text + " · " + row.likes,
                actionID: Self.rowActionPrefix + row.id,
                isMarked: row.isLiked
            )
        }
        var elements: [ScreenElement] = [
            .list(ListSection(id: "posts", items: items, emptyMessage: FeedMessage.emptyList))
        ]
        if canLoadMore { elements.append(.button(Button(id: "more", title: "Load more"))) }
        let content = ScreenContent(title: segment.title, elements: elements, errorMessage: inlineError)
        shown = (content, inlineError, moment, changesAt)
        return content
    }

    /// The content last read, the error it showed, when it was read and the first moment after that a row's time
    /// reads differently: until then, and until the rows or the error change, it is what a read returns. The
    /// content is read for every snapshot and every action looked up, and a list holds a page of twenty rows.
    private var shown: (content: ScreenContent, errorMessage: String?, readAt: Date, changesAt: Date)?

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
        shown = nil
        showInlineError(errorMessage)
    }
}
