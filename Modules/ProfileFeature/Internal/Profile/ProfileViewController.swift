import Core

/// What the `profile` screen tells its coordinator.
@MainActor
protocol ProfileScreenListener: AnyObject {
    /// The screen is about to appear (Profile is shown, or the person came back from `profile.edit`); what it
    /// shows may be stale.
    func profileScreenWillAppear()

    /// The person tapped `edit`.
    func profileScreenDidTapEdit()

    /// The person tapped `more`, asking for the next page of their posts.
    func profileScreenDidTapLoadMore()

    /// The person tapped `logout`.
    func profileScreenDidTapLogOut()
}

/// The `profile` screen: the person's display name, how many posts they wrote, the actions `edit` and `logout`
/// (which a person confirms first), the list `posts` (one row per post: its text and likes), and `more` when there
/// may be another page.
final class ProfileViewController: ViewController, ProfilePresentable {
    weak var listener: (any ProfileScreenListener)?
    private var summary: ProfileSummary?
    private var posts: [ProfilePost] = []
    private var canLoadMore = false
    private var errorMessage: String?

    init() {
        super.init(screenID: "profile")
    }

    override var content: ScreenContent {
        var elements: [ScreenElement] = []
        if let summary {
            elements += [.text(summary.displayName), .text(ProfileMessage.postCount(summary.postCount))]
        }
        // The screen's own actions come before the list, so no number of posts pushes them out of reach; `more`
        // belongs to the list and follows it.
        elements += [
            .button(Button(id: "edit", title: "Edit")),
            .button(Button(id: "logout", title: "Log out", confirmation: ProfileMessage.logOutQuestion)),
        ]
        let items = posts.map { post in
            ListItem(id: post.id, title: post.text, detail: ProfileMessage.likes(post.likeCount))
        }
        elements.append(.list(ListSection(id: "posts", items: items, emptyMessage: ProfileMessage.emptyList)))
        if canLoadMore { elements.append(.button(Button(id: "more", title: "Load more"))) }
        return ScreenContent(title: "Profile", elements: elements, errorMessage: errorMessage)
    }

    override func viewWillAppear() {
        listener?.profileScreenWillAppear()
    }

    override func handleAction(_ id: String) {
        switch id {
        case "edit": listener?.profileScreenDidTapEdit()
        case "more": listener?.profileScreenDidTapLoadMore()
        case "logout": listener?.profileScreenDidTapLogOut()
        default: break
        }
    }

    func show(summary: ProfileSummary?, posts: [ProfilePost], canLoadMore: Bool) {
        self.summary = summary
        self.posts = posts
        self.canLoadMore = canLoadMore
    }

    func show(errorMessage: String?) {
        self.errorMessage = errorMessage
        // An error shown while an action is handled is that action's answer: it is refused with it.
        if let errorMessage { refuseAction(because: errorMessage) }
    }
}
