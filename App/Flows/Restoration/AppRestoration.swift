import AppData
import Core

/// Saves where the person is after every settled change and restores it at start, through the root
/// coordinator's ``Coordinator/restorationState`` and ``Coordinator/restore(from:)``: the app itself knows
/// nothing of the features' records.
///
/// Every problem (a damaged or outdated record, one that no longer applies, a failed write) is told in one line
/// on the error output, and never stops the app: it then starts at the nearest valid screen.
@MainActor
package final class AppRestoration {
    private let store: any RestorationStore
    private let root: Coordinator
    /// The record last saved or restored, so an unchanged place is not written again.
    private var lastSaved: RestorationState?
    /// Whether the last save failed; a failure is told once, not after every command.
    private var lastSaveFailed = false
    /// Whether the saved place is this app's: it restored one, or saved one since it started.
    private var ownsSavedPlace = false

    /// Creates the restoration of `root`'s tree, kept in `store`.
    init(store: any RestorationStore, root: Coordinator) {
        self.store = store
        self.root = root
    }

    /// Restores the saved place over the started root. Returns the one-line notice to show when the record
    /// could not be restored as written, or `nil`.
    package func restore() -> String? {
        let state: RestorationState?
        do {
            state = try store.load()
        } catch {
            return Self.oneLine("starting at the first screen: \(error)")
        }
        guard let state else { return nil }
        let result = root.restore(from: state)
        lastSaved = state
        ownsSavedPlace = true
        guard !result.isComplete else { return nil }
        return Self.oneLine(
            "restored the nearest screen: " + result.problems.map(\.description).joined(separator: "; "))
    }

    /// Starts from the first screen the root shows without restoring, keeping the place saved last time until
    /// the person moves: the first screen is taken as saved, so a command that changes nothing (`state`, a refused
    /// tap) leaves the saved place, and a draft in it, as it was. Returns the one-line notice that says so when a
    /// saved place differs from the first screen, or `nil`.
    package func startWithoutRestoring() -> String? {
        guard let first = root.restorationState else { return nil }
        lastSaved = first
        guard let saved = try? store.load(), saved != first else { return nil }
        return "starting at the first screen: where you left (and any draft there) stays saved until you move"
    }

    /// `notice` cut to a line a person reads: a record may hold long text, and the notice repeats some of it.
    private static func oneLine(_ notice: String, limit: Int = 240) -> String {
        notice.count <= limit ? notice : String(notice.prefix(limit - 1)) + "…"
    }

    /// Saves where the person is, unless it is what was saved last. Returns the one-line notice to show when
    /// the save failed (once, until a save works again), or `nil`.
    package func save() -> String? {
        guard let state = root.restorationState, state != lastSaved else { return nil }
        do {
            try store.save(state)
        } catch {
            defer { lastSaveFailed = true }
            return lastSaveFailed ? nil : error.description
        }
        lastSaved = state
        lastSaveFailed = false
        ownsSavedPlace = true
        return nil
    }

    /// Whether another app on the same data (another window) saved a place of its own since this one last saved
    /// or restored its place: leaving now puts this one's back in its stead.
    package var isReplacedElsewhere: Bool {
        guard ownsSavedPlace, let stored = try? store.load() else { return false }
        return stored != lastSaved && stored != root.restorationState
    }

    /// Saves where the person is as the app ends, when another window's place was saved over it since: the last
    /// window to leave keeps its place, its draft with it, as its question to leave said. A run that never saved
    /// nor restored a place (`--no-restore` before a move) leaves the saved one alone.
    package func saveOnLeaving() {
        guard ownsSavedPlace, let state = root.restorationState, (try? store.load()) != state else { return }
        try? store.save(state)
    }
}
