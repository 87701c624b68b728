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
                screen: FeedListViewController(segment: segment, now: { [dependency] in dependency.now }),
                segment: segment,
                dependency: dependency,
                user: user
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

    func showSegment(_ segment: FeedSegment) throws(FeedRouteError) {
        try refuseIfDraftInProgress()
        returnToFeed(selecting: segment)
    }

    func showPost(id: String) throws(FeedRouteError) {
        let post: FeedPost?
        do throws(FeedServiceError) {
            post = try dependency.posts.post(id: id, for: user)
        } catch {
            switch error {
            case .postNotFound: throw .postNotFound(id)
            case .unavailable(let reason): throw .unavailable(reason)
            }
        }
        guard let post else { throw .postNotFound(id) }
        try refuseIfDraftInProgress()
        do {
            try returnToFeed()
            let detail = FeedPostCoordinator(
                screen: FeedPostViewController(now: { [dependency] in dependency.now }),
                post: post,
                dependency: dependency,
                user: user
            )
            try addChild(detail) { try self.viewControllerable.push($0) }
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
            try addChild(compose) { try self.viewControllerable.present($0, style: .pageSheet) }
            self.compose = compose
            presenter.show(errorMessage: nil)
        } catch {
            presenter.show(errorMessage: FeedMessage.cannotShow(error))
        }
    }

    // MARK: - Children

    /// Throws ``FeedRouteError/draftInProgress`` while compose holds a
    /// non-empty draft, which closing it would lose.
    private func refuseIfDraftInProgress() throws(FeedRouteError) {
        if compose?.holdsDraft == true { throw .draftInProgress }
    }

    /// Closes what is in the way and shows `segment`; reports a failing
    /// navigation on the screen.
    private func returnToFeed(selecting segment: FeedSegment) {
        do {
            try returnToFeed()
            try presenter.select(segment)
            presenter.show(errorMessage: nil)
        } catch {
            presenter.show(errorMessage: FeedMessage.cannotShow(error))
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

    /// Reloads both lists: compose is a sheet over the feed, so closing it
    /// makes no list appear again.
    private func reloadLists() {
        for list in lists { list.reload() }
    }
}

extension FeedCoordinator: FeedScreenListener {
    func feedScreenDidSelect(_ segment: FeedSegment) {
        do throws(FeedRouteError) {
            try showSegment(segment)
        } catch {
            presenter.show(errorMessage: FeedMessage.message(for: error))
        }
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

extension FeedCoordinator: FeedComposeListener {
    func composeDidPublish(_ post: FeedPost) {
        reloadLists()
        returnToFeed(selecting: .latest)
    }

    func composeDidCancel() {
        do {
            try closeCompose()
        } catch {
            presenter.show(errorMessage: FeedMessage.cannotShow(error))
        }
    }
}
