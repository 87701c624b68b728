import Core

/// A post's detail: shows it and likes or unlikes it for the user. The lists
/// pick the change up when they appear again.
final class FeedPostCoordinator: ViewableCoordinator<any FeedPostPresentable> {
    private var post: FeedPost
    private let dependency: any FeedDependency
    private let user: FeedUser

    /// Creates the detail of `post` around `screen`.
    init(
        screen: some ViewControllerable & FeedPostPresentable,
        post: FeedPost,
        dependency: any FeedDependency,
        user: FeedUser
    ) {
        self.post = post
        self.dependency = dependency
        self.user = user
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    override func didStart() {
        presenter.show(post: FeedPostRow(post: post))
    }
}

extension FeedPostCoordinator: FeedPostScreenListener {
    func postScreenDidTapLike() {
        do throws(FeedServiceError) {
            post = try dependency.posts.setLike(!post.isLiked, postID: post.id, by: user)
        } catch {
            presenter.show(errorMessage: FeedMessage.message(for: error))
            return
        }
        presenter.show(post: FeedPostRow(post: post))
        presenter.show(errorMessage: nil)
    }
}
