package import Core
package import FoundationEssentials

/// The running app as a front end drives it, written once for the line mode, the full screen and the tests: the
/// start (the first screen and the place restored), every input with one result whatever failed, what to do after
/// each command (the place saved, the stop on damaged data), the reminder of a link waiting for a log-in, and the
/// question before leaving with unsaved work.
///
/// A front end draws and reports from ``snapshot()``, a value, and sends every input through ``send(_:)``; it
/// never holds the window, the coordinators or the data. The flows implement it over the composed app; a
/// front end's tests implement it with a stand-in.
@MainActor
package protocol AppSession: AnyObject {
    /// What the window shows now, with the coordinator tree, as values.
    func snapshot() -> ScreenSnapshot

    /// Starts the app: its first screen, then, when `restores`, the place the person left, then `initialLink`
    /// (`--open`), if any. Without `restores`, the place left stays saved until the person moves.
    func start(restores: Bool, initialLink: String?) async -> SessionStart

    /// Stops the app: the whole tree is torn down.
    func stop()

    /// Calls `handler` with every change of the app's coordinator tree (a coordinator attached, started, stopped or
    /// detached), in the tree's order, as it happens, for as long as the returned observation is kept; `nil` when
    /// the session has no tree to observe. A front end follows the tree with it instead of asking again.
    func observeCoordinators(
        _ handler: @escaping @MainActor (CoordinatorLifecycleEvent) -> Void
    ) -> LifecycleObservation?

    /// Carries out `input`, one command's effect, and returns why it failed, whatever failed: what the window or
    /// the screen refused, what the app could not do meanwhile (a flow not shown, a log-out not saved), or the
    /// screen's refusal of an action with the reason it shows; `nil` when it worked.
    func send(_ input: SessionInput) async -> String?

    /// Follows the deep link `text` and returns why it could not, or `nil`.
    func open(_ text: String) async -> String?

    /// What to do now that a command has settled (and after the start): stop on damaged data, or save where the
    /// person is and go on. What another process may have changed is read again by then, if ``refresh()`` did
    /// not read it as the command began.
    func afterCommand() -> AfterCommand

    /// Reads again what another process may have changed since the last command (the saved session, the Feed tab's
    /// badge), so what the command about to run prints and shows is current. A front end calls it as a command
    /// begins.
    func refresh()

    /// The app's word above the screen: the link that waits for a log-in or the end of the tour, if any.
    var notice: String? { get }

    /// The question to ask before leaving now, or `nil` when leaving loses nothing.
    var leaveQuestion: String? { get }

    /// The logged-in person's display name, or `nil` when nobody is logged in.
    var userDisplayName: String? { get }

    /// The deep links the app follows, each as a person types it, with `<id>` where a post's id goes: for help
    /// and completion.
    var linkPatterns: [String] { get }

    /// Whether the window's transitions take time, so a front end draws them frame by frame and moves them on
    /// with ``advanceTransitions(by:)``; `false` when every transition completes inside the input that starts it.
    var transitionsTakeTime: Bool { get }

    /// Whether a transition is in flight that only time ends (a held gesture waits for its release, not for time).
    var isMoving: Bool { get }

    /// Moves the window's clock on by `elapsed`, ending the transitions due by then (and running what waits for
    /// them: their completions, the routing queued behind them); nothing when transitions take no time.
    func advanceTransitions(by elapsed: Duration)
}

/// One input a person gives the app: what a typed command, a key or the pointer comes down to.
package enum SessionInput: Equatable, Sendable {
    /// Performs the action `id` of the screens on top.
    case action(String)
    /// Performs the action `id` on exactly the screen `screen` was taken from, while it is on top: a numbered
    /// action reaches the screen it was drawn beside.
    case actionOn(String, screen: ScreenSnapshot.Screen)
    /// Types `text` into the field `field` of the screens on top.
    case setText(String, field: String)
    /// A whole gesture: the back, or a sheet's swipe down.
    case gesture(UserGesture)
    /// Begins an interactive gesture and moves it to `progress` at once, as one input: a swipe typed as a command.
    case swipe(UserGesture, progress: Double)
    /// Moves the held gesture to `progress`, from 0 to 1: a pointer's motion, which changes no data.
    case updateGesture(progress: Double)
    /// Lets the held gesture go: it finishes past half way and is cancelled below.
    case releaseGesture
    /// Taps the tab `id` of the tab bar on top.
    case tapTab(String)
    /// The terminal is now `columns` wide: the window becomes regular from ``regularWidthColumns`` on and compact
    /// below, so a split shows its two columns side by side or collapses to one stack. Never refused.
    case resize(columns: Int)

    /// The narrowest terminal, in columns, whose window is regular: two columns of at least 60 each.
    package static let regularWidthColumns = 120
}

/// What happened to the start.
package enum SessionStart: Equatable, Sendable {
    /// The first screen shows; `notice` is the one line saying why the place the person left could not be
    /// restored as it was, if it could not, and `linkFailure` why the link to open first could not be followed.
    case started(notice: String?, linkFailure: String?)
    /// The first screen could not be shown, for this reason; the app ends.
    case failed(String)
    /// Showing the first screen met a data file the app cannot trust (the check before the first write found the
    /// database damaged, say): the app ends as it does when a command meets one, with exit code 2.
    case stopped(DataFailure)
}

/// What to do after a command has settled.
package enum AfterCommand: Equatable, Sendable {
    /// Go on; `notice` is the one line to show when the place could not be saved (told once, until a save
    /// works again).
    case goOn(notice: String?)
    /// Stop now with this data failure, before anything more is written over data that cannot be trusted.
    case stop(DataFailure)
}

extension AppSession {
    /// A session whose data no other process changes has nothing to read again.
    package func refresh() {}

    /// A session whose transitions complete at once has none in flight.
    package var transitionsTakeTime: Bool { false }

    /// A session whose transitions complete at once has none in flight.
    package var isMoving: Bool { false }

    /// A session whose transitions complete at once has no clock to move.
    package func advanceTransitions(by elapsed: Duration) {}
}

/// Opens the app for a front end: the executable hands the live one to the terminal, and tests a stand-in or
/// the composed app over in-memory data.
@MainActor
package protocol AppLauncher {
    /// Why `--feature name` names no playground, listing the ones there are; `nil` when it names one.
    func playgroundRefusal(_ name: String) -> String?

    /// Whether the folder at `dataDirectory` holds neither a database nor the marker of one: a first run, so
    /// `--check-data` has nothing to check.
    func holdsNoData(dataDirectory: String) -> Bool

    /// Why `link` (of `--open`) is no link the app follows whatever its data holds, a malformed one, in the words
    /// a refused `open` uses; `nil` when it is well formed. A run from a script or piped input refuses such a link
    /// before the data is opened; a well-formed link is followed, or refused, once the app has started.
    func linkRefusal(_ link: String) -> String?

    /// Opens the data and composes the app, or the playground `request` names.
    ///
    /// - Throws: ``DataFailure`` for a data file that cannot be trusted or written, or another error saying why
    ///   the app could not be opened.
    func launch(_ request: LaunchRequest) throws -> LaunchedApp
}

/// What a front end asks of ``AppLauncher/launch(_:)``, from the command line.
package struct LaunchRequest: Equatable, Sendable {
    /// The data directory's path.
    package var dataDirectory: String
    /// The feature whose playground to show instead of the app (`--feature`), or `nil`.
    package var playground: String?
    /// The time the app runs at (`APP_NOW`), or `nil` for the real time.
    package var fixedNow: Date?
    /// Whether to rename a damaged data file aside and start without it (`--move-aside-corrupt-data`).
    package var movesCorruptDataAside: Bool
    /// Whether to check every page and index entry of the database (`--check-data`).
    package var checksData: Bool
    /// Whether to use a folder that is not the app's own (`--allow-unsafe-data-dir`) instead of refusing it.
    package var allowsUnsafeDataDirectory: Bool
    /// Whether the window's transitions take time (``Window/transitionDuration`` each), for a front end that draws
    /// them frame by frame: the full screen, unless `--no-animation`. Otherwise every transition completes at once.
    package var animatesTransitions: Bool

    /// A request for the data in `dataDirectory`.
    package init(
        dataDirectory: String, playground: String? = nil, fixedNow: Date? = nil, movesCorruptDataAside: Bool = false,
        checksData: Bool = false, allowsUnsafeDataDirectory: Bool = false, animatesTransitions: Bool = false
    ) {
        self.animatesTransitions = animatesTransitions
        self.dataDirectory = dataDirectory
        self.playground = playground
        self.fixedNow = fixedNow
        self.movesCorruptDataAside = movesCorruptDataAside
        self.checksData = checksData
        self.allowsUnsafeDataDirectory = allowsUnsafeDataDirectory
    }
}

/// The app opened for a front end, with what opening it did to the data files on the way.
@MainActor
package struct LaunchedApp {
    /// The session to drive.
    package let session: any AppSession
    /// The damaged data files renamed aside, where they now are.
    package let movedAsidePaths: [String]
    /// The earlier release's data files imported into the database, where they are kept.
    package let importedPaths: [String]
    /// The demo account's email when opening created a new database with it, else `nil`.
    package let seededDemoAccount: String?
    /// The database's path and page count when `--check-data` checked every page and found it sound.
    package let checkedDatabase: (path: String, pageCount: Int)?

    /// The opened app over `session`.
    package init(
        session: any AppSession, movedAsidePaths: [String] = [], importedPaths: [String] = [],
        seededDemoAccount: String? = nil, checkedDatabase: (path: String, pageCount: Int)? = nil
    ) {
        self.session = session
        self.movedAsidePaths = movedAsidePaths
        self.importedPaths = importedPaths
        self.seededDemoAccount = seededDemoAccount
        self.checkedDatabase = checkedDatabase
    }
}
