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
