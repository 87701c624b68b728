import Core
import InputRules

/// What compose tells the feed, which then dismisses and detaches it.
@MainActor
protocol ComposeListener: AnyObject {
    /// `post` was published.
    func composeDidPublish(_ post: FeedPost)

    /// The user cancelled or discarded the draft.
    func composeDidCancel()
}

/// What the compose coordinator tells its screen.
@MainActor
protocol ComposePresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any ComposeScreenListener)? { get set }

    /// Whether the user has typed a draft that is not blank, which closing
    /// the sheet would lose.
    var holdsDraft: Bool { get }

    /// The draft as typed.
    var draft: String { get }

    /// Puts `draft` back into the field, as if the person had typed it.
    func show(draft: String)

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func showInlineError(_ message: String?)
}

/// Compose: publishes the draft as the user's post.
final class ComposeCoordinator: ViewableCoordinator<any ComposePresentable> {
    weak var listener: (any ComposeListener)?
    private let posts: any FeedPostService
    private let user: FeedUser

    /// Creates compose around `screen`, publishing as `user`.
    init(screen: some ViewControllerable & ComposePresentable, posts: any FeedPostService, user: FeedUser) {
        self.posts = posts
        self.user = user
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    /// Whether the sheet holds a draft that is not blank, which closing it
    /// would lose.
    var holdsDraft: Bool { presenter.holdsDraft }

    /// The kind and version compose's records go by.
    static let restoration = RestorationFormat(kind: "feed.compose", version: 1)
    private static let textKey = "text"

    /// Compose's record: kind `feed.compose`, version 1, the value `text`
    /// (the draft as typed, possibly empty).
    override var restorationState: RestorationState? {
        Self.restoration.record(values: [Self.textKey: presenter.draft])
    }

    /// Puts the recorded draft back.
    override func restore(from state: RestorationState) -> RestorationResult {
        do throws(RestorationError) {
            try Self.restoration.check(state)
            presenter.show(draft: try state.value(Self.textKey))
            return .restored
        } catch {
            return .nearest(because: error)
        }
    }
}

extension ComposeCoordinator: ComposeScreenListener {
    func composeScreenDidRequestPost(text: String) {
        if let problem = PostText.problem(text) {
            presenter.showInlineError(problem)
            return
        }
        let text = PostText.normalized(text)
        let post: FeedPost
        do throws(FeedServiceError) {
            post = try posts.publish(text: text, by: user)
        } catch {
            presenter.showInlineError(FeedMessage.message(for: error))
            return
        }
        listener?.composeDidPublish(post)
    }

    func composeScreenDidCancel() {
        listener?.composeDidCancel()
    }
}
