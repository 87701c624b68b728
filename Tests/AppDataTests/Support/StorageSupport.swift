import DataTesting
import Foundation
import Testing

@testable import AppData

/// The tests' fixed time, as the app runs at it in scripts (`APP_NOW=2026-01-01T12:00:00Z`).
enum TestTime {
    static let now = Date(timeIntervalSince1970: 1_767_268_800)
    /// What the fixed clock appends to a file it moves aside.
    static let movedSuffix = ".corrupt-20260101T120000Z"
}

/// The demo account a first run seeds.
enum Demo {
    static let email = "demo@example.com"
    static let password = "demo-password"
}

extension TemporaryDataDirectory {
    /// The database of this directory, opened as the app opens it: created, migrated and seeded when needed (at
    /// the tests' fixed time).
    func database() throws -> Database {
        try Database.open(
            in: DataDirectory.open(path: path), now: TestTime.now, timestamp: "test", movesDamagedFilesAside: false
        ).database
    }

    /// The data of this directory as the app opens it at the tests' fixed time (see ``openStore(at:)``).
    @MainActor
    func store(
        movesDamagedFilesAside: Bool = false, checksEveryPage: Bool = false, allowsUnsafeFolder: Bool = false,
        passwordCost: PasswordCost = .minimal
    ) throws -> LiveDataStore {
        try openStore(
            at: path, movesDamagedFilesAside: movesDamagedFilesAside, checksEveryPage: checksEveryPage,
            allowsUnsafeFolder: allowsUnsafeFolder, passwordCost: passwordCost)
    }

    /// The data error opening this directory throws, or `nil` when it opens (see ``openingError(at:)``).
    @MainActor
    func openingError(
        movesDamagedFilesAside: Bool = false, checksEveryPage: Bool = false, allowsUnsafeFolder: Bool = false
    ) throws -> DataError? {
        try AppDataTests.openingError(
            at: path, movesDamagedFilesAside: movesDamagedFilesAside, checksEveryPage: checksEveryPage,
            allowsUnsafeFolder: allowsUnsafeFolder)
    }

    /// A first run that leaves the demo account logged in: the database is created and seeded as the app opens it,
    /// the session a log-in saves is written, and the database closed again (its log copied into it).
    ///
    /// The password is not checked here: that takes a deliberately slow yescrypt hash, and this is only where a
    /// test starts from. Logging in itself is specified in `DataStoreSpecTests`.
    @MainActor
    func logInDemo() throws {
        _ = try store()
        try database().write { connection throws(SQLiteError) in
            try AccountStore.startSession(email: Demo.email, now: TestTime.now, in: connection)
        }
    }
}

/// The data of the folder at `path` as the app opens it at the tests' fixed time: `movesDamagedFilesAside`,
/// `checksEveryPage` and `allowsUnsafeFolder` are what `--move-aside-corrupt-data`, `--check-data` and
/// `--allow-unsafe-data-dir` ask for.
///
/// New passwords, the demo account's included, are hashed at the minimal cost unless `passwordCost` says otherwise:
/// the same hashing and checking as the app's, in a millisecond instead of twenty, since most tests log in or sign
/// up only to get somewhere. The tests of what the app stores ask for the standard cost.
@MainActor
func openStore(
    at path: String, movesDamagedFilesAside: Bool = false, checksEveryPage: Bool = false,
    allowsUnsafeFolder: Bool = false, passwordCost: PasswordCost = .minimal
) throws -> LiveDataStore {
    try LiveDataStore(
        dataDirectory: path, clock: AppClock(fixedNow: TestTime.now), movesDamagedFilesAside: movesDamagedFilesAside,
        checksEveryPage: checksEveryPage, allowsUnsafeFolder: allowsUnsafeFolder, passwordCost: passwordCost)
}

/// The data error opening the folder at `path` throws (the error the app stops on with exit code 2 when it is
/// fatal), or `nil` when it opens; it is closed again at once.
@MainActor
func openingError(
    at path: String, movesDamagedFilesAside: Bool = false, checksEveryPage: Bool = false,
    allowsUnsafeFolder: Bool = false
) throws -> DataError? {
    do {
        _ = try openStore(
            at: path, movesDamagedFilesAside: movesDamagedFilesAside, checksEveryPage: checksEveryPage,
            allowsUnsafeFolder: allowsUnsafeFolder)
        return nil
    } catch let error as DataError {
        return error
    }
}

/// Checks that `error` stops the app (exit code 2) and that what it says is for people: no Swift debug text such
/// as `corrupt(path: …)` or `Optional(…)` in its description or advice.
func expectFatalAndPlain(_ error: DataError, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(error.isFatal, "\(error)", sourceLocation: sourceLocation)
    for text in [error.description, error.advice ?? ""] {
        #expect(!MessageScan.containsDebugText(text), "\(text)", sourceLocation: sourceLocation)
    }
}
