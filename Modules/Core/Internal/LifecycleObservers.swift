import Synchronization

/// Who observes which coordinators' lifecycles, and the delivery of their
/// events in one order.
///
/// A tree nobody observes pays one relaxed atomic load per start, stop,
/// attach or detach (``isActive``). An event for a coordinator reaches the
/// observations registered on it and on its ancestors, and, while a subtree
/// is being torn down (its parent link is cut before its children stop),
/// those of the ancestors it had: the teardown passes them down.
@MainActor
enum LifecycleObservers {
    /// The number of observations not yet ended, on any coordinator.
    nonisolated static let liveCount = Atomic<Int>(0)
    /// Whether a sweep for released coordinators' observations is scheduled.
    nonisolated static let sweepScheduled = Atomic<Bool>(false)

    /// The observations of each observed coordinator, weakly held: releasing
    /// an observation ends it.
    private static var registered: [ObjectIdentifier: [WeakObservation]] = [:]
    /// Events waiting to be delivered while an observer handles one.
    private static var queue:
        [(event: CoordinatorLifecycleEvent, coordinator: Coordinator, to: [LifecycleObservation])] =
            []
    private static var isDelivering = false

    private struct WeakObservation {
        weak var observation: LifecycleObservation?
    }

    /// Whether any observation may be live: the cheap check every change makes.
    static var isActive: Bool { liveCount.load(ordering: .relaxed) > 0 }

    static func register(_ observation: LifecycleObservation, on coordinator: Coordinator) {
        registered[ObjectIdentifier(coordinator), default: []].append(WeakObservation(observation: observation))
    }

    /// The observations that hear about `coordinator`: those on it and on its
    /// ancestors, then `inherited` (those of a subtree's former ancestors).
    static func observations(
        of coordinator: Coordinator, inheriting inherited: [LifecycleObservation]?
    ) -> [LifecycleObservation] {
        var found: [LifecycleObservation] = []
        var current: Coordinator? = coordinator
        while let node = current {
            let key = ObjectIdentifier(node)
            if let entries = registered[key] {
                var kept: [WeakObservation] = []
                for entry in entries {
                    guard let observation = entry.observation, !observation.hasEnded else { continue }
                    kept.append(entry)
                    // An identity reused by a later coordinator does not inherit the released one's observers.
                    if observation.observed === node { found.append(observation) }
                }
                registered[key] = kept.isEmpty ? nil : kept
            }
            current = node.parent
        }
        if let inherited { found.append(contentsOf: inherited) }
        return found
    }

    /// Reports `kind` for `coordinator` (with `parent` for an attach or a
    /// detach) to its observations and `inherited`.
    static func emit(
        _ kind: CoordinatorLifecycleEvent.Kind, _ coordinator: Coordinator, parent: Coordinator? = nil,
        inheriting inherited: [LifecycleObservation]? = nil
    ) {
        var observations = observations(of: coordinator, inheriting: inherited)
        if kind == .detached, let parent, inherited == nil {
            // The link is already cut: the former parent's line hears it.
            observations.append(contentsOf: self.observations(of: parent, inheriting: nil))
        }
        guard !observations.isEmpty else { return }
        let event = CoordinatorLifecycleEvent(
            kind, CoordinatorIdentity(coordinator), parent: parent.map(CoordinatorIdentity.init))
        queue.append((event, coordinator, observations))
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        var next = 0
        while next < queue.count {
            let (event, coordinator, observations) = queue[next]
            next += 1
            for observation in observations { observation.deliver(event, about: coordinator) }
        }
        queue.removeAll()
    }

    /// Schedules, once, the end of the observations whose coordinator was
    /// released (a deinit cannot reach the main actor).
    nonisolated static func coordinatorWasReleased() {
        guard liveCount.load(ordering: .relaxed) > 0,
            sweepScheduled.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        else { return }
        Task { @MainActor in
            sweepScheduled.store(false, ordering: .relaxed)
            endObservationsOfReleasedCoordinators()
        }
    }

    /// Ends every observation whose coordinator is gone.
    static func endObservationsOfReleasedCoordinators() {
        for (key, entries) in registered {
            var kept: [WeakObservation] = []
            for entry in entries {
                guard let observation = entry.observation else { continue }
                if observation.observed == nil {
                    observation.cancel()
                } else if !observation.hasEnded {
                    kept.append(entry)
                }
            }
            registered[key] = kept.isEmpty ? nil : kept
        }
    }
}
