import Core
import Foundation

/// What the post detail screen tells its coordinator.
@MainActor
protocol PostDetailScreenListener: AnyObject {
    /// The user tapped `like` (which likes or unlikes).
    func postScreenDidTapLike()
}

/// The post detail, `feed.post`: author, time, text, likes and `like`. The
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
                .button(Button(id: "like", title: post.isLiked ? "Unlike" : "Like")),
            ],
            errorMessage: inlineError
        )
    }

    override func handleAction(_ id: String) {
        if id == "like" { listener?.postScreenDidTapLike() }
    }

    func show(post: PostRow) {
        self.post = post
    }

}
