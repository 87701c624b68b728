public import Core

/// What was still alive after a block that should have released everything
/// it created. Build one with ``trackingLifetimes(_:)``.
public struct LeakReport: CustomStringConvertible {
    /// The coordinators and screens created in the block that are still alive.
    public let survivors: [LiveObjects.Record]
    /// How many coordinators and screens the block created.
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
