import Core

/// What the post detail's coordinator tells its screen.
@MainActor
protocol PostDetailPresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any PostDetailScreenListener)? { get set }

    /// Shows `post`.
    func show(post: PostRow)

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func showInlineError(_ message: String?)
}

/// What the post detail tells the coordinator that shows it.
@MainActor
protocol PostDetailListener: AnyObject {
    /// The person liked or unliked the post: `post` is as stored now.
    func postDetailDidChange(_ post: FeedPost)
}

/// A post's detail: shows it and likes or unlikes it for the user, and tells
/// its listener, so a list shown beside it (a wide split) shows the change at
/// once; a list under it picks the change up when it appears again.
final class PostDetailCoordinator: ViewableCoordinator<any PostDetailPresentable> {
    /// Hears the likes. Held weakly.
    weak var listener: (any PostDetailListener)?
    private var post: FeedPost
    private let dependency: any FeedDependency
    private let user: FeedUser

    /// Creates the detail of `post` around `screen`.
    init(
        screen: some ViewControllerable & PostDetailPresentable,
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

    /// The id of the post shown.
    var postID: String { post.id }

    override func didStart() {
        presenter.show(post: PostRow(post: post))
    }
}

extension PostDetailCoordinator: PostDetailScreenListener {
    func postScreenDidRequestLike(_ isLiked: Bool) {
        do throws(FeedServiceError) {
            post = try dependency.posts.setLike(isLiked, postID: post.id, by: user)
        } catch {
            presenter.showInlineError(FeedMessage.message(for: error))
            return
        }
        presenter.show(post: PostRow(post: post))
        presenter.showInlineError(nil)
        listener?.postDetailDidChange(post)
    }
}
