import Synchronization

/// An observation of a coordinator's subtree, made by
/// ``Coordinator/observeLifecycle(_:)``: it lasts while you keep this value,
/// until ``cancel()``, or until the observed coordinator is released.
///
/// It holds the observed coordinator weakly and its handler strongly, so it
/// never keeps a coordinator alive; releasing it ends the observation.
@MainActor
public final class LifecycleObservation {
    /// The observed coordinator, while it lives.
    weak var observed: Coordinator?
    /// What hears each event; `nil` once the observation ended.
    private var handler: (@MainActor (CoordinatorLifecycleEvent, Coordinator) -> Void)?
    /// What runs once when the observation ends (a stream finishes).
    private var onEnd: (@MainActor () -> Void)?

    init(
        observing coordinator: Coordinator,
        handler: @escaping @MainActor (CoordinatorLifecycleEvent, Coordinator) -> Void,
        onEnd: (@MainActor () -> Void)? = nil
    ) {
        observed = coordinator
        self.handler = handler
        self.onEnd = onEnd
        LifecycleObservers.liveCount.add(1, ordering: .relaxed)
    }

    deinit {
        // A cancelled observation was already taken off the count.
        if isCounted.load(ordering: .relaxed) { LifecycleObservers.liveCount.subtract(1, ordering: .relaxed) }
    }

    /// Whether it was counted among the live observations and not taken off yet.
    private nonisolated let isCounted = Atomic<Bool>(true)

    /// Whether events still reach the handler: not cancelled, and the observed
    /// coordinator not released.
    public var isActive: Bool { handler != nil && observed != nil }

    /// Whether it was cancelled (a released coordinator's observation has not
    /// ended until the sweep cancels it).
    var hasEnded: Bool { handler == nil }

    /// Ends the observation: no event reaches the handler from now on (not
    /// even one already queued for it). Cancelling twice does nothing.
    public func cancel() {
        guard handler != nil else { return }
        handler = nil
        observed = nil
        if isCounted.exchange(false, ordering: .relaxed) {
            LifecycleObservers.liveCount.subtract(1, ordering: .relaxed)
        }
        let onEnd = onEnd
        self.onEnd = nil
        onEnd?()
    }

    func deliver(_ event: CoordinatorLifecycleEvent, about coordinator: Coordinator) {
        handler?(event, coordinator)
    }
}

extension Coordinator {
    /// Calls `handler` with every start, stop, attach and detach of this
    /// coordinator and of every coordinator below it, in the order they happen,
    /// for as long as the returned observation is kept (and not cancelled) and
    /// this coordinator lives.
    ///
    /// The order is the tree's, parents before children on the way in and
    /// after them on the way out: a coordinator is `attached`, then `started`,
    /// then come the children it attaches in ``didStart()``; a coordinator that
    /// leaves is `detached`, then its children are detached and stopped newest
    /// first, each with its own subtree, and then it is `stopped` (after its
    /// ``didStop()``). A subtree that leaves is reported to its old ancestors'
    /// observers until its last stop, although it has no parent by then.
    ///
    /// `handler` runs on the main actor inside the change, after the step it
    /// reports. A change it makes to the tree is reported after the event it
    /// is handling has reached every observer, so every observer hears every
    /// event in one order. The children a released coordinator stops on the
    /// next turn (see ``Coordinator``) are reported only to their own
    /// observers: the released coordinator's observations end with it.
    ///
    /// Neither the observation nor its events keep a coordinator alive.
    public func observeLifecycle(
        _ handler: @escaping @MainActor (CoordinatorLifecycleEvent) -> Void
    ) -> LifecycleObservation {
        let observation = LifecycleObservation(observing: self) { event, _ in handler(event) }
        LifecycleObservers.register(observation, on: self)
        return observation
    }

    /// The events ``observeLifecycle(_:)`` reports, as an asynchronous
    /// sequence, in the same order, buffered without a limit.
    ///
    /// The sequence ends when this coordinator is released (after the events
    /// before its release). Dropping the sequence, or cancelling the task that
    /// iterates it, ends the observation. It keeps no coordinator alive.
    /// A reader on the main actor takes the buffered events without
    /// suspending (see ``CoordinatorLifecycleEvents``), so a large tree torn
    /// down costs it little more than ``observeLifecycle(_:)``.
    ///
    /// ```swift
    /// for await event in appCoordinator.lifecycleEvents() {
    ///     print(event)  // attached feed to main, started feed, …
    /// }
    /// ```
    public func lifecycleEvents() -> CoordinatorLifecycleEvents {
        let buffer = LifecycleEventBuffer()
        let observation = LifecycleObservation(observing: self) { [weak buffer] event, _ in
            buffer?.append(event)
        } onEnd: { [weak buffer] in
            buffer?.end()
        }
        buffer.observation = observation
        LifecycleObservers.register(observation, on: self)
        return CoordinatorLifecycleEvents(buffer: buffer)
    }

    /// Observes this subtree for Core's own watchers (the leak detector): the
    /// handler also gets the coordinator itself.
    func observeLifecycleWithCoordinators(
        _ handler: @escaping @MainActor (CoordinatorLifecycleEvent, Coordinator) -> Void
    ) -> LifecycleObservation {
        let observation = LifecycleObservation(observing: self, handler: handler)
        LifecycleObservers.register(observation, on: self)
        return observation
    }
}
