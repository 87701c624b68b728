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
/// is shown as the detail of the split whose primary column holds the feed
/// (beside the list when the split is expanded, pushed when it is collapsed)
/// or, without a split, pushed onto the enclosing navigation controller, and
/// compose is presented as a sheet. Children are detached when they leave the screen,
/// whether the feed or the user removed them.
final class FeedCoordinator: ViewableCoordinator<any FeedPresentable>, FeedCoordinating {
    weak var listener: (any FeedListener)?
    private let dependency: any FeedDependency
    private let user: FeedUser
    /// The segments, embedded for as long as the feed runs; cleared when it stops.
    private var lists: [PostListCoordinator] = []
    /// Whether pushes, pops and sheets move (on a window whose clock takes time): as the person routes, but not
    /// while a record is restored, which rebuilds the place at once, as UIKit's state restoration does.
    private var animatesRouting = true
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

    /// Where the feed is now, as the destinations that lead there from its
    /// root: its segment, then the post pushed over it or compose presented
    /// over it. The record is written from it and read back into it.
    var path: [FeedDestination] {
        var path = [FeedDestination.segment(presenter.selectedSegment)]
        if compose != nil {
            path.append(.compose)
        } else if let detail {
            path.append(.post(id: detail.postID))
        }
        return path
    }

    /// The feed's record (``FeedRestoration``): its ``path``, and compose's
    /// own record while it is presented.
    override var restorationState: RestorationState? {
        FeedRestoration.record(of: path, compose: compose?.restorationState)
    }

    /// Reads the record back into the destinations it was written from and
    /// takes the route to each in turn, as a link does (``show(_:)``); compose
    /// then puts its draft back. A post that no longer exists leaves the feed
    /// on its segment.
    override func restore(from state: RestorationState) -> RestorationResult {
        animatesRouting = false
        defer { animatesRouting = true }
        var result = RestorationResult.restored
        let path: [FeedDestination]
        let composeState: RestorationState?
        do throws(RestorationError) {
            (path, composeState) = try FeedRestoration.path(of: state, into: &result)
        } catch {
            return .nearest(because: error)
        }
        for destination in path {
            do {
                try show(destination)
            } catch {
                switch (destination, error) {
                case (.segment(let segment), _):
                    return .nearest(
                        because: .noLongerApplies("the feed cannot show its \(segment.rawValue) segment: \(error)"))
                case (.post(let id), .postNotFound):
                    result.append(.noLongerApplies("the post '\(id)' no longer exists"))
                case (.post(let id), _):
                    result.append(.noLongerApplies("the post '\(id)' cannot be shown: \(error)"))
                case (.compose, _):
                    result.append(.noLongerApplies("the compose sheet cannot be shown: \(error)"))
                }
            }
        }
        if let composeState, let compose { result.merge(compose.restore(from: composeState)) }
        return result
    }

    // MARK: - Routes

    func show(_ destination: FeedDestination) throws(FeedRouteError) {
        switch destination {
        case .segment(let segment): try showSegment(segment)
        case .post(let id): try showPost(id: id)
        case .compose: try showCompose()
        }
    }

    private func showSegment(_ segment: FeedSegment) throws(FeedRouteError) {
        try refuseIfDraftInProgress()
        do {
            try returnToFeed(selecting: segment)
        } catch {
            throw .unavailable(String(describing: error))
        }
    }

    private func showPost(id: String) throws(FeedRouteError) {
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
            if let split {
                try addChild(detail) { [animatesRouting] in try split.showDetail($0, animated: animatesRouting) }
            } else {
                try addChild(detail) { [animatesRouting] in
                    try self.viewControllerable.push($0, animated: animatesRouting)
                }
            }
            self.detail = detail
        } catch {
            throw .unavailable(String(describing: error))
        }
    }

    var holdsDraft: Bool { compose?.holdsDraft == true }

    private func showCompose() throws(FeedRouteError) {
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
        try addChild(compose) { [animatesRouting] in
            try self.viewControllerable.present($0, style: .pageSheet, animated: animatesRouting)
        }
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
        try compose.viewControllerable.dismiss(animated: animatesRouting)
        try removeChild(compose)
        self.compose = nil
    }

    private func closeDetail() throws {
        guard let detail else { return }
        if let split {
            try split.closeDetail(animated: animatesRouting)
        } else {
            try viewControllerable.pop(to: viewControllerable, animated: animatesRouting)
        }
        try removeChild(detail)
        self.detail = nil
    }

    /// The split whose primary column holds the feed's screen, when the parent
    /// shows the feed in one: the post's detail is then the split's detail.
    private var split: SplitViewController? {
        var ancestor = viewControllerable.viewController.parent
        while let current = ancestor {
            if let split = current as? SplitViewController {
                return split.primaryNavigation.viewControllers.contains { $0 === viewControllerable.viewController }
                    ? split : nil
            }
            ancestor = current.parent
        }
        return nil
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
@MainActor
enum FeedRestoration {
    static let format = RestorationFormat(kind: "feed", version: 1)
    private static let segment = "segment"
    private static let post = "post"

    /// The record of the feed at `path` (a segment, then a post or compose),
    /// with compose's own record while it is presented.
    static func record(of path: [FeedDestination], compose: RestorationState?) -> RestorationState {
        var values: [String: String] = [:]
        for destination in path {
            switch destination {
            case .segment(let selected): values[Self.segment] = selected.rawValue
            case .post(let id): values[Self.post] = id
            case .compose: break
            }
        }
        return format.record(values: values, children: compose.map { [$0] } ?? [])
    }

    /// The destinations `state` was written from, and compose's record when it
    /// holds one. A record holds a post or compose, never both: compose, which
    /// holds typed text, wins, and `result` says the post was dropped.
    ///
    /// - Throws: the ``RestorationError`` of a record of another format or
    ///   with an unknown segment.
    static func path(
        of state: RestorationState, into result: inout RestorationResult
    ) throws(RestorationError) -> (path: [FeedDestination], compose: RestorationState?) {
        try format.check(state)
        let segment = try state.value(Self.segment, as: FeedSegment.self) ?? .latest
        let compose = ComposeCoordinator.restoration.child(of: state, into: &result)
        var path = [FeedDestination.segment(segment)]
        if compose != nil {
            if let postID = state.values[post] {
                result.append(
                    .noLongerApplies("the post '\(postID)' was dropped: the compose sheet shows over the feed"))
            }
            path.append(.compose)
        } else if let postID = state.values[post] {
            path.append(.post(id: postID))
        }
        return (path, compose)
    }
}
