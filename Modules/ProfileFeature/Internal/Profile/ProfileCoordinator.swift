import Core

/// What the Profile coordinator tells the `profile` screen.
@MainActor
protocol ProfilePresentable: AnyObject {
    /// Receives what the person does on the screen. Held weakly by the screen.
    var listener: (any ProfileScreenListener)? { get set }

    /// Shows the person's `summary` (nothing when `nil`: it could not be read), their `posts`, and the `more`
    /// action when `canLoadMore`.
    func show(summary: ProfileSummary?, posts: [ProfilePost], canLoadMore: Bool)

    /// Shows `errorMessage` on the screen, or clears it with `nil`.
    func show(errorMessage: String?)
}

/// Profile. It owns the `profile` screen, which it fills each time the screen will appear (the summary and the
/// first page of posts, or as many as were shown) and a page further on `more`, and it pushes `profile.edit` onto
/// the enclosing navigation controller. The edit is detached when it leaves the screen, whether Profile or the
/// person removed it.
final class ProfileCoordinator: ViewableCoordinator<any ProfilePresentable>, ProfileCoordinating {
    /// How many posts a page holds.
    static let pageSize = 20

    weak var listener: (any ProfileListener)?
    private let dependency: any ProfileDependency
    private let user: ProfileUser
    /// The summary shown, `nil` until it was read (or when reading it failed).
    private var summary: ProfileSummary?
    /// Whether pushes, pops and sheets move (on a window whose clock takes time): as the person routes, but not
    /// while a record is restored, which rebuilds the place at once, as UIKit's state restoration does.
    private var animatesRouting = true
    /// The posts shown, in order.
    private var posts: [ProfilePost] = []
    /// Whether the last page read was full, so more may follow.
    private var mayHaveMore = false
    /// The pushed edit; cleared when it is detached.
    private weak var edit: ProfileEditCoordinator?

    /// Creates the Profile of `user` around `screen`.
    init(screen: some ViewControllerable & ProfilePresentable, dependency: any ProfileDependency, user: ProfileUser) {
        self.dependency = dependency
        self.user = user
        super.init(viewControllerable: screen, presenter: screen)
        screen.listener = self
    }

    var holdsUnsavedEdit: Bool { edit?.holdsChange == true }

    override func userDidRemove(_ child: any Coordinating) {
        if child === edit { edit = nil }
    }

    // MARK: - Loading

    /// Reads the summary and the posts again, so the screen shows what is stored now: as many posts as were
    /// shown, at least one page.
    func reload() {
        do throws(ProfileServiceError) {
            // One post past the page says whether more follow: a page that happens to be full is not enough.
            let limit = max(Self.pageSize, posts.count)
            summary = try dependency.accounts.summary(of: user)
            let read = try dependency.posts.posts(by: user, after: nil, limit: limit + 1)
            posts = Array(read.prefix(limit))
            mayHaveMore = read.count > limit
            show(errorMessage: nil)
        } catch {
            summary = nil
            posts = []
            mayHaveMore = false
            show(errorMessage: ProfileMessage.message(for: error))
        }
    }

    /// Appends the next page of posts to what is shown.
    private func loadMore() {
        do throws(ProfileServiceError) {
            let shown = Set(posts.map(\.id))
            let next = try dependency.posts.posts(by: user, after: posts.last?.id, limit: Self.pageSize + 1)
            posts += next.prefix(Self.pageSize).filter { !shown.contains($0.id) }
            mayHaveMore = next.count > Self.pageSize
            show(errorMessage: nil)
        } catch {
            show(errorMessage: ProfileMessage.message(for: error))
        }
    }

    private func show(errorMessage: String?) {
        presenter.show(summary: summary, posts: posts, canLoadMore: mayHaveMore)
        presenter.show(errorMessage: errorMessage)
    }

    // MARK: - Paths

    /// Where Profile is, as Core's path planner reads it from Profile's own screen: the screens pushed above it on
    /// its stack, the edit as ``ProfilePlace/edit``. Profile presents nothing, so a sheet over its screen (Feed's
    /// compose over the tab bar) is another flow's, which that flow closes: the path stops before it. Links,
    /// taps and restoration plan from it.
    var path: NavigationPath {
        let routes = NavigationPath(above: viewControllerable.viewController) { [edit] screen in
            if let edit, screen === edit.viewControllerable.viewController { return ProfilePlace.edit }
            return screen.screenID
        }.routes
        return NavigationPath(Array(routes.prefix { !$0.isPresentation }))
    }

    /// The path that shows `destination`: nothing over `profile`, or the edit pushed over it.
    static func target(of destination: ProfileDestination) -> NavigationPath {
        switch destination {
        case .profile: NavigationPath()
        case .edit: NavigationPath([.push(ProfilePlace.edit)])
        }
    }

    // MARK: - Routes

    /// Plans the steps from where Profile is to `destination` with Core's planner and takes them with Profile's own
    /// children; a plan that would close an edit holding a change is refused before anything changes.
    func show(_ destination: ProfileDestination) throws(ProfileRouteError) {
        let start = path
        let plan = NavigationPlan(from: start, to: Self.target(of: destination))
        if holdsUnsavedEdit, let editIndex = start.routes.firstIndex(of: .push(ProfilePlace.edit)),
            plan.steps.contains(where: { Self.keptPushes(by: $0).map { $0 <= editIndex } ?? false })
        {
            throw .editInProgress
        }
        for step in plan.steps { try take(step) }
    }

    /// How many of the screens pushed over `profile` `step` keeps, for a step that pops or replaces them.
    private static func keptPushes(by step: NavigationStep) -> Int? {
        switch step {
        case .popTo(let keeping), .setStack(let keeping, _): keeping
        case .dismiss, .selectTab, .push, .present: nil
        }
    }

    /// Takes one planned step with Profile's children: the edit is attached as it is pushed and detached as it
    /// is popped. Profile shows nothing but its edit, and names what else a plan asks in its own words.
    private func take(_ step: NavigationStep) throws(ProfileRouteError) {
        switch step {
        case .popTo(let keeping):
            try pop(keeping: keeping)
        case .push([ProfilePlace.edit]):
            try showEdit(keeping: nil)
        case .setStack(let keeping, [ProfilePlace.edit]):
            try showEdit(keeping: keeping)
        case .push(let places), .setStack(_, let places):
            throw .unavailable("Profile pushes only its edit, not \(places.joined(separator: ", "))")
        case .present(let place, _):
            throw .unavailable("Profile presents nothing, not \(place)")
        case .dismiss:
            throw .unavailable("a sheet over Profile is the flow's that presented it to close")
        case .selectTab(let id):
            throw .unavailable("Profile has no tab \(id)")
        }
    }

    /// Profile's stack and where its screen is on it.
    private func ownStack() throws(ProfileRouteError) -> (stack: NavigationController, index: Int) {
        let screen = viewControllerable.viewController
        guard let stack = screen.enclosingNavigationController,
            let index = stack.viewControllers.firstIndex(where: { $0 === screen })
        else { throw .unavailable(String(describing: NavigationError.noNavigationController)) }
        return (stack, index)
    }

    /// Pushes `profile.edit` over `profile`, or, with `keeping`, puts it in place of what is pushed above the first
    /// `keeping` screens over `profile`, in one change.
    private func showEdit(keeping: Int?) throws(ProfileRouteError) {
        let savedName: String
        if let summary {
            savedName = summary.displayName
        } else {
            do throws(ProfileServiceError) {
                savedName = try dependency.accounts.summary(of: user).displayName
            } catch {
                switch error {
                case .unavailable(let reason): throw .unavailable(reason)
                }
            }
        }
        let edit = ProfileEditCoordinator(
            screen: ProfileEditViewController(savedName: savedName), accounts: dependency.accounts, user: user,
            savedName: savedName)
        edit.listener = self
        do {
            if let keeping {
                let (stack, index) = try ownStack()
                let kept = Array(stack.viewControllers.prefix(index + keeping + 1))
                try addChild(edit) { [animatesRouting] in try stack.setStack(kept + [$0], animated: animatesRouting) }
            } else {
                try addChild(edit) { [animatesRouting] in
                    try self.viewControllerable.push($0, animated: animatesRouting)
                }
            }
        } catch {
            throw .unavailable(String(describing: error))
        }
        self.edit = edit
    }

    /// Pops what is pushed above the first `keeping` screens over `profile`, and detaches the edit when it goes.
    private func pop(keeping: Int) throws(ProfileRouteError) {
        let (stack, index) = try ownStack()
        guard index + keeping < stack.viewControllers.count else {
            throw .unavailable("Profile's stack holds fewer than \(keeping) screens over it")
        }
        do {
            try stack.pop(to: stack.viewControllers[index + keeping], animated: animatesRouting)
            if let edit, !stack.viewControllers.contains(where: { $0 === edit.viewControllerable.viewController }) {
                try removeChild(edit)
                self.edit = nil
            }
        } catch {
            throw .unavailable(String(describing: error))
        }
    }

    /// Pops and detaches the edit, so `profile` is on top: the person saved or discarded it.
    private func closeEdit() throws {
        guard let edit else { return }
        try viewControllerable.pop(to: viewControllerable, animated: animatesRouting)
        try removeChild(edit)
        self.edit = nil
    }

    // MARK: - Restoration

    /// Profile's record: kind `profile`, version 1, and the edit's record as its only child while the edit is
    /// pushed (with the name as typed, saved or not).
    override var restorationState: RestorationState? {
        ProfileRestoration.format.record(children: edit?.restorationState.map { [$0] } ?? [])
    }

    /// Reads the record back into the place it was written from (the edit pushed over `profile`, or nothing) and
    /// takes the planner's steps there from where Profile is (its root, for a Profile just built), at once rather
    /// than animated, as a link does (``show(_:)``); the edit then puts the typed name back. A place that cannot be
    /// shown leaves Profile where it is and says why.
    override func restore(from state: RestorationState) -> RestorationResult {
        animatesRouting = false
        defer { animatesRouting = true }
        do throws(RestorationError) {
            try ProfileRestoration.format.check(state)
        } catch {
            return .nearest(because: error)
        }
        var result = RestorationResult.restored
        let editState = ProfileEditCoordinator.restoration.child(of: state, into: &result)
        do throws(ProfileRouteError) {
            try show(editState == nil ? .profile : .edit)
        } catch {
            let place =
                editState == nil ? "the profile cannot return to its screen" : "the profile edit cannot be shown"
            result.append(.noLongerApplies("\(place): \(error.reason)"))
            return result
        }
        if let editState, let edit { result.merge(edit.restore(from: editState)) }
        return result
    }
}

// The person's taps take the routes a parent takes; what a parent would be told by a thrown error, the person is
// shown on the `profile` screen.
extension ProfileCoordinator: ProfileScreenListener {
    func profileScreenWillAppear() {
        reload()
    }

    func profileScreenDidTapEdit() {
        do throws(ProfileRouteError) {
            try show(.edit)
        } catch {
            presenter.show(errorMessage: ProfileMessage.message(for: error))
        }
    }

    func profileScreenDidTapLoadMore() {
        loadMore()
    }

    func profileScreenDidTapLogOut() {
        listener?.profileDidLogOut()
    }
}

extension ProfileCoordinator: ProfileEditListener {
    func editDidSave(_ summary: ProfileSummary) {
        self.summary = summary
        closeEditShowingFailure()
        listener?.profileDidRename(to: summary.displayName)
    }

    func editDidClose() {
        closeEditShowingFailure()
    }

    /// Closes the edit; a failure is shown on the edit, which stays.
    private func closeEditShowingFailure() {
        do {
            try closeEdit()
        } catch {
            edit?.presenter.show(errorMessage: ProfileMessage.cannotShow(error))
        }
    }
}

extension ProfileRouteError {
    /// Why the route failed, as a sentence fragment.
    fileprivate var reason: String {
        switch self {
        case .editInProgress: "a new display name is not saved"
        case .unavailable(let reason): reason
        }
    }
}

/// Profile's restoration record: kind `profile`, version 1, no values, and the edit's record as its only child
/// while the edit is pushed.
enum ProfileRestoration {
    static let format = RestorationFormat(kind: "profile", version: 1)
}

/// The names of Profile's places on a ``NavigationPath``.
enum ProfilePlace {
    /// The edit of the display name, pushed over `profile`.
    static let edit = "profile.edit"
}
