import Synchronization

/// Counts the coordinators and screens that are alive, and records the ones
/// created inside a block, so tests and soak runs can prove nothing leaks.
///
/// The counts are exact at any moment on the main actor. `recordCreations(_:)`
/// keeps only weak references, so recording never keeps anything alive.
@MainActor
public enum LiveObjects {
    /// The kind of object being counted.
    public enum Kind: String, Sendable {
        /// A ``Coordinator`` (including ``ViewableCoordinator``).
        case coordinator
        /// A ``ViewController`` (including navigation controllers and containers).
        case screen
        /// Any other object a test asked to watch with ``watch(_:label:)``: a
        /// listener, a service, a builder, a window.
        case watched
    }

    /// A weak reference to an object created while recording.
    public struct Record {
        /// The object, or `nil` once it was deallocated.
        public var object: AnyObject? { reference.wrappedValue }
        /// Held without a side table (see `Weak`): the records of a recording reach every screen created in it.
        private let reference: Weak<AnyObject>
        /// Whether it is a coordinator or a screen.
        public let kind: Kind
        /// The label a watch gave, or `nil` for the type's name.
        private let givenLabel: String?
        /// The object's type, kept so that its name is spelled only when a report reads it.
        private let type: AnyObject.Type

        /// The object's type and name, from when it was created.
        public var label: String { givenLabel ?? String(describing: type) }

        init(object: AnyObject, kind: Kind, label: String?) {
            self.reference = Weak(wrappedValue: object)
            self.kind = kind
            self.givenLabel = label
            self.type = Swift.type(of: object)
        }
    }

    private nonisolated static let liveCoordinators = Atomic<Int>(0)
    private nonisolated static let liveScreens = Atomic<Int>(0)
    /// The records of one recording under way.
    @MainActor private final class Recording {
        var records: [Record] = []
    }

    /// The recordings under way in this task, outermost first: a task's own, so a recording sees what its block
    /// and the tasks it starts create, and never what another task creates meanwhile on the main actor.
    @TaskLocal private static var recordings: [Recording] = []

    /// The number of coordinators alive now.
    public static var coordinatorCount: Int { liveCoordinators.load(ordering: .relaxed) }

    /// The number of screens alive now.
    public static var screenCount: Int { liveScreens.load(ordering: .relaxed) }

    /// Runs `body` and returns, beside its result, a weak record of every
    /// coordinator and screen created while it ran. Calls may nest; an outer
    /// recording also sees what an inner one recorded.
    public static func recordCreations<Result>(
        _ body: () throws -> Result
    ) rethrows -> (result: Result, created: [Record]) {
        let recording = Recording()
        let result = try $recordings.withValue(recordings + [recording]) { try body() }
        return (result, recording.records)
    }

    /// Runs `body`, which may suspend, and returns, beside its result, a weak
    /// record of every coordinator and screen that it, or a task it started,
    /// created while it ran. What other tasks create while it is suspended is
    /// not recorded. Calls may nest; an outer recording also sees what an
    /// inner one recorded.
    public static func recordCreations<Result>(
        _ body: () async throws -> Result
    ) async rethrows -> (result: Result, created: [Record]) {
        let recording = Recording()
        let result = try await $recordings.withValue(recordings + [recording]) { try await body() }
        return (result, recording.records)
    }

    /// Adds `object` to every recording under way, as if it had been created
    /// now, so a leak check reports it if it outlives the recording. It is not
    /// counted in ``coordinatorCount`` or ``screenCount``, and outside a
    /// recording this does nothing.
    public static func watch(_ object: AnyObject, label: String? = nil) {
        for recording in recordings {
            recording.records.append(Record(object: object, kind: .watched, label: label))
        }
    }

    static func didCreate(_ object: AnyObject, kind: Kind) {
        switch kind {
        case .coordinator: liveCoordinators.add(1, ordering: .relaxed)
        case .screen: liveScreens.add(1, ordering: .relaxed)
        case .watched: return
        }
        let recordings = recordings
        // The label is spelled when a report reads it: spelling a type's name costs more than the rest of a
        // creation.
        for recording in recordings {
            recording.records.append(Record(object: object, kind: kind, label: nil))
        }
    }

    nonisolated static func didDestroy(kind: Kind) {
        switch kind {
        case .coordinator: liveCoordinators.subtract(1, ordering: .relaxed)
        case .screen: liveScreens.subtract(1, ordering: .relaxed)
        case .watched: break
        }
    }
}
