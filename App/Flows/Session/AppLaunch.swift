import AppData
package import Foundation

/// A data file the app cannot trust or cannot write, as the terminal tells it: the data's ``DataError`` seen from
/// outside the data, so the terminal never needs the database's types.
package struct DataFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the file.
    package let description: String
    /// Whether the app must stop with exit code 2 instead of going on.
    package let isFatal: Bool
    /// What the person can do about it, in one sentence (the data's one wording, `DataError.advice`), or `nil`.
    package let advice: String?

    /// The exit code the app ends with on this failure: 2 for a file it cannot trust, 1 for one it cannot write.
    package var exitCode: Int32 { isFatal ? ExitCode.dataError : ExitCode.failure }

    /// The failure of `error`.
    init(_ error: DataError) {
        description = error.description
        isFatal = error.isFatal
        advice = error.advice
    }
}

/// The app opened and composed, with what opening it did to the data files on the way.
@MainActor
package struct AppLaunch {
    /// The composed app.
    package let root: CompositionRoot
    /// The session a front end drives, over ``root``.
    package var session: AppSession { AppSession(root: root) }
    /// The damaged data files renamed aside, where they now are.
    package let movedAsidePaths: [String]
    /// The earlier release's data files imported into the database, where they are kept.
    package let importedPaths: [String]
    /// The demo account's email when opening created a new database with it, else `nil`.
    package let seededDemoAccount: String?
    /// The database checked page by page and index entry by index entry, when `checksData` asked for it and
    /// the check passed; `nil` otherwise.
    package let checkedDatabase: CheckedDatabase?

    /// A database found sound by a check of every page and index entry (`--check-data`).
    package struct CheckedDatabase: Equatable, Sendable {
        /// The database file's path.
        package let path: String
        /// How many pages it has, every one of them checked.
        package let pageCount: Int
    }

    /// Whether the folder at `dataDirectory` holds none of the app's files: a first run, so
    /// `--check-data` has nothing to check (and creates nothing).
    package static func holdsNoData(dataDirectory: String) -> Bool {
        LiveServices.isAbsent(inFolder: dataDirectory)
    }

    /// Opens the data directory at `dataDirectory` and its database (moving a damaged file aside when
    /// `movesCorruptDataAside`; checking every page and index entry when `checksData`; importing an earlier
    /// release's JSON files, or seeding, a new one) and builds the app; or builds `playground`, which needs no
    /// data directory. `fixedNow` is the time the app runs at (from `APP_NOW`), or `nil` for the real time. A
    /// folder that is not the app's own is refused unless `allowsUnsafeDataDirectory`.
    ///
    /// - Throws: ``DataFailure``, or the reason the demo account could not be seeded.
    package static func open(
        dataDirectory: String, playground: FeaturePlayground?, fixedNow: Date?, movesCorruptDataAside: Bool,
        checksData: Bool = false, allowsUnsafeDataDirectory: Bool = false
    ) throws -> AppLaunch {
        let clock = AppClock(fixedNow: fixedNow)
        if let playground {
            return AppLaunch(
                root: CompositionRoot(playground: playground, clock: clock), movedAsidePaths: [], importedPaths: [],
                seededDemoAccount: nil, checkedDatabase: nil)
        }
        do {
            let data = try LiveServices(
                dataDirectory: dataDirectory, clock: clock, movesDamagedFilesAside: movesCorruptDataAside,
                checksEveryPage: checksData, allowsUnsafeFolder: allowsUnsafeDataDirectory)
            return AppLaunch(
                root: CompositionRoot(data: data, clock: clock), movedAsidePaths: data.movedAsidePaths,
                importedPaths: data.importedPaths, seededDemoAccount: data.seededDemoAccount,
                checkedDatabase: checksData ? CheckedDatabase(path: data.databasePath, pageCount: data.pageCount) : nil)
        } catch let error as DataError {
            throw DataFailure(error)
        }
    }
}
