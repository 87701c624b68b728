/// A node of the coordinator tree, as other modules see it.
///
/// Feature modules publish their coordinators through protocols that refine
/// `Coordinating` (for example `FeedCoordinating`), so a parent can attach,
/// detach and talk to a child without seeing its concrete type.
///
/// The protocol is constrained to ``Coordinator``: every conforming type is a
/// subclass of it. That keeps the tree's rules (one parent, no cycles, O(1)
/// attach and detach, ordered teardown) in one implementation that no
/// conformance can bypass.
@MainActor
public protocol Coordinating: Coordinator {
    /// The attached children, oldest first.
    var children: [any Coordinating] { get }

    /// Attaches `child` and starts it. See ``Coordinator/addChild(_:)``.
    func addChild(_ child: any Coordinating) throws(CoordinatorError)

    /// Detaches `child` and stops it. See ``Coordinator/removeChild(_:)``.
    func removeChild(_ child: any Coordinating) throws(CoordinatorError)

    /// Starts the coordinator. See ``Coordinator/start()``.
    func start()

    /// Stops the coordinator and tears down its subtree. See ``Coordinator/stop()``.
    func stop()
}

/// A coordinator that owns a screen, which its parent decides how to show.
///
/// The parent reads ``viewControllerable`` and pushes it, presents it or embeds
/// it; the child never shows itself. That is what lets one feature be a push in
/// one place and a sheet in another without a change to the feature.
@MainActor
public protocol ViewableCoordinating: Coordinating {
    /// The coordinator's screen, for the parent to show as it chooses.
    var viewControllerable: any ViewControllerable { get }
}
