public import Core

/// What was still alive after a block that should have released everything
/// it created, and everything it asked to watch. Build one with
/// `trackingLifetimes(_:)`, with or without a ``LifetimeWatcher``.
public struct LeakReport: CustomStringConvertible {
    /// The coordinators and screens created in the block, and the objects it
    /// watched, that are still alive.
    public let survivors: [LiveObjects.Record]
    /// How many coordinators and screens the block created, plus the objects it watched.
    public let createdCount: Int

    /// Whether everything the block created was released.
    public var isClean: Bool { survivors.isEmpty }

    /// The labels of the survivors, for example `["LoginCoordinator", "LoginViewController"]`.
    public var survivorLabels: [String] { survivors.map(\.label) }

    /// A one-line summary: clean, or which objects are still alive.
    public var description: String {
        if isClean { return "no leaks (\(createdCount) objects created and released)" }
        let names = survivors.map { "\($0.kind.rawValue) \($0.label)" }.joined(separator: ", ")
        return "\(survivors.count) of \(createdCount) objects still alive: \(names)"
    }
}

/// Runs `body`, then reports every coordinator and screen it created that is
/// still alive once it returned.
///
/// Stop the coordinators and drop the screens inside `body`; whatever remains
/// alive afterwards is a leak:
///
/// ```swift
/// let report = trackingLifetimes {
///     let window = Window()
///     let root = AppCoordinator(window: window)
///     root.start()
///     root.stop()
/// }
/// #expect(report.isClean, "\(report)")
/// ```
@MainActor
public func trackingLifetimes(_ body: () throws -> Void) rethrows -> LeakReport {
    let (_, created) = try LiveObjects.recordCreations(body)
    let survivors = created.filter { $0.object != nil }
    return LeakReport(survivors: survivors, createdCount: created.count)
}

/// Hands a block of `trackingLifetimes(_:)` the objects to watch
/// besides coordinators and screens, as RIBs' `LeakDetector` does.
@MainActor
public struct LifetimeWatcher {
    fileprivate init() {}

    /// Reports `object` if it is still alive when the block returns: a
    /// listener, a service, a builder, a window. `label` names it in the
    /// report; it defaults to the object's type.
    public func watch(_ object: AnyObject, label: String? = nil) {
        LiveObjects.watch(object, label: label)
    }
}

/// Runs `body` with a ``LifetimeWatcher``, then reports every coordinator and
/// screen it created, and every object it watched, that is still alive once
/// it returned:
///
/// ```swift
/// let report = trackingLifetimes { lifetimes in
///     let service = LiveAccountService()
///     lifetimes.watch(service)
///     let login = LoginContainer(dependency: …).coordinator(listener: parent)
///     …
/// }
/// #expect(report.isClean, "\(report)")
/// ```
@MainActor
public func trackingLifetimes(_ body: (LifetimeWatcher) throws -> Void) rethrows -> LeakReport {
    try trackingLifetimes { try body(LifetimeWatcher()) }
}

/// Runs `body`, which may suspend, then reports every coordinator and screen
/// that it, or a task it started, created and that is still alive once it
/// returned: the form for flows that route with `try await`. What other tasks
/// create while `body` is suspended is not counted.
@MainActor
public func trackingLifetimes(_ body: () async throws -> Void) async rethrows -> LeakReport {
    let (_, created) = try await LiveObjects.recordCreations(body)
    let survivors = created.filter { $0.object != nil }
    return LeakReport(survivors: survivors, createdCount: created.count)
}

/// Runs `body`, which may suspend, with a ``LifetimeWatcher``, then reports
/// what `trackingLifetimes(_:)` reports, and every watched object still alive.
@MainActor
public func trackingLifetimes(_ body: (LifetimeWatcher) async throws -> Void) async rethrows -> LeakReport {
    try await trackingLifetimes { try await body(LifetimeWatcher()) }
}
