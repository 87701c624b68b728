import FoundationEssentials

/// What a new database starts with, so a newcomer can log in at once: the demo account and a few posts
/// (written by ``Database/open(in:now:timestamp:movesDamagedFilesAside:checksEveryPage:hash:)``).
enum DemoContent {
    /// The demo account's email.
    static let email = "demo@example.com"
    /// The demo account's password (documented in the README; stored only as a hash).
    static let password = "demo-password"
    /// The demo account's display name.
    static let displayName = "Demo"
    /// A salted yescrypt hash of ``password``, made once: the password is public, so one hash for every new
    /// database gives nothing away, and a new database costs no hashing (a yescrypt hash takes tens of
    /// milliseconds, on purpose).
    static let passwordHash = "$y$j9T$WXvM8k837s8.ChvZ$iVoQZNSFL.igd94vLPRaarq9XWqtvTFgxFlta.Q4Tb5"

    /// The hash a new database stores for `password`: ``passwordHash`` for the demo password at the standard
    /// cost, a new one otherwise.
    static func hash(_ password: String, cost: PasswordCost = .standard) throws(PasswordHasher.Failure) -> String {
        password == self.password && cost == .standard
            ? passwordHash : try PasswordHasher.hash(password, cost: cost)
    }

    /// The demo posts, dated relative to `now`.
    static func posts(now: Date) -> [NewPost] {
        let minute: TimeInterval = 60
        return [
            NewPost(
                id: 1, authorEmail: "ada@example.com", authorName: "Ada", createdAt: now - 3 * 24 * 60 * minute,
                text: "Coordinators own flows; screens only draw.", likedBy: ["grace@example.com", "linus@example.com"]),
            NewPost(
                id: 2, authorEmail: "grace@example.com", authorName: "Grace", createdAt: now - 5 * 60 * minute,
                text: "A parent decides how a child is shown: push, sheet or embed.",
                likedBy: ["ada@example.com", "linus@example.com", "demo@example.com"]),
            NewPost(
                id: 3, authorEmail: "linus@example.com", authorName: "Linus", createdAt: now - 40 * minute,
                text: "Swipe a sheet down and its coordinator is released too.", likedBy: ["ada@example.com"]),
            NewPost(
                id: 4, authorEmail: email, authorName: displayName, createdAt: now - 2 * minute,
                text: "Hello from the demo account. Try compose, likes and deep links.", likedBy: []),
        ]
    }
}
