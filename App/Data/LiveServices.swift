package import FeedFeature
package import LoginFeature
package import ProfileFeature
package import SignUpFeature

/// Everything the app's flows get from the data, over one database: the services the features use, the place
/// the record of where the person is lives, the saved session, and the first damaged file a service met.
///
/// The one door between the data and the rest of the app: the flows see the features' service protocols and
/// nothing of SQLite, the stores or the password hash.
@MainActor
package final class LiveServices {
    /// Accounts for Login: checks an email and password, and saves the session.
    package let authenticator: any LoginAuthenticating
    /// Accounts for SignUp: checks that an email is free, and creates the account.
    package let signUpAccounts: any SignUpAccountService
    /// The posts for Feed.
    package let posts: any FeedPostService
    /// The person's account for Profile: the summary and the rename.
    package let profileAccounts: any ProfileAccountService
    /// The person's own posts for Profile.
    package let profilePosts: any ProfilePostService
    /// Where the record of where the person is lives between processes.
    package let restorationStore: any RestorationStore
    /// The person of the saved session (email and display name), or `nil` when nobody is logged in.
    package let savedSession: (email: String, displayName: String)?
    /// The files opening the database renamed aside because they were damaged, where they now are.
    package let movedAsidePaths: [String]
    /// The earlier release's files imported into the new database, where they are kept.
    package let importedPaths: [String]
    /// The demo account's email when opening created a new database with it (``DemoContent``), else `nil`.
    package let seededDemoAccount: String?
    /// The database file's path.
    package let databasePath: String
    /// How many pages the database has.
    package let pageCount: Int

    private let accounts: LiveAccountService
    private let health: DataHealth

    /// Opens the data directory at `path` and its database, creating, importing or seeding it when new (see
    /// `Database.open`), and builds the services over it on `clock`.
    ///
    /// - Parameters:
    ///   - movesDamagedFilesAside: rename a damaged file aside and start without it, instead of stopping.
    ///   - checksEveryPage: check every page and index entry of the database, whatever its size (`--check-data`).
    ///   - allowsUnsafeFolder: use a folder another user owns or may write to, or whose files are links
    ///     (`--allow-unsafe-data-dir`), instead of refusing it.
    /// - Throws: ``DataError``, or the reason the demo account could not be seeded.
    package init(
        dataDirectory path: String, clock: AppClock, movesDamagedFilesAside: Bool, checksEveryPage: Bool = false,
        allowsUnsafeFolder: Bool = false
    ) throws {
        let directory = try DataDirectory.open(path: path, allowsUnsafe: allowsUnsafeFolder)
        let opening = try Database.open(
            in: directory, now: clock.now, timestamp: clock.fileTimestamp,
            movesDamagedFilesAside: movesDamagedFilesAside, checksEveryPage: checksEveryPage)
        let health = DataHealth()
        let accounts = LiveAccountService(store: AccountStore(database: opening.database), clock: clock, health: health)
        self.health = health
        self.accounts = accounts
        authenticator = accounts
        signUpAccounts = accounts
        let postStore = PostStore(database: opening.database)
        posts = LivePostService(store: postStore, clock: clock, health: health)
        let profile = LiveProfileService(
            accounts: AccountStore(database: opening.database), posts: postStore, health: health)
        profileAccounts = profile
        profilePosts = profile
        restorationStore = DatabaseRestorationStore(database: opening.database, health: health)
        savedSession = try accounts.restoreSession().map { ($0.email, $0.displayName) }
        movedAsidePaths = opening.movedAsidePaths
        importedPaths = opening.importedPaths
        seededDemoAccount = opening.seededDemoAccount ? DemoContent.email : nil
        databasePath = opening.database.path
        pageCount = opening.pageCount
    }

    /// Whether the folder at `path` holds none of the app's files (see `Database.isAbsent`): a first run, with
    /// nothing to check yet.
    package static func isAbsent(inFolder path: String) -> Bool {
        Database.isAbsent(inFolder: path)
    }

    /// The first corrupt or unreadable data file a service met, if any: the app stops after the command that met
    /// it rather than go on over data it cannot trust.
    package var fatalDataError: DataError? { health.fatalDataError }

    /// The display name the account `email` has now, as stored: another process may have renamed it since this
    /// one read it. `nil` when there is no such account.
    ///
    /// - Throws: ``DataError`` when it cannot be read.
    package func displayName(email: String) throws(DataError) -> String? {
        try accounts.displayName(email: email)
    }

    /// Ends the saved session.
    ///
    /// - Throws: ``DataError`` when the end cannot be saved; the person is then still logged in.
    package func logOut() throws(DataError) {
        try accounts.logOut()
    }

    /// Whether the account `email` has finished (or skipped) the onboarding tour, which is shown once per account.
    ///
    /// - Throws: ``DataError`` when it cannot be read.
    package func isOnboardingFinished(email: String) throws(DataError) -> Bool {
        try accounts.isOnboardingFinished(email: email)
    }

    /// Records that the account `email` finished (or skipped) the onboarding tour, so it is not shown again.
    ///
    /// - Throws: ``DataError`` when it cannot be saved; the tour then shows again at the next log-in.
    package func finishOnboarding(email: String) throws(DataError) {
        try accounts.finishOnboarding(email: email)
    }

    /// The most posts the Feed tab's badge counts; more show as this many.
    package static let largestUnseenCount = 99

    /// Records that the person of the account `email` looked at Latest now: the Feed tab's badge counts from here.
    ///
    /// - Throws: ``DataError`` when it cannot be saved.
    package func markLatestSeen(email: String) throws(DataError) {
        try accounts.markLatestSeen(email: email)
    }

    /// The Feed tab's badge for the account `email`: how many posts by other people were published since the
    /// person last looked at Latest (since the account was made, if never), at most ``largestUnseenCount``; `nil`
    /// when none.
    ///
    /// - Throws: ``DataError`` when it cannot be read.
    package func unseenLatestCount(email: String) throws(DataError) -> Int? {
        let count = try accounts.unseenLatestCount(email: email, limit: Self.largestUnseenCount)
        return count > 0 ? count : nil
    }
}
