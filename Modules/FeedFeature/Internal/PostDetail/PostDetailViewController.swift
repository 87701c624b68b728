import Core

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the post detail screen tells its coordinator.
@MainActor
protocol PostDetailScreenListener: AnyObject {
    /// The user tapped `like` (`isLiked` true) or `unlike` (false): the like is
    /// set to what the screen offered, never toggled.
    func postScreenDidRequestLike(_ isLiked: Bool)
}

/// The post detail, `feed.post`: author, time, text, likes and `like` (or
/// `unlike` once liked). The
/// relative time is formatted each time the content is read.
final class PostDetailViewController: ViewController, PostDetailPresentable {
    weak var listener: (any PostDetailScreenListener)?
    private var post: PostRow?
    private let now: @MainActor () -> Date

    /// Creates the detail, formatting times as seen at `now()`.
    init(now: @escaping @MainActor () -> Date) {
        self.now = now
        super.init(screenID: "feed.post")
    }

    override var content: ScreenContent {
        guard let post else { return ScreenContent(title: "Post", errorMessage: inlineError) }
        return ScreenContent(
            title: "Post",
            elements: [
                .text("\(post.authorName) · \(post.time(at: now()))"),
                .text(post.text),
                .text(post.likes),
                // The id says what the tap does, as the title does: a script tells a like from an unlike.
                post.isLiked
                    ? .button(Button(id: "unlike", title: "Unlike")) : .button(Button(id: "like", title: "Like")),
            ],
            errorMessage: inlineError
        )
    }

    override func handleAction(_ id: String) {
        switch id {
        case "like": listener?.postScreenDidRequestLike(true)
        case "unlike": listener?.postScreenDidRequestLike(false)
        default: break
        }
    }

    func show(post: PostRow) {
        self.post = post
    }

}
