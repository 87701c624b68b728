import Core

/// The post detail, `feed.post`: author, time, text, likes and `like`.
final class FeedPostViewController: ViewController, FeedPostPresentable {
    weak var listener: (any FeedPostScreenListener)?
    private var post: FeedPostRow?
    private var errorMessage: String?

    init() {
        super.init(screenID: "feed.post")
    }

    override var content: ScreenContent {
        guard let post else { return ScreenContent(title: "Post", errorMessage: errorMessage) }
        return ScreenContent(
            title: "Post",
            elements: [
                .text("\(post.authorName) · \(post.time)"),
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

    func show(post: FeedPostRow) {
        self.post = post
    }

    func show(errorMessage: String?) {
        self.errorMessage = errorMessage
    }
}
