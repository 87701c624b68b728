import Core

/// The feed. It owns the `feed` container screen and decides how each child
/// is shown: the two segments are embedded in the container, a post's detail
/// is pushed onto the enclosing navigation controller, and compose is
/// presented as a sheet. Children are detached when they leave the screen,
/// whether the feed or the user removed them.
final class FeedCoordinator: ViewableCoordinator<any FeedPresentable>, FeedCoordinating {
    weak var listener: (any FeedListener)?
    private let dependency: any FeedDependency
    private let user: FeedUser
    /// The segments, embedded for as long as the feed runs; cleared when it stops.
    private var lists: [FeedListCoordinator] = []
    /// The pushed post detail; cleared when it is detached.
    private weak var detail: FeedPostCoordinator?
    /// The presented compose sheet; cleared when it is detached.
    private weak var compose: FeedComposeCoordinator?

    /// Creates the feed for `user` around `screen`.
    init(screen: some ViewControllerable & FeedPresentable, dependency: any FeedDependency, user: FeedUser) {
        self.dependency = dependency
        self.user = user
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    override func didStart() {
        let lists = FeedSegment.allCases.map { segment in
            let list = FeedListCoordinator(
                screen: FeedListViewController(segment: segment),
                segment: segment,
                dependency: dependency
            )
            list.listener = self
            return list
        }
        do {
            for list in lists { try addChild(list) }
            try presenter.embed(lists.map(\.viewControllerable), selecting: .latest)
            self.lists = lists
        } catch {
            for list in lists where list.parent === self { try? removeChild(list) }
            presenter.show(errorMessage: FeedMessage.cannotShow(error))
        }
    }

    override func didStop() {
        lists = []
    }

    override func userDidRemove(_ child: any Coordinating) {
        if child === detail { detail = nil }
        if child === compose { compose = nil }
    }

    // MARK: - Routes

    func showSegment(_ segment: FeedSegment) {
        do {
            try returnToFeed()
            try presenter.select(segment)
            presenter.show(errorMessage: nil)
        } catch {
            presenter.show(errorMessage: FeedMessage.cannotShow(error))
        }
    }

    func showPost(id: String) throws(FeedRouteError) {
        let post: FeedPost?
        do throws(FeedServiceError) {
            post = try dependency.posts.post(id: id)
        } catch {
            switch error {
            case .unavailable(let reason): throw .unavailable(reason)
            }
        }
        guard let post else { throw .postNotFound(id) }
        do {
            try returnToFeed()
            let detail = FeedPostCoordinator(
                screen: FeedPostViewController(),
                post: post,
                dependency: dependency,
                user: user
            )
            detail.listener = self
            try attach(detail) { screen in try viewControllerable.push(screen) }
            self.detail = detail
        } catch {
            throw .unavailable(String(describing: error))
        }
    }

    func showCompose() {
        guard compose == nil else { return }
        do {
            try closeDetail()
            let compose = FeedComposeCoordinator(
                screen: FeedComposeViewController(),
                posts: dependency.posts,
                user: user
            )
            compose.listener = self
            try attach(compose) { screen in try viewControllerable.present(screen, style: .pageSheet) }
            self.compose = compose
            presenter.show(errorMessage: nil)
        } catch {
            presenter.show(errorMessage: FeedMessage.cannotShow(error))
        }
    }

    // MARK: - Children

    /// Attaches `child`, then shows its screen with `show`; if showing fails,
    /// detaches the child again so the tree matches the screens.
    private func attach(
        _ child: any ViewableCoordinating,
        showing show: (any ViewControllerable) throws -> Void
    ) throws {
        try addChild(child)
        do {
            try show(child.viewControllerable)
        } catch {
            try? removeChild(child)
            throw error
        }
    }

    /// Dismisses compose and pops the detail, so the feed is on top.
    private func returnToFeed() throws {
        try closeCompose()
        try closeDetail()
    }

    private func closeCompose() throws {
        guard let compose else { return }
        try compose.viewControllerable.dismiss()
        try removeChild(compose)
        self.compose = nil
    }

    private func closeDetail() throws {
        guard let detail else { return }
        try viewControllerable.pop(to: viewControllerable)
        try removeChild(detail)
        self.detail = nil
    }

    private func reloadLists() {
        for list in lists { list.reload() }
    }
}

extension FeedCoordinator: FeedScreenListener {
    func feedScreenDidSelect(_ segment: FeedSegment) {
        showSegment(segment)
    }

    func feedScreenDidTapCompose() {
        showCompose()
    }

    func feedScreenDidTapLogOut() {
        listener?.feedDidLogOut()
    }
}

extension FeedCoordinator: FeedListListener {
    func listDidSelectPost(id: String) {
        do throws(FeedRouteError) {
            try showPost(id: id)
            presenter.show(errorMessage: nil)
        } catch {
            presenter.show(errorMessage: FeedMessage.message(for: error))
        }
    }
}

extension FeedCoordinator: FeedPostListener {
    func postDidChange(_ post: FeedPost) {
        reloadLists()
    }
}

extension FeedCoordinator: FeedComposeListener {
    func composeDidPublish(_ post: FeedPost) {
        reloadLists()
        showSegment(.latest)
    }

    func composeDidCancel() {
        do {
            try closeCompose()
        } catch {
            presenter.show(errorMessage: FeedMessage.cannotShow(error))
        }
    }
}
