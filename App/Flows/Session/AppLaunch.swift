package import AppData
package import AppInterface
import Core
package import FoundationEssentials

extension DataFailure {
    /// The failure of `error`, in the data's one wording (`DataError.advice`).
    init(_ error: DataError) {
        self.init(description: error.description, isFatal: error.isFatal, advice: error.advice)
    }
}

/// The app opened and composed, with what opening it did to the data files on the way.
@MainActor
package struct AppLaunch {
    /// The composed app.
    package let root: CompositionRoot
    /// The session a front end drives, over ``root``.
    package var session: FlowSession { FlowSession(root: root) }
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
        LiveDataStore.isAbsent(inFolder: dataDirectory)
    }

    /// Why `link` is no link the app follows, whatever the data holds: the parser's refusal, in the words a refused
    /// `open` uses; `nil` for a well-formed link.
    package static func linkRefusal(_ link: String) -> String? {
        do {
            _ = try DeepLink.parse(link)
            return nil
        } catch {
            return error.description
        }
    }

    /// Opens the data directory at `dataDirectory` and its database (moving a damaged file aside when
    /// `movesCorruptDataAside`; checking every page and index entry when `checksData`; importing an earlier
    /// release's JSON files, or seeding, a new one) and builds the app; or builds `playground`, which needs no
    /// data directory. `fixedNow` is the time the app runs at (from `APP_NOW`), or `nil` for the real time. A
    /// folder that is not the app's own is refused unless `allowsUnsafeDataDirectory`. When `animatesTransitions`,
    /// the window's transitions take time, on a clock the session's front end moves on. New passwords are hashed at
    /// `passwordCost`.
    ///
    /// - Throws: ``DataFailure``, or the reason the demo account could not be seeded.
    package static func open(
        dataDirectory: String, playground: FeaturePlayground?, fixedNow: Date?, movesCorruptDataAside: Bool,
        checksData: Bool = false, allowsUnsafeDataDirectory: Bool = false, animatesTransitions: Bool = false,
        passwordCost: PasswordCost = .standard
    ) throws -> AppLaunch {
        let clock = AppClock(fixedNow: fixedNow)
        let transitions: TransitionClock = animatesTransitions ? .manual(ManualClock()) : .immediate
        if let playground {
            return AppLaunch(
                root: CompositionRoot(playground: playground, clock: clock, transitions: transitions),
                movedAsidePaths: [], importedPaths: [],
                seededDemoAccount: nil, checkedDatabase: nil)
        }
        do {
            let data = try LiveDataStore(
                dataDirectory: dataDirectory, clock: clock, movesDamagedFilesAside: movesCorruptDataAside,
                checksEveryPage: checksData, allowsUnsafeFolder: allowsUnsafeDataDirectory, passwordCost: passwordCost)
            return AppLaunch(
                root: try CompositionRoot(data: data, clock: clock, transitions: transitions),
                movedAsidePaths: data.movedAsidePaths,
                importedPaths: data.importedPaths, seededDemoAccount: data.seededDemoAccount,
                checkedDatabase: checksData ? CheckedDatabase(path: data.databasePath, pageCount: data.pageCount) : nil)
        } catch let error as DataError {
            throw DataFailure(error)
        }
    }

    /// Builds the whole app over `data` at the time of `clock`, with no data directory: over the in-memory twin
    /// (``InMemoryDataStore``), the app runs in process with no database, as it runs over the live one. Building
    /// it again over the same `data` is a restart: it finds the session and the place the first one saved.
    ///
    /// - Throws: ``DataFailure`` when the saved session cannot be read.
    package static func compose(over data: any AppDataStore, clock: AppClock) throws(DataFailure) -> AppLaunch {
        do {
            return AppLaunch(
                root: try CompositionRoot(data: data, clock: clock), movedAsidePaths: [], importedPaths: [],
                seededDemoAccount: nil, checkedDatabase: nil)
        } catch {
            throw DataFailure(error)
        }
    }
}
