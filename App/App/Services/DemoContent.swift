import Foundation

/// What a new data directory starts with, so a newcomer can log in at once: the demo account and a few posts.
enum DemoContent {
    /// The demo account's email.
    static let email = "demo@example.com"
    /// The demo account's password (documented in the README; stored only as a hash).
    static let password = "demo-password"
    /// The demo account's display name.
    static let displayName = "Demo"

    /// Adds the demo account when there is no accounts file, and the demo posts when there is no posts file.
    static func seedIfNeeded(_ directory: DataDirectory, now: Date) throws(DataError) {
        let accounts = AccountStore(directory: directory)
        if try directory.read(DataFiles.accounts, as: AccountsDocument.self) == nil {
            let hash = (try? PasswordHasher.hash(password)) ?? ""
            guard !hash.isEmpty else {
                throw .unwritable(path: directory.filePath(DataFiles.accounts), problem: "cannot hash a password")
            }
            try accounts.insertIfMissing(
                AccountRecord(email: email, displayName: displayName, passwordHash: hash, createdAt: now))
        }
        if try directory.read(DataFiles.posts, as: PostsDocument.self) == nil {
            try PostStore(directory: directory).seedIfMissing(posts(now: now))
        }
    }

    /// The demo posts, dated relative to `now`.
    static func posts(now: Date) -> [PostRecord] {
        let minute: TimeInterval = 60
        return [
            PostRecord(
                id: "1", authorEmail: "ada@example.com", authorName: "Ada", createdAt: now - 3 * 24 * 60 * minute,
                text: "Coordinators own flows; screens only draw.", likedBy: ["grace@example.com", "linus@example.com"]),
            PostRecord(
                id: "2", authorEmail: "grace@example.com", authorName: "Grace", createdAt: now - 5 * 60 * minute,
                text: "A parent decides how a child is shown: push, sheet or embed.",
                likedBy: ["ada@example.com", "linus@example.com", "demo@example.com"]),
            PostRecord(
                id: "3", authorEmail: "linus@example.com", authorName: "Linus", createdAt: now - 40 * minute,
                text: "Swipe a sheet down and its coordinator is released too.", likedBy: ["ada@example.com"]),
            PostRecord(
                id: "4", authorEmail: email, authorName: displayName, createdAt: now - 2 * minute,
                text: "Hello from the demo account. Try compose, likes and deep links.", likedBy: []),
        ]
    }
}
