import AppData
import AppInterface
public import Core
import FeedFeature
import FoundationEssentials

/// The composed app over in-memory data, for tools that explore its flows: the real ``AppCoordinator`` with the
/// real feature builders, services and deep links, over the data's in-memory twin (``InMemoryDataStore``) at a
/// fixed time.
///
/// Every ``make()`` builds a fresh app over a fresh twin holding what a first run holds (the demo account and the
/// demo posts), started logged out on Login, so a path of inputs replays the same way each time, and nothing is
/// written anywhere.
@MainActor
public final class ExplorableApp {
    /// The links the app follows, each as a person types it (`app://feed/compose`).
    public static let deepLinks = DeepLink.all(postID: "2").map(\.url)
    /// The account the in-memory data knows: `demo@example.com` with `demo-password`.
    public static let demoCredentials = (email: "demo@example.com", password: "demo-password")

    private let clock: AppClock
    /// What a first run holds, built once: each app gets a copy of it, which shares its storage until the app
    /// changes something, and so costs less to make than building the demo content again and compares in O(1)
    /// with another untouched copy.
    private let firstRun: InMemoryDataStore

    /// An explorable app; it keeps nothing between the apps it makes but the first run's data they copy.
    public init() {
        let clock = AppClock(fixedNow: Date(timeIntervalSince1970: 1_800_000_000))
        self.clock = clock
        firstRun = InMemoryDataStore.firstRun(now: { clock.now })
    }

    /// A fresh app over fresh in-memory data, started on Login: its window and the root of its coordinator tree.
    public func make() -> (window: Window, root: Coordinator) {
        let clock = clock
        let data = firstRun.copy()
        let window = Window()
        let root = AppCoordinator(
            window: window, builders: CompositionRoot.builders(data: data, clock: clock), data: data, user: nil)
        root.start()
        return (window, root)
    }

    /// Where an app that ``make()`` or ``resume(_:)`` built was at one moment: a copy of its data and the record of
    /// where the person was, from which ``resume(_:)`` builds the same place again without the inputs that led
    /// there.
    public struct Checkpoint {
        fileprivate let data: InMemoryDataStore
        fileprivate let record: RestorationState
    }

    /// Where the app whose root is `root` is now; `nil` for a root this explorable app did not build, or one that
    /// keeps no record.
    public func checkpoint(of root: Coordinator) -> Checkpoint? {
        guard let app = root as? AppCoordinator, let data = app.data as? InMemoryDataStore,
            let record = app.restorationState
        else { return nil }
        return Checkpoint(data: data.copy(), record: record)
    }

    /// A fresh app over a copy of `checkpoint`'s data, started as a new process over that data starts (logged in
    /// when its session says so), then restored to `checkpoint`'s record, as the app restores at start; as in
    /// ``make()``, every look at the feed's Latest list counts at once, the start's included. Whether it
    /// shows the very place the checkpoint was taken at is for the caller to compare: a record keeps what a person
    /// would miss, not every message on the screen.
    public func resume(_ checkpoint: Checkpoint) -> (window: Window, root: Coordinator) {
        let clock = clock
        let data = checkpoint.data.copy()
        let user = (try? data.savedSessionAccount()).map { FeedUser(email: $0.email, displayName: $0.displayName) }
        let window = Window()
        let root = AppCoordinator(
            window: window, builders: CompositionRoot.builders(data: data, clock: clock), data: data, user: user)
        root.start()
        _ = root.restore(from: checkpoint.record)
        return (window, root)
    }

    /// What the app whose root is `root` keeps that its screens do not show: its data (accounts, session, posts,
    /// likes, the saved record) and the link waiting to be followed once the person has logged in or finished the
    /// tour. Two apps that show the same screens, fields included, and keep equal data and the same waiting link
    /// behave alike from there on. `nil` for a root this explorable app did not build.
    public func unseenState(of root: Coordinator) -> AnyHashable? {
        guard let app = root as? AppCoordinator, let data = app.data as? InMemoryDataStore else { return nil }
        return UnseenState(data: data.contents, waitingLink: app.pendingLink?.url)
    }

    /// What ``unseenState(of:)`` compares.
    private struct UnseenState: Hashable {
        let data: AnyHashable
        let waitingLink: String?
    }

    /// Follows `url` in an app that ``make()`` built, as `open <url>` does in the terminal.
    ///
    /// - Throws: when the link is malformed or cannot be followed now; nothing changed then.
    public static func open(_ url: String, in root: Coordinator) throws {
        guard let app = root as? AppCoordinator else { throw UserFacingError(description: "not the app's root") }
        try app.open(try DeepLink.parse(url))
    }
}
