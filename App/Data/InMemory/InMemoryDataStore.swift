package import FoundationEssentials
import InputRules

/// The in-memory twin of ``LiveDataStore``: the same accounts, session, posts, likes and rules, kept in memory,
/// for the playgrounds, the explorer and the flows' tests, which then need no database.
///
/// It starts with the demo account (``DemoContent``: `demo@example.com`, `demo-password`, `Demo`, its tour
/// finished) and the posts it is given (``firstRun(now:)`` gives a new database's); as in the database, every
/// author and liker without an account gets one nobody can log in to, so their email cannot be signed up with
/// again. Everything lives as long as the
/// instance: a second app built over the same instance finds the session the first one saved, as a restart
/// does over the database. Passwords are kept as typed, never hashed (nothing leaves memory), and nothing it
/// reads can be damaged, so it never throws a ``DataError``.
@MainActor
package final class InMemoryDataStore: AppDataStore {
    private struct Account: Hashable {
        var record: AccountRecord
        /// The password as typed; `nil` for an account nobody can log in to (an author or liker of posts added
        /// without an account, as the database keeps them).
        var password: String?
        var isOnboardingFinished: Bool
        var latestSeenAt: Date?
    }

    private struct Post: Hashable {
        let id: Int64
        let authorEmail: String
        var authorName: String
        let createdAt: Date
        let text: String
        var likers: Set<String>
    }

    /// Where the record of where the person is lives: in memory, for as long as this instance.
    package var restorationStore: any RestorationStore { restoration }
    private let restoration = InMemoryRestorationStore()
    /// Always `nil`: nothing in memory is damaged.
    package var fatalDataError: DataError? { nil }
    /// The failure the next log-out meets instead of ending the session, as a full or read-only disk would make
    /// the database's; `nil` (the default) lets it work. For the flows' tests of a change that cannot be saved.
    package var logOutFailure: DataError?

    private let now: @MainActor () -> Date
    private var accounts: [String: Account] = [:]
    private var posts: [Int64: Post] = [:]
    /// The largest id ever given: ids are never reused, as the database's `AUTOINCREMENT` does.
    private var largestID: Int64 = 0
    private var sessionEmail: String?

    /// The demo account, created at `now()`, and `posts`; nobody logged in. `now` is the time every change is
    /// made at.
    package init(now: @escaping @MainActor () -> Date, posts: [NewPost] = []) {
        self.now = now
        let demo = AccountRecord(
            email: DemoContent.email, displayName: DemoContent.displayName, passwordHash: "", createdAt: now())
        accounts[demo.email] = Account(
            record: demo, password: DemoContent.password, isOnboardingFinished: true, latestSeenAt: nil)
        add(posts)
    }

    /// A second store holding what this one holds now (accounts, session, posts, likes, the saved record, the
    /// log-out failure), at the same clock, changed independently from here on: what a process starting later over
    /// the same database would find.
    package func copy() -> InMemoryDataStore {
        let copy = InMemoryDataStore(now: now)
        copy.accounts = accounts
        copy.posts = posts
        copy.largestID = largestID
        copy.sessionEmail = sessionEmail
        copy.logOutFailure = logOutFailure
        copy.restoration.record = restoration.record
        return copy
    }

    /// Everything this store holds (accounts, session, posts, likes, the saved record, the log-out failure), to
    /// compare: two stores with equal contents answer every question alike from here on. Cheap to take and to
    /// compare while the two share what they hold, as a store and its ``copy()`` do until one changes.
    package var contents: AnyHashable {
        Contents(
            accounts: accounts, posts: posts, largestID: largestID, sessionEmail: sessionEmail,
            record: restoration.record, logOutFailure: logOutFailure.map { "\($0)" })
    }

    /// What ``contents`` compares.
    private struct Contents: Hashable {
        let accounts: [String: Account]
        let posts: [Int64: Post]
        let largestID: Int64
        let sessionEmail: String?
        let record: String?
        let logOutFailure: String?
    }

    /// What a new database starts with: the demo account and the demo posts (``DemoContent``), dated before `now()`.
    package static func firstRun(now: @escaping @MainActor () -> Date) -> InMemoryDataStore {
        InMemoryDataStore(now: now, posts: DemoContent.posts(now: now()))
    }

    /// Adds `posts` with their likes, as the database stores demo or imported posts: a post keeps its `id` when it
    /// has one that is free (and not past ``PostStore/largestKeptID``); the others get the next ids. Emails are
    /// kept normalized, and an author or liker without an account gets one nobody can log in to.
    package func add(_ posts: [NewPost]) {
        var stored: [(likers: [String], createdAt: Date)] = []
        for post in posts.filter({ $0.id != nil }) + posts.filter({ $0.id == nil }) {
            let kept = post.id.flatMap { (1...PostStore.largestKeptID).contains($0) ? $0 : nil }
            let id = kept.flatMap { self.posts[$0] == nil ? $0 : nil } ?? largestID + 1
            largestID = max(largestID, id)
            let author = EmailAddress.normalized(post.authorEmail)
            let likers = post.likedBy.map(EmailAddress.normalized)
            self.posts[id] = Post(
                id: id, authorEmail: author, authorName: post.authorName, createdAt: post.createdAt,
                text: post.text, likers: Set(likers))
            keepAccount(email: author, displayName: post.authorName, createdAt: post.createdAt)
            stored.append((likers, post.createdAt))
        }
        // The likers after every author, as the database stores the likes after every post.
        for (likers, createdAt) in stored {
            for liker in likers { keepAccount(email: liker, displayName: nil, createdAt: createdAt) }
        }
    }

    /// Gives `email` an account nobody can log in to, named `displayName` (the part of the email before the `@`
    /// when `nil`) and made at `createdAt`, unless it has one: what the database's triggers do for every author
    /// and liker.
    private func keepAccount(email: String, displayName: String?, createdAt: Date) {
        guard accounts[email] == nil else { return }
        let name = displayName ?? String(email.prefix { $0 != "@" })
        accounts[email] = Account(
            record: AccountRecord(email: email, displayName: name, passwordHash: "", createdAt: createdAt),
            password: nil, isOnboardingFinished: true, latestSeenAt: nil)
    }

    // MARK: Accounts and the session

    /// Compares the password as typed, and saves the session when it matches; an account without a password
    /// matches none.
    package func logIn(email: String, password: String) throws(DataError) -> AccountRecord? {
        guard let account = accounts[EmailAddress.normalized(email)], let stored = account.password, stored == password
        else { return nil }
        sessionEmail = account.record.email
        return account.record
    }

    /// Creates the account under the rules the database applies, and saves its session.
    package func register(
        email: String, password: String, displayName: String
    ) throws(AccountFailure) -> AccountRecord {
        if let problem = EmailAddress.problem(email) ?? DisplayName.problem(displayName) { throw .invalid(problem) }
        // The database refuses what it cannot hash: a password cut short at a NUL character.
        guard !password.utf8.contains(0) else { throw .hashing(PasswordHasher.Failure.containsNul.description) }
        let record = AccountRecord(
            email: EmailAddress.normalized(email), displayName: DisplayName.normalized(displayName), passwordHash: "",
            createdAt: now())
        guard accounts[record.email] == nil else { throw .emailTaken }
        accounts[record.email] = Account(
            record: record, password: password, isOnboardingFinished: false, latestSeenAt: nil)
        sessionEmail = record.email
        return record
    }

    /// Whether the account is in memory.
    package func isEmailRegistered(_ email: String) throws(DataError) -> Bool {
        accounts[EmailAddress.normalized(email)] != nil
    }

    /// The account of the session kept in memory.
    package func savedSessionAccount() throws(DataError) -> AccountRecord? {
        sessionEmail.flatMap { accounts[$0]?.record }
    }

    /// Forgets the session, unless ``logOutFailure`` says it cannot be saved.
    package func logOut() throws(DataError) {
        if let logOutFailure { throw logOutFailure }
        sessionEmail = nil
    }

    // MARK: What the flows' tests read and change directly, as they would in a database file

    /// The record of where the person is, as the JSON text the database would hold; setting it stands for a
    /// record written by another release, or damaged.
    package var restorationRecord: String? {
        get { restoration.record }
        set { restoration.record = newValue }
    }

    /// Marks the account `email`'s tour finished or not, as another process could have; unknown accounts are
    /// left alone.
    package func setOnboardingFinished(_ isFinished: Bool, email: String) {
        accounts[EmailAddress.normalized(email)]?.isOnboardingFinished = isFinished
    }

    /// Sets when the account `email` last looked at Latest, as another process could have; the Feed tab's badge
    /// counts from there.
    package func setLatestSeen(_ date: Date?, email: String) {
        accounts[EmailAddress.normalized(email)]?.latestSeenAt = date
    }

    /// Every account's email, sorted.
    package var accountEmails: [String] { accounts.keys.sorted() }

    /// Renames the account and every post it wrote.
    package func rename(email: String, to displayName: String) throws(AccountFailure) -> String? {
        if let problem = DisplayName.problem(displayName) { throw .invalid(problem) }
        let name = DisplayName.normalized(displayName)
        let email = EmailAddress.normalized(email)
        guard accounts[email] != nil else { return nil }
        accounts[email]?.record.displayName = name
        for (id, post) in posts where post.authorEmail == email { posts[id]?.authorName = name }
        return name
    }

    /// The account's name and how many of the posts in memory it wrote.
    package func summary(email: String) throws(DataError) -> AccountSummary? {
        let email = EmailAddress.normalized(email)
        guard let account = accounts[email] else { return nil }
        return AccountSummary(
            displayName: account.record.displayName, postCount: posts.values.count { $0.authorEmail == email })
    }

    /// Whether the account's tour is finished; `true` for an unknown account.
    package func isOnboardingFinished(email: String) throws(DataError) -> Bool {
        accounts[EmailAddress.normalized(email)]?.isOnboardingFinished ?? true
    }

    /// Marks the account's tour finished.
    package func finishOnboarding(email: String) throws(DataError) {
        accounts[EmailAddress.normalized(email)]?.isOnboardingFinished = true
    }

    /// Keeps `now()` as the account's last look at Latest.
    package func markLatestSeen(email: String) throws(DataError) {
        let email = EmailAddress.normalized(email)
        guard accounts[email] != nil else { return }
        accounts[email]?.latestSeenAt = now()
    }

    /// Counts the posts by others dated after the last look (after the account was made, if never), up to `limit`.
    package func unseenLatestCount(email: String, limit: Int) throws(DataError) -> Int {
        let email = EmailAddress.normalized(email)
        guard let account = accounts[email] else { return 0 }
        let since = account.latestSeenAt ?? account.record.createdAt
        return min(max(0, limit), posts.values.count { $0.createdAt > since && $0.authorEmail != email })
    }

    // MARK: Posts

    /// The posts sorted in `order`, then the page after `afterID`.
    package func page(
        _ order: PostOrder, after afterID: String?, limit: Int, reader: String
    ) throws(DataError) -> [PostRecord] {
        let sorted = Self.sorted(Array(posts.values), by: order)
        return records(of: Self.page(of: sorted, after: afterID.map(PostID.number), limit: limit), reader: reader)
    }

    /// `posts` in `order`, the first shown first. Not isolated: a comparison isolated to the main actor is checked
    /// to run there at every call, which cost more than the comparison.
    private nonisolated static func sorted(_ posts: [Post], by order: PostOrder) -> [Post] {
        posts.sorted { left, right in
            switch order {
            case .latest: (left.createdAt, left.id) > (right.createdAt, right.id)
            case .popular:
                (left.likers.count, left.createdAt, left.id) > (right.likers.count, right.createdAt, right.id)
            }
        }
    }

    /// The author's posts, newest first, then the page after `afterID`.
    package func page(
        by author: String, after afterID: String?, limit: Int, reader: String
    ) throws(DataError) -> [PostRecord] {
        let author = EmailAddress.normalized(author)
        var own: [Post] = []
        for post in posts.values where post.authorEmail == author { own.append(post) }
        let sorted = Self.sorted(own, by: .latest)
        // The database reads this cursor as any integer, as it has since the author's list was added.
        return records(of: Self.page(of: sorted, after: afterID.map { Int64($0) }, limit: limit), reader: reader)
    }

    /// The post in memory, as `reader` sees it.
    package func post(id: String, reader: String) throws(DataError) -> PostRecord? {
        PostID.number(id).flatMap { posts[$0] }.map { record($0, reader: reader) }
    }

    /// Adds the post at `now()`, under the author's name as kept now, with the next id.
    package func publish(text: String, authorEmail: String, authorName: String) throws(PostFailure) -> PostRecord {
        if let problem = PostText.problem(text) { throw .invalid(problem) }
        let email = EmailAddress.normalized(authorEmail)
        largestID += 1
        let post = Post(
            id: largestID, authorEmail: email, authorName: accounts[email]?.record.displayName ?? authorName,
            createdAt: now(), text: PostText.normalized(text), likers: [])
        posts[post.id] = post
        keepAccount(email: email, displayName: post.authorName, createdAt: post.createdAt)
        return record(post, reader: email)
    }

    /// Adds or removes `email` among the post's likers.
    package func setLike(_ isLiked: Bool, postID: String, email: String) throws(PostFailure) -> PostRecord {
        guard let id = PostID.number(postID), var post = posts[id] else { throw .notFound(postID) }
        let email = EmailAddress.normalized(email)
        if isLiked {
            post.likers.insert(email)
            keepAccount(email: email, displayName: nil, createdAt: post.createdAt)
        } else {
            post.likers.remove(email)
        }
        posts[id] = post
        return record(post, reader: email)
    }

    // MARK: Rows

    /// At most `limit` of `sorted`: from the start when `after` is `nil`, else after the post it names; none when
    /// it names no post there (`.some(nil)`: not an id at all), as the database's keyset paging does.
    private static func page(of sorted: [Post], after: Int64??, limit: Int) -> [Post] {
        var start = sorted.startIndex
        if let after {
            guard let after, let index = sorted.firstIndex(where: { $0.id == after }) else { return [] }
            start = index + 1
        }
        return Array(sorted[start...].prefix(max(0, limit)))
    }

    private func record(_ post: Post, reader: String) -> PostRecord {
        Self.record(post, normalizedReader: EmailAddress.normalized(reader))
    }

    /// The records of `posts` as `reader` sees them, the reader's email normalized once for all of them.
    private func records(of posts: [Post], reader: String) -> [PostRecord] {
        let reader = EmailAddress.normalized(reader)
        var records: [PostRecord] = []
        records.reserveCapacity(posts.count)
        for post in posts { records.append(Self.record(post, normalizedReader: reader)) }
        return records
    }

    private static func record(_ post: Post, normalizedReader reader: String) -> PostRecord {
        PostRecord(
            id: post.id, authorEmail: post.authorEmail, authorName: post.authorName, createdAt: post.createdAt,
            text: post.text, likeCount: post.likers.count, isLikedByReader: post.likers.contains(reader))
    }
}
