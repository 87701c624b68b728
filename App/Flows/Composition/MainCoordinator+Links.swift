import AppInterface
import FeedFeature
import ProfileFeature

/// The steps of a deep link in Main (``LinkStep``): one change each, taken in order, so a chain of them stops at
/// the first refused.
extension MainCoordinator {
    /// The steps of `link` in Main (a feed or profile link; none for the others), each one change, so a chain of
    /// them stops at the first refused.
    func steps(to link: DeepLink) -> [LinkStep] {
        switch link {
        case .feed(let destination): steps(inFeed: destination)
        case .profile(let destination): steps(inProfile: destination)
        case .login, .signUp: []
        }
    }

    /// Shows the destination in the feed's flow, then shows the Feed tab in the steps Core's planner gives
    /// (``steps(toShow:)``: none when it shows already). Compose is presented from the feed's screen, so its tab
    /// shows first; every other destination is shown before the tab is selected, so a refused one leaves the
    /// selection as it was. Only the feed's own route can lose its draft, and it refuses instead.
    func steps(inFeed destination: FeedDestination) -> [LinkStep] {
        let show = LinkStep("show \(destination.subject) in the feed") { [weak self] () throws(UserFacingError) in
            try self?.show(inFeed: destination)
        }
        let showTab = steps(toShow: .feed)
        return destination == .compose ? showTab + [show] : [show] + showTab
    }

    /// Shows `destination` in the feed's flow, building it first.
    func show(inFeed destination: FeedDestination) throws(UserFacingError) {
        buildFlowIfNeeded(for: .feed)
        guard let feed else { throw UserFacingError(description: "the feed is not shown") }
        do throws(FeedRouteError) {
            try feed.show(destination)
        } catch {
            switch error {
            case .postNotFound(let id): throw UserFacingError(description: "no post with id '\(id)'")
            case .draftInProgress: throw Self.draftInTheWay
            case .unavailable(let reason):
                throw UserFacingError(description: "\(destination.subject) cannot be shown: \(reason)")
            }
        }
    }

    /// Checks that nothing unsaved is in the way (a draft in Feed's compose sheet over the tab bar, or the edit
    /// that only the route to `profile` would close), routes Profile's flow there, then shows the Profile tab in
    /// the steps Core's planner gives (``steps(toShow:)``: an empty compose sheet over the tab bar is closed first).
    func steps(inProfile destination: ProfileDestination) -> [LinkStep] {
        [
            LinkStep("check that nothing unsaved is in the way") { [weak self] () throws(UserFacingError) in
                guard let self else { return }
                if isComposeOnScreen, feed?.holdsDraft == true { throw Self.draftInTheWay }
                if destination == .profile, profile?.holdsUnsavedEdit == true { throw Self.editInTheWay }
            },
            LinkStep("show \(Self.name(of: destination)) in the profile") { [weak self] () throws(UserFacingError) in
                try self?.show(inProfile: destination)
            },
        ] + steps(toShow: .profile)
    }

    /// The name of `destination` in a link step: its case, spelled without reflecting over it.
    private static func name(of destination: ProfileDestination) -> String {
        switch destination {
        case .profile: "profile"
        case .edit: "edit"
        }
    }

    /// Shows `destination` in Profile's flow, building it first.
    private func show(inProfile destination: ProfileDestination) throws(UserFacingError) {
        buildFlowIfNeeded(for: .profile)
        guard let profile else { throw UserFacingError(description: "your profile is not shown") }
        do throws(ProfileRouteError) {
            try profile.show(destination)
        } catch {
            switch error {
            case .editInProgress: throw Self.editInTheWay
            case .unavailable(let reason):
                throw UserFacingError(description: "your profile cannot be shown: \(reason)")
            }
        }
    }

    static let editInTheWay = UserFacingError(
        description: "your profile's edit holds a new display name that is not saved; save or discard it first")

    static let draftInTheWay = UserFacingError(
        description: "the compose sheet holds an unsaved draft; post or discard it first")
}

extension FeedDestination {
    /// What the destination shows, as the subject of a sentence: "the post cannot be shown".
    fileprivate var subject: String {
        switch self {
        case .segment: "the feed"
        case .post: "the post"
        case .compose: "the compose sheet"
        }
    }
}
