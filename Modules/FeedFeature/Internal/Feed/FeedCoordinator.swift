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

    // MARK: - Paths

    /// Where the feed is now, as Core's path planner reads it from the feed's
    /// own screen: the selected segment as the path's tab (the segments are
    /// the lists the feed's screen switches between, over one stack), then
    /// the post pushed over it (or shown in the split's secondary column,
    /// wide or narrow) as `post/<id>`, and compose presented over it as
    /// `compose`. The record is written from it, and links and restoration
    /// plan from it.
    var path: NavigationPath {
        var path = NavigationPath(above: viewControllerable.viewController) { [detail, compose] screen in
            if let detail, screen === detail.viewControllerable.viewController { return FeedPlace.post(detail.postID) }
            if let compose, screen === compose.viewControllerable.viewController { return FeedPlace.compose }
            return screen.screenID
        }
        path.tab = presenter.selectedSegment.rawValue
        return path
    }

    /// The path that shows `destination`: its segment with nothing over it,
    /// or the post or compose over the selected segment.
    static func target(of destination: FeedDestination) -> NavigationPath {
        switch destination {
        case .segment(let segment): NavigationPath(tab: segment.rawValue)
        case .post(let id): NavigationPath([.push(FeedPlace.post(id))])
        case .compose: NavigationPath([.present(FeedPlace.compose, .pageSheet)])
        }
    }

    /// The planner's steps from where the feed is to `target`. The segments
    /// share the feed's stack, so a segment change keeps what is pushed until
    /// the plan pops it.
    private func plan(to target: NavigationPath) -> NavigationPlan {
        let start = path
        let stack = start.routes.prefix { !$0.isPresentation }.map(\.place)
        return NavigationPlan(from: start, to: target, tabStacks: target.tab.map { [$0: stack] } ?? [:])
    }

    // MARK: - Restoration

    /// The feed's record (``FeedRestoration``): its ``path``, and compose's
    /// own record while it is presented.
    override var restorationState: RestorationState? {
        FeedRestoration.record(of: path, compose: compose?.restorationState)
    }

    /// Reads the record back into the path it was written from and takes the
    /// planner's steps there from where the feed is (its root, for a feed
    /// just built), at once rather than animated; compose then puts its draft
    /// back. The record's post is looked up first: a post that no longer
    /// exists (or cannot be read) is dropped from the path, so the feed ends
    /// on its segment, closing the post open before, and the result says so.
    override func restore(from state: RestorationState) -> RestorationResult {
        animatesRouting = false
        defer { animatesRouting = true }
        var result = RestorationResult.restored
        var target: NavigationPath
        let composeState: RestorationState?
        do throws(RestorationError) {
            (target, composeState) = try FeedRestoration.target(of: state, into: &result)
        } catch {
            return .nearest(because: error)
        }
        var post: FeedPost?
        if let id = target.routes.lazy.compactMap({ FeedPlace.postID(of: $0.place) }).first {
            do throws(FeedRouteError) {
                post = try findPost(id: id)
            } catch {
                target.routes.removeAll { $0.place == FeedPlace.post(id) }
                result.append(.noLongerApplies(Self.postLost(id, because: error)))
            }
        }
        do throws(FeedRouteError) {
            try take(plan(to: target), post: post)
        } catch {
            switch failedStep {
            case .selectTab(let segment)?:
                return .nearest(because: .noLongerApplies("the feed cannot show its \(segment) segment: \(error)"))
            case .push(let places)?, .setStack(_, let places)?:
                let id = places.compactMap(FeedPlace.postID(of:)).first ?? ""
                result.append(.noLongerApplies(Self.postLost(id, because: error)))
            case .present?:
                result.append(.noLongerApplies("the compose sheet cannot be shown: \(error)"))
            case .dismiss?, .popTo?, nil:
                result.append(.noLongerApplies("the feed cannot return to its segment: \(error)"))
            }
        }
        if let composeState, let compose { result.merge(compose.restore(from: composeState)) }
        return result
    }

    /// Why restoration lost the post `id`, for `error`.
    private static func postLost(_ id: String, because error: FeedRouteError) -> String {
        error == .postNotFound(id) ? "the post '\(id)' no longer exists" : "the post '\(id)' cannot be shown: \(error)"
    }

    // MARK: - Routes

    /// Plans the steps from where the feed is to `destination` with Core's
    /// planner and takes them: a post is looked up first, and a plan that
    /// would close compose while it holds a draft is refused, both before
    /// anything changes.
    func show(_ destination: FeedDestination) throws(FeedRouteError) {
        var post: FeedPost?
        if case .post(let id) = destination { post = try findPost(id: id) }
        let shownBefore = shownSegment
        try take(plan(to: Self.target(of: destination)), post: post)
        if case .segment(let segment) = destination {
            presenter.showInlineError(nil)
            if segment == shownBefore { readAgain(segment) }
        }
    }

    /// The segment whose list is on screen, if one is: the selected one, with nothing over it.
    private var shownSegment: FeedSegment? {
        lists.first { $0.viewControllerable.viewController.appearanceState == .appeared }?.segment
    }

    /// Reads the list of `segment` again, which stayed on screen through a route to it (the person asked for it
    /// again): a list reloads only as it appears, so this is how posts published meanwhile show. Latest, read
    /// again, is looked at as when it appears.
    private func readAgain(_ segment: FeedSegment) {
        guard let list = lists.first(where: { $0.segment == segment }) else { return }
        list.reload()
        if segment == .latest { listener?.feedDidShowLatest() }
    }

    var holdsDraft: Bool { compose?.holdsDraft == true }

    var isShowingLatest: Bool { shownSegment == .latest }

    /// The step of the last plan that was refused, if any: restoration says
    /// which place it lost.
    private var failedStep: NavigationStep?

    /// Takes `plan`'s steps in order, at once within this routing turn (each
    /// one transition, which the feed's screens allow together), and stops at
    /// the first refused. `post` is the post a push shows, when it was looked
    /// up already; `closingDraft` lets the plan close compose with its draft.
    ///
    /// - Throws: ``FeedRouteError/draftInProgress`` before anything changes
    ///   when the plan closes compose while it holds a draft; the first
    ///   step's ``FeedRouteError``.
    private func take(
        _ plan: NavigationPlan, post: FeedPost? = nil, closingDraft: Bool = false
    ) throws(FeedRouteError) {
        failedStep = nil
        if !closingDraft, plan.steps.contains(where: { if case .dismiss = $0 { true } else { false } }) {
            try refuseIfDraftInProgress()
        }
        // A segment is selected at once, and nothing takes it back: while the screens move, the pop after it would
        // be refused, so the plan is refused before it selects anything.
        if let select = plan.steps.firstIndex(where: { if case .selectTab = $0 { true } else { false } }),
            select < plan.steps.count - 1, viewControllerable.viewController.window?.isIdle == false
        {
            failedStep = plan.steps[select]
            throw .unavailable("\(NavigationError.transitionInProgress)")
        }
        for step in plan.steps {
            do {
                try take(step, post: post)
            } catch {
                failedStep = step
                throw error
            }
        }
    }

    /// Takes one planned step with the feed's children: the post's detail is
    /// attached as it is shown and detached as it closes, and so is compose.
    private func take(_ step: NavigationStep, post: FeedPost?) throws(FeedRouteError) {
        do {
            switch step {
            case .dismiss(keeping: 0):
                try closeCompose()
            case .selectTab(let id):
                guard let segment = FeedSegment(rawValue: id) else {
                    throw FeedRouteError.unavailable("the feed has no \(id) segment")
                }
                try presenter.select(segment)
            case .popTo(keeping: 0):
                try closeDetail()
            case .popTo(let keeping):
                try pop(keeping: keeping)
            case .push(let places) where places.count == 1:
                try showDetail(of: self.post(at: places[0], found: post), replacing: false)
            case .setStack(keeping: 0, let places) where places.count == 1:
                try showDetail(of: self.post(at: places[0], found: post), replacing: true)
            case .push(let places), .setStack(_, let places):
                throw FeedRouteError.unavailable(
                    "the feed shows one post at a time, over its list: not \(places.joined(separator: ", "))")
            case .present(FeedPlace.compose, _):
                try presentCompose()
            case .present(let place, _):
                throw FeedRouteError.unavailable("the feed presents only compose, not \(place)")
            case .dismiss:
                throw FeedRouteError.unavailable(
                    "a sheet over compose is the flow's that presented it to close, not the feed's")
            }
        } catch let error as FeedRouteError {
            throw error
        } catch {
            throw .unavailable(String(describing: error))
        }
    }

    /// The post that the place `post/<id>` names: `found` when it is that
    /// post, or the one the service finds.
    private func post(at place: String, found: FeedPost?) throws(FeedRouteError) -> FeedPost {
        guard let id = FeedPlace.postID(of: place) else { throw .unavailable("no post at \(place)") }
        if let found, found.id == id { return found }
        return try findPost(id: id)
    }

    /// The post `id`, as the service finds it for the user.
    private func findPost(id: String) throws(FeedRouteError) -> FeedPost {
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
        return post
    }

    // MARK: - Children

    /// Throws ``FeedRouteError/draftInProgress`` while compose holds a
    /// non-empty draft, which closing it would lose.
    private func refuseIfDraftInProgress() throws(FeedRouteError) {
        if compose?.holdsDraft == true { throw .draftInProgress }
    }

    /// Shows `post`'s detail: pushed (in a collapsed split, onto its one
    /// stack), or as the detail of an expanded split. `replacing` puts it in
    /// place of the open post in one change (set-all) rather than over it.
    private func showDetail(of post: FeedPost, replacing: Bool) throws {
        let previous = detail
        let detail = PostDetailCoordinator(
            screen: PostDetailViewController(now: { [dependency] in dependency.now }),
            post: post,
            dependency: dependency,
            user: user
        )
        detail.listener = self
        let feedScreen = viewControllerable.viewController
        if let split, !split.isCollapsed || !replacing {
            try addChild(detail) { [animatesRouting] in try split.showDetail($0, animated: animatesRouting) }
        } else if replacing, let stack = feedScreen.enclosingNavigationController,
            let index = stack.viewControllers.firstIndex(where: { $0 === feedScreen })
        {
            try addChild(detail) { [animatesRouting] in
                try stack.setStack(Array(stack.viewControllers[...index]) + [$0], animated: animatesRouting)
            }
        } else {
            try addChild(detail) { [animatesRouting] in
                try self.viewControllerable.push($0, animated: animatesRouting)
            }
        }
        if let previous, previous.parent === self { try removeChild(previous) }
        self.detail = detail
    }

    /// Presents compose as a sheet.
    private func presentCompose() throws {
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

    /// Dismisses compose, the one sheet the feed presents; a sheet another
    /// flow presented over the feed is that flow's to close, and stays.
    private func closeCompose() throws {
        guard let compose else { return }
        try compose.viewControllerable.dismiss(animated: animatesRouting)
        try removeChild(compose)
        self.compose = nil
    }

    /// The screens on the feed's ``path``, in its order: the screens pushed
    /// above the feed's screen (a split's secondary column after its primary
    /// one), then the screens presented over it.
    private var screensOnPath: [ViewController] {
        var screens: [ViewController] = []
        _ = NavigationPath(above: viewControllerable.viewController) { screen in
            screens.append(screen)
            return screen.screenID
        }
        return screens
    }

    /// Pops what is pushed above the first `keeping` screens over the feed's
    /// screen (screens another flow pushed over the post): in the secondary
    /// column of an expanded split when the kept screen is there, otherwise
    /// on the stack that holds it (closing an expanded split's detail first).
    /// The post's detail is detached when it goes.
    private func pop(keeping: Int) throws {
        let onPath = screensOnPath
        guard keeping > 0, keeping <= path.routes.prefix(while: { !$0.isPresentation }).count else {
            throw FeedRouteError.unavailable("the feed holds fewer than \(keeping) screens over its list")
        }
        let kept = onPath[keeping - 1]
        if let split, !split.isCollapsed, split.secondaryNavigation.viewControllers.contains(where: { $0 === kept }) {
            try split.secondaryNavigation.pop(to: kept, animated: animatesRouting)
        } else {
            guard let stack = kept.enclosingNavigationController else { throw NavigationError.noNavigationController }
            if let split, !split.isCollapsed, stack === split.primaryNavigation {
                try split.closeDetail(animated: animatesRouting)
            }
            try stack.pop(to: kept, animated: animatesRouting)
        }
        if let detail, !detail.viewControllerable.viewController.isInHierarchy {
            try removeChild(detail)
            self.detail = nil
        }
    }

    /// Pops what is over the feed on its stack, or closes the split's detail.
    private func closeDetail() throws {
        if let split {
            try split.closeDetail(animated: animatesRouting)
        } else {
            try viewControllerable.pop(to: viewControllerable, animated: animatesRouting)
        }
        if let detail { try removeChild(detail) }
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

    /// Shows `destination` for the person, showing why it failed on the
    /// `feed` screen: a draft in the way, or a feed built in a place that
    /// cannot push or present. `closingDraft` closes compose with its draft
    /// (it was just published).
    /// Returns whether it was shown.
    @discardableResult
    private func showOnScreen(_ destination: FeedDestination, closingDraft: Bool = false) -> Bool {
        do throws(FeedRouteError) {
            let shownBefore = shownSegment
            try take(plan(to: Self.target(of: destination)), closingDraft: closingDraft)
            presenter.showInlineError(nil)
            if case .segment(let segment) = destination, segment == shownBefore { readAgain(segment) }
            return true
        } catch {
            switch error {
            case .unavailable(let reason): presenter.showInlineError(FeedMessage.cannotShow(reason: reason))
            case .postNotFound, .draftInProgress: presenter.showInlineError(FeedMessage.message(for: error))
            }
            return false
        }
    }

    /// Reloads both lists, when a publish could not show Latest: compose is a
    /// sheet over the feed, so closing it makes no list appear again.
    private func reloadLists() {
        for list in lists { list.reload() }
    }
}

extension FeedCoordinator: PostDetailListener {
    /// A like in the detail: the list shown beside it (a wide split) reads
    /// the posts again; a list under it does when it appears again.
    func postDetailDidChange(_ post: FeedPost) {
        for list in lists where list.viewControllerable.viewController.appearanceState == .appeared {
            list.reload()
        }
    }
}

// The person's taps take the routes a parent takes, planned the same way;
// what a parent would be told by a thrown error, the person is shown on the
// `feed` screen.
extension FeedCoordinator: FeedScreenListener {
    func feedScreenDidSelect(_ segment: FeedSegment) {
        showOnScreen(.segment(segment))
    }

    func feedScreenDidTapCompose() {
        showOnScreen(.compose)
    }
}

extension FeedCoordinator: PostListListener {
    func listDidSelectPost(id: String) {
        do throws(FeedRouteError) {
            try show(.post(id: id))
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
        // Latest is read once: again where it stayed on screen under the sheet, or as it appears when another
        // segment or a post showed. Popular reads as it appears next.
        if !showOnScreen(.segment(.latest), closingDraft: true) { reloadLists() }
    }

    func composeDidCancel() {
        do {
            try closeCompose()
        } catch {
            presenter.showInlineError(FeedMessage.cannotShow(error))
        }
    }
}
