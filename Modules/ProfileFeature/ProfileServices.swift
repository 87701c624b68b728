// The services Profile uses and the values its API exchanges.

/// The person's account as Profile shows and changes it, implemented by the app's live service and by fakes in
/// tests.
@MainActor
public protocol ProfileAccountService: AnyObject {
    /// What the `profile` screen shows at its top for `user`: the display name and how many posts they wrote.
    func summary(of user: ProfileUser) throws(ProfileServiceError) -> ProfileSummary

    /// Shows `user` as `displayName` from now on, on their profile and beside every post they wrote, and returns
    /// the summary as it is stored now. `displayName` is already checked against `InputRules.DisplayName` and
    /// normalized.
    func rename(_ user: ProfileUser, to displayName: String) throws(ProfileServiceError) -> ProfileSummary
}

/// The posts a person wrote, implemented by the app's live service and by fakes in tests.
@MainActor
public protocol ProfilePostService: AnyObject {
    /// A page of at most `limit` posts written by `user`, newest first (ties: the later published first): the
    /// first page when `postID` is `nil`, else the posts that follow the post `postID` (the last one shown).
    func posts(by user: ProfileUser, after postID: String?, limit: Int) throws(ProfileServiceError) -> [ProfilePost]
}

/// The person whose profile is shown: the one logged in.
public struct ProfileUser: Equatable, Sendable {
    /// The account's email address, which identifies it.
    public let email: String

    /// Creates the person with the account `email`.
    public init(email: String) {
        self.email = email
    }
}

/// What the top of the `profile` screen shows.
public struct ProfileSummary: Equatable, Sendable {
    /// The name shown beside the person's posts.
    public let displayName: String
    /// How many posts they wrote.
    public let postCount: Int

    /// Creates the summary of a person shown as `displayName` who wrote `postCount` posts.
    public init(displayName: String, postCount: Int) {
        self.displayName = displayName
        self.postCount = postCount
    }
}

/// A post the person wrote, as their profile lists it.
public struct ProfilePost: Equatable, Sendable {
    /// Identifies the post.
    public let id: String
    /// What it says.
    public let text: String
    /// How many people like it.
    public let likeCount: Int

    /// Creates a post.
    public init(id: String, text: String, likeCount: Int) {
        self.id = id
        self.text = text
        self.likeCount = likeCount
    }
}

/// Why a Profile service failed.
public enum ProfileServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The service cannot answer now, for the given reason.
    case unavailable(String)

    /// The message the screens show for this error: what a person reads wherever the error is told.
    public var description: String { ProfileMessage.message(for: self) }
}

/// A place in Profile, as a parent names it: what a deep link such as `app://profile/edit` opens, and what
/// Profile's own record of where the person was is read back into; ``ProfileCoordinating/show(_:)`` takes the
/// route to it.
public enum ProfileDestination: Equatable, Sendable {
    /// The `profile` screen.
    case profile
    /// The `profile.edit` screen, pushed over `profile`.
    case edit
}

/// Why a route into Profile (``ProfileCoordinating/show(_:)``) failed.
public enum ProfileRouteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `profile.edit` screen holds a change that is not saved; save or discard it first. Nothing changed:
    /// the route would have closed the screen and lost the change.
    case editInProgress
    /// The navigation failed, for the given reason.
    case unavailable(String)

    /// The message the screens show for this error: what a person reads wherever the error is told.
    public var description: String { ProfileMessage.message(for: self) }
}
