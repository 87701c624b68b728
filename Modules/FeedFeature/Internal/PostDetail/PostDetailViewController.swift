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
    private var errorMessage: String?
    private let now: @MainActor () -> Date

    /// Creates the detail, formatting times as seen at `now()`.
    init(now: @escaping @MainActor () -> Date) {
        self.now = now
        super.init(screenID: "feed.post")
    }

    override var content: ScreenContent {
        guard let post else { return ScreenContent(title: "Post", errorMessage: errorMessage) }
        return ScreenContent(
            title: "Post",
            elements: [
                .text("\(post.authorName) · \(post.time(at: now()))"),
                .text(post.text),
                .text(post.likes),
                .button(Button(id: "like", title: post.isLiked ? "Unlike" : "Like")),
            ],
            errorMessage: errorMessage
        )
    }

    override func handleAction(_ id: String) {
        if id == "like" { listener?.postScreenDidTapLike() }
    }

    func show(post: PostRow) {
        self.post = post
    }

    func show(errorMessage: String?) {
        self.errorMessage = errorMessage
        // An error shown while an action is handled is that action's answer: it is refused with it.
        if let errorMessage { refuseAction(because: errorMessage) }
    }
}
