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

/// The base class of every coordinator: a node in a tree that starts, stops,
/// and owns its children.
///
/// Subclass it for a coordinator without a screen (a flow that only attaches
/// children), or subclass ``ViewableCoordinator`` for one with a screen.
/// Override ``didStart()`` and ``didStop()`` for your own work; ``start()`` and
/// ``stop()`` are final so the tree's bookkeeping always runs.
///
/// Rules:
/// - ``addChild(_:)`` attaches and starts a child; ``removeChild(_:)`` detaches
///   and stops it. A child has at most one parent, and the tree has no cycles:
///   every refusal throws a ``CoordinatorError`` and changes nothing.
/// - ``stop()`` is idempotent and tears the subtree down last-attached-first.
/// - A coordinator released without ``stop()`` (its owner just drops it)
///   stops its children as it goes. Each child has no parent from the
///   release on, and stays started until the main actor's next turn; then
///   every child that no other parent attached meanwhile is stopped, newest
///   first, its own subtree with it, and its ``didStop()`` runs. That holds
///   for a child nothing else holds too: the release keeps it alive until it
///   has stopped, and then lets it go. The released coordinator's own
///   ``didStop()`` does not run.
/// - The parent holds its children strongly; a child holds its parent weakly.
/// - Attach and detach cost O(1) amortised (the cycle check walks the parent's
///   ancestors, so it costs the tree's depth, not its width). Stopping a
///   coordinator with N children costs O(N).
@MainActor
open class Coordinator {
    // The tree's bookkeeping below is checked for exclusive access by the compiler only
    // (`@exclusivity(unchecked)`): it is touched on the main actor, in accesses that call no other code, and the
    // run-time check of each access cost about a third of tearing down a wide tree.
    /// The coordinator this one is attached to, if any. Held weakly.
    @exclusivity(unchecked)
    public private(set) weak var parent: Coordinator?

    /// Whether ``start()`` ran and ``stop()`` has not since.
    public var isStarted: Bool { runCount & 1 == 1 }

    /// Children in attach order; a detached child leaves a hole (`nil`) that is
    /// compacted away later, so a detach never shifts the array.
    @exclusivity(unchecked)
    private var childSlots: [Coordinator?] = []
    /// Number of holes in `childSlots`.
    @exclusivity(unchecked)
    private var vacantSlotCount = 0
    /// This coordinator's index in its parent's `childSlots`.
    @exclusivity(unchecked)
    private var slotIndex = 0
    /// How many times the coordinator stopped; a routing request made before
    /// a stop is dropped at its turn.
    var stopGeneration: Int { runCount >> 1 }
    /// How the current (or last) run ended and who awaits it (see
    /// ``outcome(of:)``); made only when a run ends that way or someone
    /// awaits, so other coordinators carry one empty reference.
    @exclusivity(unchecked)
    private var outcomeRecord: OutcomeRecord?
    /// Starts and stops in one word, so that a coordinator fits in 64 bytes (tearing down many children reads them
    /// all): odd while it runs. A start adds one, a stop two in all (so ``stopGeneration``, the count halved,
    /// changes with every stop and never with a start). It wraps rather than traps; only equality is compared.
    @exclusivity(unchecked)
    private var runCount = 0

    /// Creates a coordinator that is not started and has no parent.
    public init() {
        LiveObjects.didCreate(self, kind: .coordinator)
    }

    deinit {
        // A started coordinator released without stop() takes its subtree down with it, as RIBs' router does: a
        // child that something else still holds is detached and stopped, newest first, on the main actor's next
        // turn (a deinit cannot wait for the main actor), so no started coordinator is left without a parent and
        // every child's didStop runs. Its own didStop cannot run: it is going away. A coordinator without
        // children, the common case, pays nothing for this.
        if !childSlots.isEmpty {
            let orphans = childSlots.compactMap { $0 }
            Task { @MainActor in
                for child in orphans.reversed() where child.parent == nil {
                    child.stop()
                }
            }
        }
        LifecycleObservers.coordinatorWasReleased()
        LiveObjects.didDestroy(kind: .coordinator)
    }

    /// A name for diagnostics, the `tree` view and state dumps. Defaults to the
    /// type's name, which follows a rename of the class; a
    /// ``ViewableCoordinator``'s defaults to its screen's id, which does not
    /// (see ``ViewableCoordinator/name`` for what a name promises).
    open var name: String { Coordinator.typeName(of: self) }

    /// The names of the coordinator types met so far: describing a type costs microseconds, and the tree and the
    /// lifecycle events ask for names often.
    private static var typeNames: [ObjectIdentifier: String] = [:]

    private static func typeName(of coordinator: Coordinator) -> String {
        let type = type(of: coordinator)
        if let known = typeNames[ObjectIdentifier(type)] { return known }
        let described = String(describing: type)
        typeNames[ObjectIdentifier(type)] = described
        return described
    }

    /// The attached children, oldest first.
    public var children: [any Coordinating] {
        // A loop, not `compactMap`: a closure here is isolated to the main actor, and Swift checks that isolation
        // on every call of it, which cost more than the rest of the getter.
        var children: [any Coordinating] = []
        children.reserveCapacity(childCount)
        for case let child? in childSlots { children.append(child) }
        return children
    }

    /// The number of attached children, in O(1).
    public var childCount: Int { childSlots.count - vacantSlotCount }

    /// The children as they are kept: oldest first, with `nil` where a child was detached. For this package's tools
    /// that read the whole tree after every step: no list of the children is built, and no child is retained.
    package var childSlotList: [Coordinator?] { childSlots }

    /// The screen of this coordinator when it is a ``ViewableCoordinating``, else `nil`: for this package's tools,
    /// which read it for every coordinator after every step, without a cast to the protocol for a
    /// ``ViewableCoordinator``.
    package var viewableScreen: ViewController? {
        (self as? any ViewableCoordinating)?.viewControllerable.viewController
    }

    // MARK: - Lifecycle

    /// Starts the coordinator: marks it started and calls ``didStart()``.
    ///
    /// Starting a started coordinator does nothing. ``addChild(_:)`` calls this
    /// for you; call it yourself only on the root of a tree.
    public final func start() {
        guard !isStarted else { return }
        runCount &+= 1
        if outcomeRecord != nil { outcomeRecord = nil }
        if LifecycleObservers.isActive { LifecycleObservers.emit(.started, self) }
        didStart()
    }

    /// Stops the coordinator: detaches and stops its children, most recently
    /// attached first, then calls ``didStop()``.
    ///
    /// Stopping a stopped coordinator does not call ``didStop()`` again, but it
    /// still tears down any child attached since, so every coordinator that
    /// leaves the tree is stopped. A stopped coordinator stays attached to its
    /// parent until the parent detaches it; ``removeChild(_:)`` does both.
    public final func stop() {
        stop(heardBy: nil)
    }

    /// Stops as ``stop()`` does; `inherited` are the lifecycle observations of
    /// the ancestors this coordinator was just detached from, while its
    /// subtree is torn down.
    private func stop(heardBy inherited: [LifecycleObservation]?) {
        let wasStarted = isStarted
        runCount &+= wasStarted ? 1 : 2
        let scope =
            !childSlots.isEmpty && LifecycleObservers.isActive
            ? LifecycleObservers.observations(of: self, inheriting: inherited) : nil
        while let child = childSlots.popLast() {
            guard let child else {
                vacantSlotCount -= 1
                continue
            }
            child.parent = nil
            if let scope { LifecycleObservers.emit(.detached, child, parent: self, inheriting: scope) }
            child.stop(heardBy: scope)
        }
        if wasStarted {
            didStop()
            if LifecycleObservers.isActive { LifecycleObservers.emit(.stopped, self, inheriting: inherited) }
            // Only a caller awaiting the outcome needs to hear that the run ended here.
            if let outcomeRecord, !outcomeRecord.waiters.isEmpty { record(.stopped) }
        }
    }

    /// Called once each time the coordinator starts. Attach children and set up
    /// the screen here. The default does nothing.
    open func didStart() {}

    /// Called once each time the coordinator stops, after its children were
    /// stopped and detached. The default does nothing.
    open func didStop() {}

    /// Called after the user removed `child`'s screen (the back button, the
    /// swipe back, or the swipe down of a sheet) and the runtime detached and
    /// stopped `child` for you.
    ///
    /// Override it to drop any reference you keep to the child and to tell your
    /// own listener. The child is no longer in ``children`` when this runs.
    /// The default does nothing.
    ///
    /// Only the parent of the outermost coordinator whose screen left is told:
    /// the coordinators inside it are stopped with it, as ``removeChild(_:)``
    /// stops a subtree. A cancelled interactive gesture removes nothing and
    /// tells nobody.
    open func userDidRemove(_ child: any Coordinating) {}

    // MARK: - Restoration

    /// What this coordinator records so that a later process can show the same
    /// place again, its children's states included as it chooses; `nil` (the
    /// default) when it takes no part in restoration.
    ///
    /// Read it after a change has settled; the app saves it as the person goes.
    /// See ``RestorationState``.
    open var restorationState: RestorationState? { nil }

    /// Shows again the place `state` records, through the same routes and
    /// builders as live navigation: a parent rebuilds each child from its
    /// builder, shows it as it would live, then hands it its own state.
    ///
    /// Call it on a started coordinator. A record that no longer applies (a
    /// deleted item, an older or newer format) restores the nearest valid
    /// place and says why in the result; it never throws and never traps. The
    /// default restores nothing and reports
    /// ``RestorationError/notRestorable(coordinator:)``.
    open func restore(from state: RestorationState) -> RestorationResult {
        .nearest(because: .notRestorable(coordinator: name))
    }

    // MARK: - Tree

    /// Attaches `child` and starts it.
    ///
    /// - Throws: ``CoordinatorError/alreadyAttached`` if `child` is already a
    ///   child of this coordinator, ``CoordinatorError/attachedToAnotherParent``
    ///   if it has another parent, ``CoordinatorError/cannotAttachToItself`` and
    ///   ``CoordinatorError/wouldCreateCycle`` if it is this coordinator or one
    ///   of its ancestors. The tree is unchanged after a refusal.
    public final func addChild(_ child: any Coordinating) throws(CoordinatorError) {
        if child === self { throw .cannotAttachToItself }
        if let currentParent = child.parent {
            throw currentParent === self ? .alreadyAttached : .attachedToAnotherParent
        }
        var ancestor = parent
        while let current = ancestor {
            if current === child { throw .wouldCreateCycle }
            ancestor = current.parent
        }
        child.parent = self
        child.slotIndex = childSlots.count
        childSlots.append(child)
        if LifecycleObservers.isActive { LifecycleObservers.emit(.attached, child, parent: self) }
        child.start()
    }

    /// Detaches `child` and stops it (which tears down its own subtree).
    ///
    /// - Throws: ``CoordinatorError/notAChild`` if `child` is not attached to
    ///   this coordinator. The tree is unchanged after a refusal.
    public final func removeChild(_ child: any Coordinating) throws(CoordinatorError) {
        guard child.parent === self else { throw .notAChild }
        detachSlot(of: child)
        child.stop(heardBy: detachedFromHere(child))
    }

    /// Detaches this coordinator from its parent because the user removed its
    /// screen, then tells the parent. A coordinator that already left the tree
    /// (with an ancestor whose screen was removed too) is left alone.
    func detachAfterUserNavigation() {
        guard let parent else { return }
        record(.removedByPerson)
        parent.detachSlot(of: self)
        stop(heardBy: parent.detachedFromHere(self))
        parent.userDidRemove(self)
    }

    // MARK: - Outcome

    /// Records how this run ended, if it is running and nothing was recorded
    /// yet, and resumes whoever awaits it.
    func record(_ outcome: RecordedOutcome) {
        guard isStarted || !(outcomeRecord?.waiters.isEmpty ?? true) else { return }
        let record = outcomeRecord ?? OutcomeRecord()
        outcomeRecord = record
        guard record.recorded == nil else { return }
        record.recorded = outcome
        if let parent { record.owner = parent }
        let waiters = record.waiters
        record.waiters.removeAll()
        for waiter in waiters { waiter.resume(with: outcome) }
    }

    /// Whether `asker` may await this coordinator's outcome: it is this
    /// coordinator's parent, or was when the run ended (or when it began to
    /// await it).
    func acceptsOutcomeRequest(from asker: Coordinator) -> Bool {
        parent === asker || outcomeRecord?.owner === asker
    }

    /// Resumes `waiter` with this run's outcome: at once if it has ended (or
    /// was stopped while attached), otherwise when it ends. `asker` is the
    /// parent that awaits.
    func awaitOutcome(with waiter: OutcomeWaiter, from asker: Coordinator) {
        if let recorded = outcomeRecord?.recorded {
            waiter.resume(with: recorded)
        } else if !isStarted {
            waiter.resume(with: .stopped)
        } else {
            let record = outcomeRecord ?? OutcomeRecord()
            outcomeRecord = record
            record.owner = asker
            record.waiters.append(waiter)
        }
    }

    /// The number of ancestors above this coordinator, stopping at the first ancestor whose depth `depths` knows, and
    /// remembering in it the depths of this coordinator and of the ancestors
    /// it walked: a set of nested coordinators costs one step each.
    func depth(rememberingIn depths: inout [ObjectIdentifier: Int]) -> Int {
        if let known = depths[ObjectIdentifier(self)] { return known }
        var unknown: [Coordinator] = [self]
        var depthBelowKnown = 0
        var ancestor = parent
        while let current = ancestor {
            if let known = depths[ObjectIdentifier(current)] {
                depthBelowKnown = known + 1
                break
            }
            unknown.append(current)
            ancestor = current.parent
        }
        // `unknown` runs from this coordinator up; its last element sits right below the known ancestor, or is the
        // root.
        for (offset, coordinator) in unknown.reversed().enumerated() {
            depths[ObjectIdentifier(coordinator)] = depthBelowKnown + offset
        }
        return depthBelowKnown + unknown.count - 1
    }

    /// Reports that `child` was detached from this coordinator, and returns
    /// the observations its teardown is still reported to; `nil` when nobody
    /// observes.
    private func detachedFromHere(_ child: Coordinator) -> [LifecycleObservation]? {
        guard LifecycleObservers.isActive else { return nil }
        LifecycleObservers.emit(.detached, child, parent: self)
        return LifecycleObservers.observations(of: self, inheriting: nil)
    }

    private func detachSlot(of child: Coordinator) {
        childSlots[child.slotIndex] = nil
        vacantSlotCount += 1
        child.parent = nil
        while let last = childSlots.last, last == nil {
            childSlots.removeLast()
            vacantSlotCount -= 1
        }
        if vacantSlotCount > 16, vacantSlotCount * 2 > childSlots.count {
            compactSlots()
        }
    }

    /// Removes the holes left by detached children. Runs only when more than
    /// half of the slots are holes, so its O(N) cost is amortised over at least
    /// N/2 detaches.
    private func compactSlots() {
        var compacted: [Coordinator?] = []
        compacted.reserveCapacity(childCount)
        for case let child? in childSlots {
            child.slotIndex = compacted.count
            compacted.append(child)
        }
        childSlots = compacted
        vacantSlotCount = 0
    }
}

extension Coordinator: Coordinating {}
