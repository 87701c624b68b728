import FoundationEssentials

/// The JSON files earlier releases kept in the data directory, read once to import them into the database.
///
/// Each file carried a `version`; a file written by a newer release (a greater `version`) is refused rather than
/// read. After a complete import the files are renamed to `<name>.imported-<timestamp>` and kept, so nothing is
/// lost by upgrading.
enum DataFiles {
    /// The newest format version of the JSON files this release reads.
    static let formatVersion = 1

    /// Accounts, with password hashes only.
    static let accounts = "accounts.json"
    /// The logged-in account's email; absent when nobody is logged in.
    static let session = "session.json"
    /// Every post.
    static let posts = "posts.json"

    /// The content of `accounts.json`.
    struct AccountsDocument: Codable, Equatable, Sendable {
        var version = DataFiles.formatVersion
        var accounts: [AccountRecord]
    }

    /// The content of `session.json`.
    struct SessionDocument: Codable, Equatable, Sendable {
        var version = DataFiles.formatVersion
        var email: String
        var createdAt: Date
    }

    /// The content of `posts.json`.
    struct PostsDocument: Codable, Equatable, Sendable {
        var version = DataFiles.formatVersion
        var nextID: Int
        var posts: [Post]
    }

    /// One post of `posts.json`, likes included.
    struct Post: Codable, Equatable, Sendable {
        var id: String
        var authorEmail: String
        var authorName: String
        var createdAt: Date
        var text: String
        var likedBy: [String]
    }

    /// What the files of a data directory hold; `nil` for a missing file.
    struct Contents: Sendable {
        var accounts: AccountsDocument?
        var session: SessionDocument?
        var posts: PostsDocument?

        /// Whether there is anything to import.
        var isEmpty: Bool { accounts == nil && session == nil && posts == nil }
    }

    /// Reads every JSON file of `directory`.
    ///
    /// With `movingAsideWith`, a corrupt or unreadable file is renamed to `<name>.corrupt-<timestamp>` and its path
    /// returned, and the rest is read; without it the first problem is thrown. A file from a newer release is
    /// always thrown: it is not broken, and that release still needs it where it is.
    static func read(
        _ directory: DataDirectory,
        movingAsideWith timestamp: String?
    ) throws(DataError) -> (contents: Contents, movedPaths: [String]) {
        var contents = Contents()
        var movedPaths: [String] = []
        func reading<Document: Decodable>(_ name: String, as type: Document.Type) throws(DataError) -> Document? {
            do {
                return try directory.read(name, as: type)
            } catch {
                guard error.canBeMovedAside, let timestamp else { throw error }
                if let moved = try directory.moveAside(name, suffix: "corrupt-\(timestamp)") {
                    movedPaths.append(moved)
                }
                return nil
            }
        }
        contents.accounts = try reading(accounts, as: AccountsDocument.self)
        contents.session = try reading(session, as: SessionDocument.self)
        contents.posts = try reading(posts, as: PostsDocument.self)
        return (contents, movedPaths)
    }

    /// Renames the imported files to `<name>.imported-<timestamp>` and returns their new paths.
    static func keepAside(_ directory: DataDirectory, timestamp: String) throws(DataError) -> [String] {
        var paths: [String] = []
        for name in [accounts, session, posts] {
            if let path = try directory.moveAside(name, suffix: "imported-\(timestamp)") { paths.append(path) }
        }
        return paths
    }
}
