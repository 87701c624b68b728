/// One change in a coordinator's life, as an observer of its subtree hears it
/// (see ``Coordinator/observeLifecycle(_:)`` and
/// ``Coordinator/lifecycleEvents()``).
///
/// An event names coordinators by ``CoordinatorIdentity``, a value: keeping
/// events keeps no coordinator alive.
public struct CoordinatorLifecycleEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// The coordinator was attached to ``CoordinatorLifecycleEvent/parent``
        /// (it starts next).
        case attached
        /// The coordinator started; its ``Coordinator/didStart()`` runs next,
        /// so the children it attaches there are reported after this event.
        case started
        /// The coordinator stopped: its children were detached and stopped
        /// first, then ``Coordinator/didStop()`` ran.
        case stopped
        /// The coordinator was detached from ``CoordinatorLifecycleEvent/parent``
        /// (it stops next, if it runs).
        case detached
    }

    /// What happened.
    public let kind: Kind
    /// The coordinator it happened to.
    public let coordinator: CoordinatorIdentity
    /// The parent it was attached to or detached from; `nil` for a start or a
    /// stop.
    public let parent: CoordinatorIdentity?

    /// An event of `kind` for `coordinator`, with `parent` for an attach or a
    /// detach.
    public init(_ kind: Kind, _ coordinator: CoordinatorIdentity, parent: CoordinatorIdentity? = nil) {
        self.kind = kind
        self.coordinator = coordinator
        self.parent = parent
    }

    /// The event as a short line, for example `attached PostCoordinator to FeedCoordinator` or
    /// `stopped PostCoordinator`.
    public var description: String {
        switch kind {
        case .attached: "attached \(coordinator.name) to \(parent?.name ?? "?")"
        case .detached: "detached \(coordinator.name) from \(parent?.name ?? "?")"
        case .started, .stopped: "\(kind.rawValue) \(coordinator.name)"
        }
    }
}

/// A coordinator named without holding it: which object it is, and its
/// ``Coordinator/name`` when the event happened.
public struct CoordinatorIdentity: Hashable, Sendable {
    /// The coordinator's object identity; an identity of a released coordinator
    /// may be reused by a later one.
    public let id: ObjectIdentifier
    /// The coordinator's ``Coordinator/name`` at the time.
    public let name: String

    /// The identity of `coordinator` now.
    @MainActor
    public init(_ coordinator: Coordinator) {
        id = ObjectIdentifier(coordinator)
        name = coordinator.name
    }

    /// An identity made of its parts, for comparing in tests.
    public init(id: ObjectIdentifier, name: String) {
        self.id = id
        self.name = name
    }
}
