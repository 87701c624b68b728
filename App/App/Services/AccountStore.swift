import Foundation

/// Accounts and the session in the data directory. Safe to use from any thread and any process.
struct AccountStore: Sendable {
    /// Why registering or logging in failed.
    enum Failure: Error, Equatable {
        /// An account with this email exists.
        case emailTaken
        /// The password could not be hashed.
        case hashing(String)
        /// The data directory failed.
        case data(DataError)
    }

    /// The folder holding the files.
    let directory: DataDirectory

    /// The form an email is stored and compared in: trimmed and lowercased.
    static func normalized(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// The account with `email`, if any.
    func account(email: String) throws(DataError) -> AccountRecord? {
        let email = Self.normalized(email)
        return try accounts().first { $0.email == email }
    }

    /// Creates an account and logs it in. The password is stored only as a salted hash.
    func register(email: String, password: String, displayName: String, now: Date) throws(Failure) -> AccountRecord {
        let hash: String
        do {
            hash = try PasswordHasher.hash(password)
        } catch {
            throw .hashing(error.description)
        }
        let record = AccountRecord(
            email: Self.normalized(email),
            displayName: displayName.trimmingCharacters(in: .whitespacesAndNewlines),
            passwordHash: hash,
            createdAt: now)
        let outcome: Result<AccountRecord, Failure>
        do {
            outcome = try directory.withExclusiveLock { () throws(DataError) -> Result<AccountRecord, Failure> in
                var document =
                    try directory.read(DataFiles.accounts, as: AccountsDocument.self)
                    ?? AccountsDocument(accounts: [])
                guard !document.accounts.contains(where: { $0.email == record.email }) else {
                    return .failure(.emailTaken)
                }
                document.accounts.append(record)
                try directory.write(document, to: DataFiles.accounts)
                try directory.write(SessionDocument(email: record.email, createdAt: now), to: DataFiles.session)
                return .success(record)
            }
        } catch {
            throw .data(error)
        }
        return try outcome.get()
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
        try directory.withExclusiveLock { () throws(DataError) in
            try directory.write(SessionDocument(email: record.email, createdAt: now), to: DataFiles.session)
        }
        return record
    }

    /// The logged-in account, or `nil` when nobody is logged in or the session's account no longer exists.
    func currentAccount() throws(DataError) -> AccountRecord? {
        guard let session = try directory.read(DataFiles.session, as: SessionDocument.self) else { return nil }
        return try account(email: session.email)
    }

    /// Ends the session.
    func logOut() throws(DataError) {
        try directory.withExclusiveLock { () throws(DataError) in
            try directory.remove(DataFiles.session)
        }
    }

    /// Adds `record` unless an account with its email exists (used to seed the demo account).
    func insertIfMissing(_ record: AccountRecord) throws(DataError) {
        try directory.withExclusiveLock { () throws(DataError) in
            var document =
                try directory.read(DataFiles.accounts, as: AccountsDocument.self)
                ?? AccountsDocument(accounts: [])
            guard !document.accounts.contains(where: { $0.email == record.email }) else { return }
            document.accounts.append(record)
            try directory.write(document, to: DataFiles.accounts)
        }
    }

    private func accounts() throws(DataError) -> [AccountRecord] {
        try directory.read(DataFiles.accounts, as: AccountsDocument.self)?.accounts ?? []
    }
}
