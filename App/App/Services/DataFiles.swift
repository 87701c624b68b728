import Foundation

/// The JSON files of the data directory (their documents and records each have their own file).
///
/// Each document carries a `version` so a later release can migrate it. A file written by a newer release
/// (a greater `version`) is refused rather than read, since reading would drop what this release does not know and
/// the next write would lose it.
enum DataFiles {
    /// The format version this release writes and the newest it reads.
    static let formatVersion = 1

    /// Accounts, with password hashes only.
    static let accounts = "accounts.json"
    /// The logged-in account's email; absent when nobody is logged in.
    static let session = "session.json"
    /// Every post.
    static let posts = "posts.json"

    /// Reads every file once, so a corrupt one is found at start, before any command.
    ///
    /// With `movingAsideWith`, a corrupt or unreadable file is renamed to `<name>.corrupt-<timestamp>` and its path
    /// returned, so the app starts fresh; without it the first problem is thrown. A file from a newer release is
    /// always thrown: it is not broken, and that release still needs it where it is.
    static func check(
        _ directory: DataDirectory,
        movingAsideWith timestamp: String?
    ) throws(DataError) -> [String] {
        var movedPaths: [String] = []
        for (name, validate) in validators {
            do {
                try validate(directory, name)
            } catch {
                guard error.canBeMovedAside, let timestamp else { throw error }
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
