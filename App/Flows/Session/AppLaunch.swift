import AppData
package import Foundation

/// A data file the app cannot trust or cannot write, as the terminal tells it: the data's ``DataError`` seen from
/// outside the data, so the terminal never needs the database's types.
package struct DataFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the file.
    package let description: String
    /// Whether the app must stop with exit code 2 instead of going on.
    package let isFatal: Bool
    /// Whether `--move-aside-corrupt-data` may rename the file.
    package let canBeMovedAside: Bool

    /// The exit code the app ends with on this failure: 2 for a file it cannot trust, 1 for one it cannot write.
    package var exitCode: Int32 { isFatal ? ExitCode.dataError : ExitCode.failure }

    /// The failure of `error`.
    init(_ error: DataError) {
        description = error.description
        isFatal = error.isFatal
        canBeMovedAside = error.canBeMovedAside
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

    /// Opens the data directory at `dataDirectory` and its database (moving a damaged file aside when
    /// `movesCorruptDataAside`; importing an earlier release's JSON files, or seeding, a new one) and builds the
    /// app; or builds `playground`, which needs no data directory. `fixedNow` is the time the app runs at (from
    /// `APP_NOW`), or `nil` for the real time.
    ///
    /// - Throws: ``DataFailure``, or the reason the demo account could not be seeded.
    package static func open(
        dataDirectory: String, playground: FeaturePlayground?, fixedNow: Date?, movesCorruptDataAside: Bool
    ) throws -> AppLaunch {
        let clock = AppClock(fixedNow: fixedNow)
        if let playground {
            return AppLaunch(
                root: CompositionRoot(playground: playground, clock: clock), movedAsidePaths: [], importedPaths: [])
        }
        do {
            let data = try LiveServices(
                dataDirectory: dataDirectory, clock: clock, movesDamagedFilesAside: movesCorruptDataAside)
            return AppLaunch(
                root: CompositionRoot(data: data, clock: clock), movedAsidePaths: data.movedAsidePaths,
                importedPaths: data.importedPaths)
        } catch let error as DataError {
            throw DataFailure(error)
        }
    }
}
