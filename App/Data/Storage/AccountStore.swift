import Foundation
import InputRules

/// Accounts and the session in the database. Safe to use from any thread and any process.
struct AccountStore: Sendable {
    /// Why registering failed.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// An account with this email exists.
        case emailTaken
        /// The email or the display name breaks a rule of ``InputRules``; the rule's message.
        case invalid(String)
        /// The password could not be hashed.
        case hashing(String)
        /// The database failed.
        case data(DataError)

        var description: String {
            switch self {
            case .emailTaken: "an account with this email exists"
            case .invalid(let reason), .hashing(let reason): reason
            case .data(let error): error.description
            }
        }
    }

    /// The database holding the accounts.
    let database: Database

    /// The account with `email`, if any.
    func account(email: String) throws(DataError) -> AccountRecord? {
        try database.read { connection throws(SQLiteError) in
            try Self.account(email: EmailAddress.normalized(email), in: connection)
        }
    }

    /// Creates an account and logs it in, in one transaction. The password is stored only as a salted hash; the
    /// email and the name obey the same ``InputRules`` the screens apply.
    func register(email: String, password: String, displayName: String, now: Date) throws(Failure) -> AccountRecord {
        if let problem = EmailAddress.problem(email) ?? DisplayName.problem(displayName) { throw .invalid(problem) }
        let hash: String
        do {
            hash = try PasswordHasher.hash(password)
        } catch {
            throw .hashing(error.description)
        }
        let record = AccountRecord(
            email: EmailAddress.normalized(email), displayName: DisplayName.normalized(displayName),
            passwordHash: hash, createdAt: now)
        do {
            try database.write { connection throws(SQLiteError) in
                try connection.run(
                    "INSERT INTO accounts (email, display_name, password_hash, created_at) VALUES (?1, ?2, ?3, ?4)",
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
    /// email or a wrong password (the caller cannot tell which).
    func logIn(email: String, password: String, now: Date) throws(DataError) -> AccountRecord? {
        guard let record = try account(email: email) else {
            // Hash anyway so an unknown email takes as long as a wrong password.
            _ = PasswordHasher.verify(password, against: PasswordHasher.settingPrefix + "unknownaccountsalt0000$")
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

    private static func account(email: String, in connection: SQLiteConnection) throws(SQLiteError) -> AccountRecord? {
        try connection.query(
            "SELECT email, display_name, password_hash, created_at FROM accounts WHERE email = ?1", [.text(email)]
        ) { row in
            AccountRecord(
                email: row.text(0), displayName: row.text(1), passwordHash: row.text(2),
                createdAt: Date(timeIntervalSince1970: row.real(3)))
        }.first
    }

    private static func startSession(email: String, now: Date, in connection: SQLiteConnection) throws(SQLiteError) {
        try connection.run(
            "INSERT OR REPLACE INTO session (singleton, email, created_at) VALUES (1, ?1, ?2)",
            [.text(email), .real(now.timeIntervalSince1970)])
    }
}
