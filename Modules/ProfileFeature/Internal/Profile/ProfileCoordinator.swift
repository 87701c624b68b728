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
            let limit = max(Self.pageSize, posts.count)
            summary = try dependency.accounts.summary(of: user)
            posts = try dependency.posts.posts(by: user, after: nil, limit: limit)
            mayHaveMore = posts.count == limit
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
            let next = try dependency.posts.posts(by: user, after: posts.last?.id, limit: Self.pageSize)
            posts += next.filter { !shown.contains($0.id) }
            mayHaveMore = next.count == Self.pageSize
            show(errorMessage: nil)
        } catch {
            show(errorMessage: ProfileMessage.message(for: error))
        }
    }

    private func show(errorMessage: String?) {
        presenter.show(summary: summary, posts: posts, canLoadMore: mayHaveMore)
        presenter.show(errorMessage: errorMessage)
    }

    // MARK: - Routes

    func show(_ destination: ProfileDestination) throws(ProfileRouteError) {
        switch destination {
        case .profile: try showProfile()
        case .edit: try showEdit()
        }
    }

    private func showProfile() throws(ProfileRouteError) {
        if holdsUnsavedEdit { throw .editInProgress }
        do {
            try closeEdit()
        } catch {
            throw .unavailable(String(describing: error))
        }
    }

    private func showEdit() throws(ProfileRouteError) {
        guard edit == nil else { return }
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
            try addChild(edit) { [animatesRouting] in try self.viewControllerable.push($0, animated: animatesRouting) }
        } catch {
            throw .unavailable(String(describing: error))
        }
        self.edit = edit
    }

    /// Pops and detaches the edit, so `profile` is on top.
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

    /// Takes the route a link to ``ProfileDestination/edit`` takes when the record holds the edit, which then puts
    /// the typed name back. An edit that cannot be shown leaves Profile on its screen and says why.
    override func restore(from state: RestorationState) -> RestorationResult {
        animatesRouting = false
        defer { animatesRouting = true }
        do throws(RestorationError) {
            try ProfileRestoration.format.check(state)
        } catch {
            return .nearest(because: error)
        }
        var result = RestorationResult.restored
        guard let editState = ProfileEditCoordinator.restoration.child(of: state, into: &result) else { return result }
        do throws(ProfileRouteError) {
            try show(.edit)
        } catch {
            result.append(.noLongerApplies("the profile edit cannot be shown: \(error.reason)"))
            return result
        }
        if let edit { result.merge(edit.restore(from: editState)) }
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
            try showEdit()
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
