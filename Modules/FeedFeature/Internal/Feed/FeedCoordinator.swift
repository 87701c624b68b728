import Core

/// What the feed coordinator tells the `feed` screen.
@MainActor
protocol FeedPresentable: AnyObject {
    /// Receives what the user does on the screen. Held weakly by the screen.
    var listener: (any FeedScreenListener)? { get set }

    /// The segment whose screen is visible.
    var selectedSegment: FeedSegment { get }

    /// Embeds one screen per segment, in ``FeedSegment/allCases`` order, and
    /// shows the one of `segment`.
    func embed(_ screens: [any ViewControllerable], selecting segment: FeedSegment) throws(NavigationError)

    /// Shows the embedded screen of `segment`.
    func select(_ segment: FeedSegment) throws(NavigationError)

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func showInlineError(_ message: String?)
}

/// The feed. It owns the `feed` container screen and decides how each child
/// is shown: the two segments are embedded in the container, a post's detail
/// is pushed onto the enclosing navigation controller, and compose is
/// presented as a sheet. Children are detached when they leave the screen,
/// whether the feed or the user removed them.
final class FeedCoordinator: ViewableCoordinator<any FeedPresentable>, FeedCoordinating {
    /// The name the app's `tree` and `state` print, kept as written whatever the class is called.
    override var name: String { "FeedCoordinator" }

    weak var listener: (any FeedListener)?
    private let dependency: any FeedDependency
    private let user: FeedUser
    /// The segments, embedded for as long as the feed runs; cleared when it stops.
    private var lists: [PostListCoordinator] = []
    /// The pushed post detail; cleared when it is detached.
    private weak var detail: PostDetailCoordinator?
    /// The presented compose sheet; cleared when it is detached.
    private weak var compose: ComposeCoordinator?

    /// Creates the feed for `user` around `screen`.
    init(screen: some ViewControllerable & FeedPresentable, dependency: any FeedDependency, user: FeedUser) {
        self.dependency = dependency
        self.user = user
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    override func didStart() {
        let lists = FeedSegment.allCases.map { segment in
            let list = PostListCoordinator(
                screen: PostListViewController(segment: segment, now: { [dependency] in dependency.now }),
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
            presenter.showInlineError(FeedMessage.cannotShow(error))
        }
    }

    override func didStop() {
        lists = []
    }

    override func userDidRemove(_ child: any Coordinating) {
        if child === detail { detail = nil }
        if child === compose { compose = nil }
    }

    // MARK: - Restoration

    /// The feed's record (``FeedRestoration``): the segment, the pushed post,
    /// and compose's own record while it is presented.
    override var restorationState: RestorationState? {
        var values = [FeedRestoration.segment: presenter.selectedSegment.rawValue]
        if let detail { values[FeedRestoration.post] = detail.postID }
        return FeedRestoration.format.record(values: values, children: compose?.restorationState.map { [$0] } ?? [])
    }

    /// Selects the segment, then takes the routes a tap takes: the post
    /// through ``showPost(id:)``, compose through the same presentation as
    /// `compose`, which then puts its draft back. A post that no longer exists
    /// leaves the feed on its segment.
    override func restore(from state: RestorationState) -> RestorationResult {
        let segment: FeedSegment
        do throws(RestorationError) {
            try FeedRestoration.format.check(state)
            segment = try state.value(FeedRestoration.segment, as: FeedSegment.self) ?? .latest
        } catch {
            return .nearest(because: error)
        }
        do {
            try showSegment(segment)
        } catch {
            return .nearest(because: .noLongerApplies("the feed cannot show its \(segment.rawValue) segment: \(error)"))
        }
        var result = RestorationResult.restored
        let composeState = ComposeCoordinator.restoration.child(of: state, into: &result)
        if let postID = state.values[FeedRestoration.post], composeState != nil {
            // The feed writes a post or the compose sheet, never both: the sheet, which holds typed text, wins.
            result.append(.noLongerApplies("the post '\(postID)' was dropped: the compose sheet shows over the feed"))
        } else if let postID = state.values[FeedRestoration.post] {
            do {
                try showPost(id: postID)
            } catch {
                switch error {
                case .postNotFound: result.append(.noLongerApplies("the post '\(postID)' no longer exists"))
                default: result.append(.noLongerApplies("the post '\(postID)' cannot be shown: \(error)"))
                }
            }
        }
        if let composeState {
            do {
                try presentCompose()
            } catch {
                result.append(.noLongerApplies("the compose sheet cannot be shown: \(error)"))
                return result
            }
            if let compose { result.merge(compose.restore(from: composeState)) }
        }
        return result
    }

    // MARK: - Routes

    func showSegment(_ segment: FeedSegment) throws(FeedRouteError) {
        try refuseIfDraftInProgress()
        do {
            try returnToFeed(selecting: segment)
        } catch {
            throw .unavailable(String(describing: error))
        }
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
            let detail = PostDetailCoordinator(
                screen: PostDetailViewController(now: { [dependency] in dependency.now }),
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

    var holdsDraft: Bool { compose?.holdsDraft == true }

    func showCompose() throws(FeedRouteError) {
        do {
            try presentCompose()
        } catch {
            throw .unavailable(String(describing: error))
        }
    }

    // MARK: - Children

    /// Throws ``FeedRouteError/draftInProgress`` while compose holds a
    /// non-empty draft, which closing it would lose.
    private func refuseIfDraftInProgress() throws(FeedRouteError) {
        if compose?.holdsDraft == true { throw .draftInProgress }
    }

    /// Closes what is in the way and shows `segment`.
    private func returnToFeed(selecting segment: FeedSegment) throws {
        try returnToFeed()
        try presenter.select(segment)
        presenter.showInlineError(nil)
    }

    /// Presents compose as a sheet, unless it is presented already (then it
    /// stays, with its draft); pops the detail first.
    private func presentCompose() throws {
        guard compose == nil else { return }
        try closeDetail()
        let compose = ComposeCoordinator(
            screen: ComposeViewController(),
            posts: dependency.posts,
            user: user
        )
        compose.listener = self
        try addChild(compose) { try self.viewControllerable.present($0, style: .pageSheet) }
        self.compose = compose
        presenter.showInlineError(nil)
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

    /// Runs `navigation`, showing why it failed on the `feed` screen: the
    /// feed was built in a place that cannot push or present.
    private func showOnScreenIfFailing(_ navigation: () throws -> Void) {
        do {
            try navigation()
        } catch {
            presenter.showInlineError(FeedMessage.cannotShow(error))
        }
    }

    /// Reloads both lists: compose is a sheet over the feed, so closing it
    /// makes no list appear again.
    private func reloadLists() {
        for list in lists { list.reload() }
    }
}

// The person's taps take the routes a parent takes; what a parent would be
// told by a thrown error, the person is shown on the `feed` screen.
extension FeedCoordinator: FeedScreenListener {
    func feedScreenDidSelect(_ segment: FeedSegment) {
        do throws(FeedRouteError) {
            try refuseIfDraftInProgress()
        } catch {
            presenter.showInlineError(FeedMessage.message(for: error))
            return
        }
        showOnScreenIfFailing { () throws in try returnToFeed(selecting: segment) }
    }

    func feedScreenDidTapCompose() {
        showOnScreenIfFailing { () throws in try presentCompose() }
    }
}

extension FeedCoordinator: PostListListener {
    func listDidSelectPost(id: String) {
        do throws(FeedRouteError) {
            try showPost(id: id)
            presenter.showInlineError(nil)
        } catch {
            presenter.showInlineError(FeedMessage.message(for: error))
        }
    }

    func listWillAppear(_ segment: FeedSegment) {
        if segment == .latest { listener?.feedDidShowLatest() }
    }
}

extension FeedCoordinator: ComposeListener {
    func composeDidPublish(_ post: FeedPost) {
        reloadLists()
        showOnScreenIfFailing { () throws in try returnToFeed(selecting: .latest) }
    }

    func composeDidCancel() {
        showOnScreenIfFailing { () throws in try closeCompose() }
    }
}

/// The feed's restoration record: kind `feed`, version 1, the values
/// `segment` (`latest` or `popular`) and `post` (the pushed post's id, absent
/// when none is pushed), and compose's record as its only child while compose
/// is presented.
enum FeedRestoration {
    static let format = RestorationFormat(kind: "feed", version: 1)
    static let segment = "segment"
    static let post = "post"
}
