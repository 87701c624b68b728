import FoundationEssentials
import InputRules

/// Accounts and the session in the database. Safe to use from any thread and any process.
struct AccountStore: Sendable {
    /// The database holding the accounts.
    let database: Database
    /// The cost of the hashes of new passwords.
    var passwordCost = PasswordCost.standard

    /// The account with `email`, if any.
    func account(email: String) throws(DataError) -> AccountRecord? {
        try database.read { connection throws(SQLiteError) in
            try Self.account(email: EmailAddress.normalized(email), in: connection)
        }
    }

    /// Creates an account and logs it in, in one transaction. The password is stored only as a salted hash; the
    /// email and the name obey the same ``InputRules`` the screens apply.
    func register(
        email: String, password: String, displayName: String, now: Date
    ) throws(AccountFailure) -> AccountRecord {
        if let problem = EmailAddress.problem(email) ?? DisplayName.problem(displayName) { throw .invalid(problem) }
        let hash: String
        do {
            hash = try PasswordHasher.hash(password, cost: passwordCost)
        } catch {
            throw .hashing(error.description)
        }
        let record = AccountRecord(
            email: EmailAddress.normalized(email), displayName: DisplayName.normalized(displayName),
            passwordHash: hash, createdAt: now)
        do {
            try database.write { connection throws(SQLiteError) in
                // A new account has not seen the onboarding tour yet.
                try connection.run(
                    """
                    INSERT INTO accounts (email, display_name, password_hash, created_at, onboarding_finished)
                    VALUES (?1, ?2, ?3, ?4, 0)
                    """,
                    [
                        .text(record.email), .text(record.displayName), .text(record.passwordHash),
                        .real(now.timeIntervalSince1970),
                    ])
                try Self.startSession(email: record.email, now: now, in: connection)
            }
        } catch {
            if error.isUniqueViolation { throw .emailTaken }
            throw .data(error.dataError(path: database.path))
        }
        return record
    }

    /// Checks the credentials and, when they match, logs the account in and returns it; `nil` for an unknown
    /// email, a wrong password, or an account nobody can log in to (one with no password hash: a seeded or
    /// imported author or liker), and the caller cannot tell which.
    func logIn(email: String, password: String, now: Date) throws(DataError) -> AccountRecord? {
        guard let record = try account(email: email), !record.passwordHash.isEmpty else {
            // Hash anyway so an unknown email takes as long as a wrong password.
            _ = PasswordHasher.verify(password, against: passwordCost.settingPrefix + "unknownaccountsalt0000$")
            return nil
        }
        guard PasswordHasher.verify(password, against: record.passwordHash) else { return nil }
        do {
            try database.write { connection throws(SQLiteError) in
                try Self.startSession(email: record.email, now: now, in: connection)
            }
        } catch {
            throw error.dataError(path: database.path)
        }
        return record
    }

    /// The logged-in account, or `nil` when nobody is logged in or the session's account no longer exists.
    func currentAccount() throws(DataError) -> AccountRecord? {
        try database.read { connection throws(SQLiteError) in
            guard let email = try connection.query("SELECT email FROM session", row: { $0.text(0) }).first else {
                return nil
            }
            return try Self.account(email: email, in: connection)
        }
    }

    /// Ends the session. When this throws, the session is still stored: the person is still logged in.
    func logOut() throws(DataError) {
        do {
            try database.write { connection throws(SQLiteError) in try connection.run("DELETE FROM session") }
        } catch {
            throw error.dataError(path: database.path)
        }
    }

    /// Whether the account `email` has finished (or skipped) the onboarding tour; `true` for an account that no
    /// longer exists, which has nothing to be shown.
    func isOnboardingFinished(email: String) throws(DataError) -> Bool {
        try database.read { connection throws(SQLiteError) in
            try connection.query(
                "SELECT onboarding_finished FROM accounts WHERE email = ?1", [.text(EmailAddress.normalized(email))]
            ) { $0.integer(0) != 0 }.first ?? true
        }
    }

    /// Records that the account `email` finished (or skipped) the onboarding tour, so it is never shown again.
    func finishOnboarding(email: String) throws(DataError) {
        try change { connection throws(SQLiteError) in
            _ = try connection.run(
                "UPDATE accounts SET onboarding_finished = 1 WHERE email = ?1", [.text(EmailAddress.normalized(email))])
        }
    }

    /// The display name of the account `email` and how many posts it wrote (counted along `posts_by_author`), or
    /// `nil` when there is no such account.
    func summary(email: String) throws(DataError) -> AccountSummary? {
        let email = EmailAddress.normalized(email)
        return try database.read { connection throws(SQLiteError) in
            guard let account = try Self.account(email: email, in: connection) else { return nil }
            let count =
                try connection.query(
                    "SELECT count(*) FROM posts WHERE author_email = ?1", [.text(email)]
                ) { $0.integer(0) }.first ?? 0
            return AccountSummary(displayName: account.displayName, postCount: Int(count))
        }
    }

    /// Renames the account `email` to `displayName` and shows the new name on every post it wrote, in one
    /// transaction. The name obeys ``DisplayName`` and is stored normalized; returns the name as stored, or `nil`
    /// when there is no such account.
    func rename(email: String, to displayName: String) throws(AccountFailure) -> String? {
        if let problem = DisplayName.problem(displayName) { throw .invalid(problem) }
        let name = DisplayName.normalized(displayName)
        let email = EmailAddress.normalized(email)
        do {
            return try database.write { connection throws(SQLiteError) -> String? in
                guard
                    try connection.run(
                        "UPDATE accounts SET display_name = ?2 WHERE email = ?1", [.text(email), .text(name)]) > 0
                else { return nil }
                _ = try connection.run(
                    "UPDATE posts SET author_name = ?2 WHERE author_email = ?1", [.text(email), .text(name)])
                return name
            }
        } catch {
            throw .data(error.dataError(path: database.path))
        }
    }

    /// Records that the person of the account `email` looked at the Latest list at `now`.
    /// Nothing is written when that is the time already stored: a look that changes nothing costs no write.
    func markLatestSeen(email: String, now: Date) throws(DataError) {
        let email = EmailAddress.normalized(email)
        let stored = try database.read { connection throws(SQLiteError) in
            try connection.query(
                "SELECT coalesce(latest_seen_at, -1) FROM accounts WHERE email = ?1", [.text(email)],
                row: { $0.real(0) }
            ).first
        }
        guard let stored, stored != now.timeIntervalSince1970 else { return }
        try change { connection throws(SQLiteError) in
            _ = try connection.run(
                "UPDATE accounts SET latest_seen_at = ?2 WHERE email = ?1",
                [.text(email), .real(now.timeIntervalSince1970)])
        }
    }

    /// How many posts by others were published since the person of the account `email` last looked at Latest
    /// (since the account was made, if never), counted up to `limit` so the count stays cheap with millions of
    /// posts; 0 for an account that no longer exists.
    func unseenLatestCount(email: String, limit: Int) throws(DataError) -> Int {
        let email = EmailAddress.normalized(email)
        return try database.read { connection throws(SQLiteError) in
            guard
                let since = try connection.query(
                    "SELECT coalesce(latest_seen_at, created_at) FROM accounts WHERE email = ?1", [.text(email)],
                    row: { $0.real(0) }
                ).first
            else { return 0 }
            // A range of `posts_by_recency` from the last look on, stopped at `limit`: as cheap with a million posts
            // as with four.
            let count =
                try connection.query(
                    "SELECT count(*) FROM (SELECT 1 FROM posts WHERE created_at > ?2 AND author_email != ?1 LIMIT ?3)",
                    [.text(email), .real(since), .integer(Int64(max(0, limit)))]
                ) { $0.integer(0) }.first ?? 0
            return Int(count)
        }
    }

    /// Runs `body` in one write transaction, as the ``DataError`` of this store's database.
    private func change(_ body: (SQLiteConnection) throws(SQLiteError) -> Void) throws(DataError) {
        do {
            try database.write(body)
        } catch {
            throw error.dataError(path: database.path)
        }
    }

    private static func account(email: String, in connection: SQLiteConnection) throws(SQLiteError) -> AccountRecord? {
        try connection.query(
            "SELECT email, display_name, password_hash, created_at FROM accounts WHERE email = ?1", [.text(email)]
        ) { row in
            AccountRecord(
                email: row.text(0), displayName: row.text(1), passwordHash: row.text(2),
                createdAt: Date(timeIntervalSince1970: row.real(3)))
        }.first
    }

    /// Saves `email`'s session, as a log-in or a registration does once the account is known.
    static func startSession(email: String, now: Date, in connection: SQLiteConnection) throws(SQLiteError) {
        try connection.run(
            "INSERT OR REPLACE INTO session (singleton, email, created_at) VALUES (1, ?1, ?2)",
            [.text(email), .real(now.timeIntervalSince1970)])
    }
}
