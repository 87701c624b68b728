import Core
import Foundation

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
}

extension FeedComposeCoordinator: FeedComposeScreenListener {
    func composeScreenDidRequestPost(text: String) {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return }
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
