/// Reports, while the app runs, coordinators and screens that outlive their
/// removal: RIBs' `LeakDetector` for this tree.
///
/// Once a coordinator in a watched subtree is detached, it (and the screen it
/// owns) is expected to be released within a bounded number of turns; once a
/// screen leaves a watched window, so is the screen. One that is still alive
/// then, and still out of the tree (or out of the window), is reported once to
/// the handler, as a ``Survivor``. A coordinator attached again meanwhile, or a
/// screen shown again, is not a survivor.
///
/// A turn is counted in one of two ways (``Deadline``): by the main actor's
/// own turns, for a host that runs an asynchronous main loop (and for tests),
/// or by ``endTurn()``, for a host whose loop never yields the main actor,
/// such as a terminal that reads a command and carries it out synchronously.
///
/// The detector holds what it watches weakly, and only for the bounded time
/// of a check: it never keeps anything alive itself.
///
/// ```swift
/// #if DEBUG
/// let leaks = LeakDetector(deadline: .hostTurns(2)) { survivor in
///     FileHandle.standardError.write(Data("leak: \(survivor)\n".utf8))
/// }
/// leaks.watch(appCoordinator)
/// leaks.watch(window)
/// #endif
/// ```
@MainActor
public final class LeakDetector {
    /// When an object removed from the tree or the window must be gone.
    public enum Deadline: Hashable, Sendable {
        /// After this many main-actor turns (at least one): the detector
        /// yields the main actor to count them, while a check is pending.
        case mainActorTurns(Int)
        /// After this many calls of ``LeakDetector/endTurn()`` (at least one):
        /// the turn that removed the object counts as the first.
        case hostTurns(Int)
    }

    /// An object still alive when it was expected gone.
    public struct Survivor: Hashable, Sendable, CustomStringConvertible {
        /// Whether it is a coordinator or a screen.
        public let kind: LiveObjects.Kind
        /// Its name (a coordinator's ``Coordinator/name``, a screen's
        /// ``ViewController/screenID``), taken when it was removed.
        public let label: String
        /// Why it was expected gone, for example
        /// `detached from FeedCoordinator` or `left the window`.
        public let reason: String

        /// A survivor of `kind`, named `label`, expected gone for `reason`.
        public init(kind: LiveObjects.Kind, label: String, reason: String) {
            self.kind = kind
            self.label = label
            self.reason = reason
        }

        /// For example `coordinator PostCoordinator is still alive, detached from FeedCoordinator`.
        public var description: String { "\(kind.rawValue) \(label) is still alive, \(reason)" }
    }

    /// An object expected gone.
    private struct Expectation {
        @Weak var object: AnyObject?
        let survivor: Survivor
        /// The turns left before it is checked.
        var turnsLeft: Int
    }

    private let deadline: Deadline
    private let report: @MainActor (Survivor) -> Void
    private var expectations: [Expectation] = []
    private var observations: [LifecycleObservation] = []
    private var windows: [WatchedWindow] = []

    /// A window watched, held weakly like everything the detector watches.
    private struct WatchedWindow {
        @Weak var window: Window?
        let observer: Window.ObserverID
    }
    /// The screens each watched window showed at the last look, weakly held.
    private var shownScreens: [ObjectIdentifier: [ObjectIdentifier: WeakScreen]] = [:]
    /// Whether a watched window changed since the last look.
    private var windowChanged = false
    /// Whether a task counts main-actor turns now.
    private var isCountingTurns = false

    private struct WeakScreen {
        @Weak var screen: ViewController?
    }

    /// A detector that calls `report` with each survivor, once, after the
    /// `deadline`. A count below one is taken as one.
    public init(deadline: Deadline = .mainActorTurns(10), report: @escaping @MainActor (Survivor) -> Void) {
        switch deadline {
        case .mainActorTurns(let turns): self.deadline = .mainActorTurns(max(1, turns))
        case .hostTurns(let turns): self.deadline = .hostTurns(max(1, turns))
        }
        self.report = report
    }

    isolated deinit {
        for observation in observations { observation.cancel() }
        for watched in windows { watched.window?.removeObserver(watched.observer) }
    }

    /// The objects removed and not yet checked.
    public var pendingCount: Int { expectations.count }

    /// Watches `root`'s subtree: every coordinator detached from it from now on
    /// is expected gone, with the screen it owns.
    public func watch(_ root: Coordinator) {
        let observation = root.observeLifecycleWithCoordinators { [weak self] event, coordinator in
            guard event.kind == .detached, let self else { return }
            self.expectGone(coordinator, reason: "detached from \(event.parent?.name ?? "its parent")")
        }
        observations.append(observation)
    }

    /// Watches `window`: every screen that leaves it from now on (popped,
    /// dismissed, replaced) is expected gone.
    ///
    /// The window is read at each turn the detector counts after it changed,
    /// so a screen that leaves and comes back within one turn never left.
    public func watch(_ window: Window) {
        let observer = window.addObserver { [weak self] event in
            if case .lifecycle = event { return }
            self?.windowDidChange()
        }
        windows.append(WatchedWindow(window: window, observer: observer))
        shownScreens[ObjectIdentifier(window)] = Self.screens(in: window)
    }

    /// Counts one of the host's turns (for ``Deadline/hostTurns(_:)``): looks
    /// at the watched windows if they changed, and checks every object whose
    /// deadline came. Does nothing with ``Deadline/mainActorTurns(_:)``.
    public func endTurn() {
        guard case .hostTurns = deadline else { return }
        countTurn()
    }

    // MARK: - Expecting

    private var turnsAllowed: Int {
        switch deadline {
        case .mainActorTurns(let turns), .hostTurns(let turns): turns
        }
    }

    private func expectGone(_ coordinator: Coordinator, reason: String) {
        expect(coordinator, Survivor(kind: .coordinator, label: coordinator.name, reason: reason))
        if let screen = coordinator.viewableScreen, screen.owner === coordinator {
            expect(screen, Survivor(kind: .screen, label: screen.screenID, reason: "its coordinator was " + reason))
        }
    }

    private func expect(_ object: AnyObject, _ survivor: Survivor) {
        guard !expectations.contains(where: { $0.object === object }) else { return }
        expectations.append(Expectation(object: object, survivor: survivor, turnsLeft: turnsAllowed))
        countMainActorTurnsIfNeeded()
    }

    private func windowDidChange() {
        windowChanged = true
        countMainActorTurnsIfNeeded()
    }

    private var hasPendingWork: Bool { windowChanged || !expectations.isEmpty }

    /// Starts counting the main actor's turns while something is pending.
    private func countMainActorTurnsIfNeeded() {
        guard case .mainActorTurns = deadline, !isCountingTurns else { return }
        isCountingTurns = true
        Task { [weak self] in
            while self?.hasPendingWork == true {
                await Task.yield()
                // Look again: the detector may have gone during the turn.
                self?.countTurn()
            }
            self?.isCountingTurns = false
        }
    }

    /// One turn: the windows' departures become expectations, and the due
    /// expectations are checked.
    private func countTurn() {
        if windowChanged {
            windowChanged = false
            lookAtWindows()
        }
        var due: [Expectation] = []
        var kept: [Expectation] = []
        for var expectation in expectations {
            guard expectation.object != nil else { continue }
            expectation.turnsLeft -= 1
            if expectation.turnsLeft <= 0 { due.append(expectation) } else { kept.append(expectation) }
        }
        expectations = kept
        for expectation in due {
            guard let object = expectation.object, isStillRemoved(object) else { continue }
            report(expectation.survivor)
        }
    }

    /// Whether `object` is still out of the tree or the window it left.
    private func isStillRemoved(_ object: AnyObject) -> Bool {
        if let coordinator = object as? Coordinator { return coordinator.parent == nil }
        if let screen = object as? ViewController { return screen.window == nil }
        return true
    }

    private func lookAtWindows() {
        windows.removeAll { $0.window == nil }
        shownScreens = shownScreens.filter { key, _ in windows.contains { $0.window.map(ObjectIdentifier.init) == key }
        }
        for watched in windows {
            guard let window = watched.window else { continue }
            let key = ObjectIdentifier(window)
            let now = Self.screens(in: window)
            for (id, entry) in shownScreens[key] ?? [:] where now[id] == nil {
                guard let screen = entry.screen else { continue }
                expect(screen, Survivor(kind: .screen, label: screen.screenID, reason: "left the window"))
            }
            shownScreens[key] = now
        }
    }

    /// Every screen `window` holds: contained, presented, hidden in a tab.
    private static func screens(in window: Window) -> [ObjectIdentifier: WeakScreen] {
        var found: [ObjectIdentifier: WeakScreen] = [:]
        var pending: [ViewController] = window.rootViewController.map { [$0] } ?? []
        while let screen = pending.popLast() {
            found[ObjectIdentifier(screen)] = WeakScreen(screen: screen)
            pending.append(contentsOf: screen.containedViewControllers)
            if let presented = screen.presentedStorage { pending.append(presented) }
        }
        return found
    }
}
