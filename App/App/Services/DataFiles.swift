import Foundation

/// The JSON files of the data directory, and the records they hold.
///
/// Each document carries a `version` so a later release can migrate it.
enum DataFiles {
    /// Accounts, with password hashes only.
    static let accounts = "accounts.json"
    /// The logged-in account's email; absent when nobody is logged in.
    static let session = "session.json"
    /// Every post.
    static let posts = "posts.json"

    /// Reads every file once, so a corrupt one is found at start, before any command.
    ///
    /// With `moveAside`, a corrupt or unreadable file is renamed to `<name>.corrupt-<timestamp>` and its path
    /// returned, so the app starts fresh; without it the first problem is thrown.
    static func check(
        _ directory: DataDirectory,
        movingAsideWith timestamp: String?
    ) throws(DataError) -> [String] {
        var movedPaths: [String] = []
        for (name, validate) in validators {
            do {
                try validate(directory, name)
            } catch {
                guard error.isFatal, let timestamp else { throw error }
                movedPaths.append(try directory.moveAside(name, timestamp: timestamp))
            }
        }
        return movedPaths
    }

    private static let validators: [(String, @Sendable (DataDirectory, String) throws(DataError) -> Void)] = [
        (accounts, { directory, name throws(DataError) in _ = try directory.read(name, as: AccountsDocument.self) }),
        (session, { directory, name throws(DataError) in _ = try directory.read(name, as: SessionDocument.self) }),
        (posts, { directory, name throws(DataError) in _ = try directory.read(name, as: PostsDocument.self) }),
    ]
}

/// One account as stored.
struct AccountRecord: Codable, Equatable, Sendable {
    /// The email, trimmed and lowercased: the account's identity.
    var email: String
    /// The name shown to others.
    var displayName: String
    /// A salted yescrypt hash (`$y$…`); never the password.
    var passwordHash: String
    /// When the account was created.
    var createdAt: Date
}

/// The content of `accounts.json`.
struct AccountsDocument: Codable, Equatable, Sendable {
    /// The format's version.
    var version = 1
    /// Every account, oldest first.
    var accounts: [AccountRecord]
}

/// The content of `session.json`.
struct SessionDocument: Codable, Equatable, Sendable {
    /// The format's version.
    var version = 1
    /// The logged-in account's email.
    var email: String
    /// When the session began.
    var createdAt: Date
}

/// One post as stored.
struct PostRecord: Codable, Equatable, Sendable {
    /// A decimal number, unique in the folder.
    var id: String
    /// The author's account email.
    var authorEmail: String
    /// The author's display name when the post was published.
    var authorName: String
    /// When it was published.
    var createdAt: Date
    /// What it says.
    var text: String
    /// The emails of the accounts that like it.
    var likedBy: [String]
}

/// The content of `posts.json`.
struct PostsDocument: Codable, Equatable, Sendable {
    /// The format's version.
    var version = 1
    /// The number the next post gets as its id.
    var nextID: Int
    /// Every post, in publishing order.
    var posts: [PostRecord]
}
