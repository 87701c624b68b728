/// Everything the app's flows get from the data: the accounts and the saved session, the posts and likes, the
/// record of where the person is, and the first damaged file met on the way.
///
/// The one door between the data and the rest of the app, in the data's own values (``AccountRecord``,
/// ``PostRecord``) and failures (``DataError``, ``AccountFailure``, ``PostFailure``): the flows turn them into what
/// each feature's services speak, and know nothing of SQLite, the stores or the password hash. Two
/// implementations keep the same rules: ``LiveDataStore`` over the database, and ``InMemoryDataStore`` in memory
/// for the playgrounds, the explorer and the flows' tests.
///
/// Emails are compared as ``InputRules`` normalizes them (trimmed, lowercased); times come from the store's clock.
@MainActor
package protocol AppDataStore: AnyObject {
    // MARK: Accounts and the session

    /// Checks the credentials and, when they match, saves the session and returns the account; `nil` for an
    /// unknown email or a wrong password (the caller cannot tell which).
    ///
    /// - Throws: ``DataError`` when the accounts cannot be read or the session cannot be saved.
    func logIn(email: String, password: String) throws(DataError) -> AccountRecord?

    /// Creates an account and saves its session, in one change. The email and the name obey ``InputRules``; the
    /// new account has not seen the onboarding tour yet. An email that wrote or liked a post always has an account
    /// (a seeded or imported author or liker has one nobody can log in to), so a new account starts with no posts
    /// and no likes.
    ///
    /// - Throws: ``AccountFailure``: the email is taken, a rule is broken, or the data failed.
    func register(email: String, password: String, displayName: String) throws(AccountFailure) -> AccountRecord

    /// Whether an account with `email` exists.
    ///
    /// - Throws: ``DataError`` when the accounts cannot be read.
    func isEmailRegistered(_ email: String) throws(DataError) -> Bool

    /// The account of the saved session: `nil` when nobody is logged in, or the account no longer exists.
    ///
    /// - Throws: ``DataError`` when the session cannot be read.
    func savedSessionAccount() throws(DataError) -> AccountRecord?

    /// Ends the saved session.
    ///
    /// - Throws: ``DataError`` when the end cannot be saved; the person is then still logged in.
    func logOut() throws(DataError)

    /// Renames the account `email` to `displayName` and shows the new name on every post it wrote, in one change.
    /// Returns the name as stored (normalized by ``InputRules``), or `nil` when there is no such account.
    ///
    /// - Throws: ``AccountFailure/invalid(_:)`` for a name that breaks a rule; ``AccountFailure/data(_:)``.
    func rename(email: String, to displayName: String) throws(AccountFailure) -> String?

    /// The display name of the account `email` and how many posts it wrote, or `nil` when there is no such account.
    ///
    /// - Throws: ``DataError`` when it cannot be read.
    func summary(email: String) throws(DataError) -> AccountSummary?

    /// Whether the account `email` has finished (or skipped) the onboarding tour, which is shown once per account;
    /// `true` for an account that no longer exists, which has nothing to be shown.
    ///
    /// - Throws: ``DataError`` when it cannot be read.
    func isOnboardingFinished(email: String) throws(DataError) -> Bool

    /// Records that the account `email` finished (or skipped) the onboarding tour, so it is not shown again.
    ///
    /// - Throws: ``DataError`` when it cannot be saved; the tour then shows again at the next log-in.
    func finishOnboarding(email: String) throws(DataError)

    /// Records that the person of the account `email` looked at Latest now: the unseen count starts from here.
    ///
    /// - Throws: ``DataError`` when it cannot be saved.
    func markLatestSeen(email: String) throws(DataError)

    /// How many posts by others were published since the person of the account `email` last looked at Latest
    /// (since the account was made, if never), counted up to `limit` so the count stays cheap however many posts
    /// there are; 0 for an account that no longer exists.
    ///
    /// - Throws: ``DataError`` when it cannot be read.
    func unseenLatestCount(email: String, limit: Int) throws(DataError) -> Int

    // MARK: Posts

    /// At most `limit` posts in `order`, as `reader` sees them: the first ones, or those after the post `afterID`.
    /// A post `afterID` that no longer exists ends the list.
    ///
    /// - Throws: ``DataError`` when the posts cannot be read.
    func page(_ order: PostOrder, after afterID: String?, limit: Int, reader: String) throws(DataError) -> [PostRecord]

    /// At most `limit` posts written by `author`, newest first (ties: the later id first), as `reader` sees them:
    /// the first ones, or those after the post `afterID`. A post `afterID` that no longer exists, or is not by
    /// `author`, ends the list.
    ///
    /// - Throws: ``DataError`` when the posts cannot be read.
    func page(by author: String, after afterID: String?, limit: Int, reader: String) throws(DataError) -> [PostRecord]

    /// The post `id` as `reader` sees it, if any.
    ///
    /// - Throws: ``DataError`` when it cannot be read.
    func post(id: String, reader: String) throws(DataError) -> PostRecord?

    /// Adds a post by `authorEmail`, under the author's name as stored now (`authorName` when the account is
    /// unknown), and returns it with its new id. The text obeys ``InputRules`` and is stored normalized.
    ///
    /// - Throws: ``PostFailure/invalid(_:)`` for a text that breaks a rule; ``PostFailure/data(_:)``.
    func publish(text: String, authorEmail: String, authorName: String) throws(PostFailure) -> PostRecord

    /// Makes `email` like the post (`isLiked`) or not, whatever it was before, and returns the post as it is now,
    /// as `email` sees it. Setting twice is the same as setting once.
    ///
    /// - Throws: ``PostFailure/notFound(_:)`` when there is no such post; ``PostFailure/data(_:)``.
    func setLike(_ isLiked: Bool, postID: String, email: String) throws(PostFailure) -> PostRecord

    // MARK: Restoration and health

    /// Where the record of where the person is lives between runs.
    var restorationStore: any RestorationStore { get }

    /// The first corrupt or unreadable data file met, if any: the app stops after the command that met it rather
    /// than go on over data it cannot trust.
    var fatalDataError: DataError? { get }
}
