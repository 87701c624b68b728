import Core
import InputRules

/// Compose: publishes the draft as the user's post.
final class FeedComposeCoordinator: ViewableCoordinator<any FeedComposePresentable> {
    weak var listener: (any FeedComposeListener)?
    private let posts: any FeedPostService
    private let user: FeedUser

    /// Creates compose around `screen`, publishing as `user`.
    init(screen: some ViewControllerable & FeedComposePresentable, posts: any FeedPostService, user: FeedUser) {
        self.posts = posts
        self.user = user
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    /// Whether the sheet holds a draft that is not empty, which closing it
    /// would lose.
    var holdsDraft: Bool { presenter.holdsDraft }
}

extension FeedComposeCoordinator: FeedComposeScreenListener {
    func composeScreenDidRequestPost(text: String) {
        if let problem = PostText.problem(text) {
            presenter.show(errorMessage: problem)
            return
        }
        let text = PostText.normalized(text)
        let post: FeedPost
        do throws(FeedServiceError) {
            post = try posts.publish(text: text, by: user)
        } catch {
            presenter.show(errorMessage: FeedMessage.message(for: error))
            return
        }
        listener?.composeDidPublish(post)
    }

    func composeScreenDidCancel() {
        listener?.composeDidCancel()
    }
}
