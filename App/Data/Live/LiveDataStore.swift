/// The data in the SQLite database of one data directory: the accounts, the session, the posts and the record of
/// where the person is, each kept by its store, at the time of the app's clock.
///
/// Every ``DataError`` it throws, alone or inside an ``AccountFailure`` or a ``PostFailure``, is first recorded,
/// so ``fatalDataError`` holds the first damaged file met whichever flow met it.
@MainActor
package final class LiveDataStore: AppDataStore {
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
    /// Where the record of where the person is lives: one row of the database.
    package let restorationStore: any RestorationStore

    private let accounts: AccountStore
    private let posts: PostStore
    private let database: Database
    private let clock: AppClock
    private let health = DataHealth()

    /// Opens the data directory at `path` and its database, creating, importing or seeding it when new (see
    /// `Database.open`), and keeps its data at the time of `clock`.
    ///
    /// - Parameters:
    ///   - movesDamagedFilesAside: rename a damaged file aside and start without it, instead of stopping.
    ///   - checksEveryPage: check every page and index entry of the database, whatever its size (`--check-data`).
    ///   - allowsUnsafeFolder: use a folder another user owns or may write to, or whose files are links
    ///     (`--allow-unsafe-data-dir`), instead of refusing it.
    ///   - passwordCost: the cost of the hashes of new passwords, the demo account's included; the app's is always
    ///     ``PasswordCost/standard``.
    /// - Throws: ``DataError``, or the reason the demo account could not be seeded.
    package init(
        dataDirectory path: String, clock: AppClock, movesDamagedFilesAside: Bool, checksEveryPage: Bool = false,
        allowsUnsafeFolder: Bool = false, passwordCost: PasswordCost = .standard
    ) throws {
        let directory = try DataDirectory.open(path: path, allowsUnsafe: allowsUnsafeFolder)
        let opening = try Database.open(
            in: directory, now: clock.now, timestamp: clock.fileTimestamp,
            movesDamagedFilesAside: movesDamagedFilesAside, checksEveryPage: checksEveryPage
        ) { password throws(PasswordHasher.Failure) in try DemoContent.hash(password, cost: passwordCost) }
        self.clock = clock
        accounts = AccountStore(database: opening.database, passwordCost: passwordCost)
        database = opening.database
        posts = PostStore(database: opening.database)
        restorationStore = DatabaseRestorationStore(database: opening.database, health: health)
        movedAsidePaths = opening.movedAsidePaths
        importedPaths = opening.importedPaths
        seededDemoAccount = opening.seededDemoAccount ? DemoContent.email : nil
        databasePath = opening.database.path
        pageCount = opening.pageCount
    }

    /// Whether the folder at `path` holds none of the app's files, or is not there at all (see `Database.isAbsent`):
    /// a first run, with nothing to check yet. A file or a link that leads nowhere at `path` is no first run.
    package static func isAbsent(inFolder path: String) -> Bool {
        Database.isAbsent(inFolder: path)
    }

    /// The first corrupt or unreadable data file met, if any.
    package var fatalDataError: DataError? { health.fatalDataError }

    // MARK: Accounts and the session

    /// Checks the credentials against the stored hash and saves the session when they match.
    package func logIn(email: String, password: String) throws(DataError) -> AccountRecord? {
        try recording { () throws(DataError) in try accounts.logIn(email: email, password: password, now: clock.now) }
    }

    /// Creates the account, its password stored only as a salted hash, and saves its session.
    package func register(
        email: String, password: String, displayName: String
    ) throws(AccountFailure) -> AccountRecord {
        try recording { () throws(AccountFailure) in
            try accounts.register(email: email, password: password, displayName: displayName, now: clock.now)
        }
    }

    /// Whether an account with `email` is stored.
    package func isEmailRegistered(_ email: String) throws(DataError) -> Bool {
        try recording { () throws(DataError) in try accounts.account(email: email) != nil }
    }

    /// The account of the stored session, read again only once something was committed since it was last read (by
    /// this process or another): the flows ask after every command whether another process changed it.
    package func savedSessionAccount() throws(DataError) -> AccountRecord? {
        try recording { () throws(DataError) in
            let stamp = try database.changeStamp()
            if let last = lastSessionAccount, last.stamp == stamp { return last.account }
            let account = try accounts.currentAccount()
            // The stamp was read first: a commit between the two reads moves it again, and the next call reads anew.
            lastSessionAccount = (stamp, account)
            return account
        }
    }

    /// The stored session's account last read, with the database's stamp just before it was read.
    private var lastSessionAccount: (stamp: Database.ChangeStamp, account: AccountRecord?)?

    /// Deletes the stored session.
    package func logOut() throws(DataError) {
        try recording { () throws(DataError) in try accounts.logOut() }
    }

    /// Renames the account and its posts in one transaction.
    package func rename(email: String, to displayName: String) throws(AccountFailure) -> String? {
        try recording { () throws(AccountFailure) in try accounts.rename(email: email, to: displayName) }
    }

    /// The account's name and its posts counted along `posts_by_author`.
    package func summary(email: String) throws(DataError) -> AccountSummary? {
        try recording { () throws(DataError) in try accounts.summary(email: email) }
    }

    /// Whether the account's tour is recorded as finished.
    package func isOnboardingFinished(email: String) throws(DataError) -> Bool {
        try recording { () throws(DataError) in try accounts.isOnboardingFinished(email: email) }
    }

    /// Records the account's tour as finished.
    package func finishOnboarding(email: String) throws(DataError) {
        try recording { () throws(DataError) in try accounts.finishOnboarding(email: email) }
    }

    /// Stores the clock's time as the account's last look at Latest.
    package func markLatestSeen(email: String) throws(DataError) {
        try recording { () throws(DataError) in try accounts.markLatestSeen(email: email, now: clock.now) }
    }

    /// Counts a range of `posts_by_recency`, stopped at `limit`, unless nothing was committed to the database since
    /// the same count was last read (by this process or another): then the count is the one read then.
    package func unseenLatestCount(email: String, limit: Int) throws(DataError) -> Int {
        try recording { () throws(DataError) in
            let stamp = try database.changeStamp()
            if let last = lastUnseenCount, last.email == email, last.limit == limit, last.stamp == stamp {
                return last.count
            }
            let count = try accounts.unseenLatestCount(email: email, limit: limit)
            // The stamp was read first: a commit between the two reads moves it again, and the next call reads anew.
            lastUnseenCount = (email, limit, stamp, count)
            return count
        }
    }

    /// The last unseen count read, with what it was asked and the database's stamp just before it was read.
    private var lastUnseenCount: (email: String, limit: Int, stamp: Database.ChangeStamp, count: Int)?

    // MARK: Posts

    /// One range scan of the order's index, unless nothing was committed to the database since the same page was
    /// last read (by this process or another): then the page read then. A list reads its first page each time it
    /// appears, so a list shown again over unchanged posts costs one `PRAGMA data_version`.
    package func page(
        _ order: PostOrder, after afterID: String?, limit: Int, reader: String
    ) throws(DataError) -> [PostRecord] {
        try recording { () throws(DataError) in
            let stamp = try database.changeStamp()
            let question = PageQuestion(order: order, afterID: afterID, limit: limit, reader: reader)
            if let page = pages.answer(to: question, at: stamp) { return page }
            let page = try posts.page(order, after: afterID, limit: limit, reader: reader)
            pages.keep(page, to: question, at: stamp)
            return page
        }
    }

    /// What a list asked for: a page of one order, as one reader sees it.
    private struct PageQuestion: Hashable {
        let order: PostOrder
        let afterID: String?
        let limit: Int
        let reader: String
    }

    /// The pages read since the database last changed: a handful, one per list and page asked for.
    private var pages = StampedReads<PageQuestion, [PostRecord]>(capacity: 8)

    /// One range scan of `posts_by_author`.
    package func page(
        by author: String, after afterID: String?, limit: Int, reader: String
    ) throws(DataError) -> [PostRecord] {
        try recording { () throws(DataError) in try posts.page(by: author, after: afterID, limit: limit, reader: reader)
        }
    }

    /// The stored post, as `reader` sees it.
    package func post(id: String, reader: String) throws(DataError) -> PostRecord? {
        try recording { () throws(DataError) in try posts.post(id: id, reader: reader) }
    }

    /// Inserts the post at the clock's time, in one transaction.
    package func publish(text: String, authorEmail: String, authorName: String) throws(PostFailure) -> PostRecord {
        try recording { () throws(PostFailure) in
            try posts.publish(text: text, authorEmail: authorEmail, authorName: authorName, now: clock.now)
        }
    }

    /// Inserts or deletes the like, in one transaction.
    package func setLike(_ isLiked: Bool, postID: String, email: String) throws(PostFailure) -> PostRecord {
        try recording { () throws(PostFailure) in try posts.setLike(isLiked, postID: postID, email: email) }
    }

    // MARK: Recording

    /// Runs `body`, recording a fatal data error it throws before rethrowing it.
    private func recording<Result>(_ body: () throws(DataError) -> Result) throws(DataError) -> Result {
        do {
            return try body()
        } catch {
            health.record(error)
            throw error
        }
    }

    /// Runs `body`, recording the fatal data error inside a failure it throws before rethrowing it.
    private func recording<Result>(_ body: () throws(AccountFailure) -> Result) throws(AccountFailure) -> Result {
        do {
            return try body()
        } catch {
            if case .data(let dataError) = error { health.record(dataError) }
            throw error
        }
    }

    /// Runs `body`, recording the fatal data error inside a failure it throws before rethrowing it.
    private func recording<Result>(_ body: () throws(PostFailure) -> Result) throws(PostFailure) -> Result {
        do {
            return try body()
        } catch {
            if case .data(let dataError) = error { health.record(dataError) }
            throw error
        }
    }
}
