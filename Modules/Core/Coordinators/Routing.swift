/// Why a routing request was refused: the tree refused the child, or the
/// screens refused the change.
public enum RoutingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The coordinator tree refused to attach the child.
    case coordinator(CoordinatorError)
    /// The screen hierarchy refused to show the child, or refused the change.
    case navigation(NavigationError)
    /// The closure that shows the child or makes the change threw an error of
    /// its own, neither of the two above; this is its description.
    case other(String)

    /// Sorts what a routing closure threw into the three cases.
    init(_ error: any Error) {
        switch error {
        case let error as RoutingError: self = error
        case let error as NavigationError: self = .navigation(error)
        case let error as CoordinatorError: self = .coordinator(error)
        default: self = .other(String(describing: error))
        }
    }

    /// The underlying refusal's sentence.
    public var description: String {
        switch self {
        case .coordinator(let error): error.description
        case .navigation(let error): error.description
        case .other(let description): description
        }
    }
}

/// What became of a routing request made with ``Coordinator/route(_:completion:)``
/// or ``Coordinator/addChild(_:showing:completion:)``.
public enum RoutingOutcome: Equatable, Sendable {
    /// The change was applied.
    case applied
    /// The change was tried at its turn and refused; nothing changed.
    case refused(RoutingError)
    /// The coordinator that asked was stopped before the request's turn (it
    /// left the tree, for example because the person swiped its screen away),
    /// so the request was not tried.
    case dropped
}

/// Routing that waits its turn.
///
/// A coordinator that routes while a transition runs or a gesture is held
/// would be refused (``NavigationError/transitionInProgress``). These methods
/// wait instead: a request is applied at once when every window is idle and no
/// earlier request waits, and otherwise queued and applied, in the order asked,
/// once every window is idle again, each request waiting for the transitions the
/// one before it started. A deep link through several coordinators therefore
/// works with animations on: each step is applied after the one before has
/// finished moving.
///
/// The queue is one for the whole process, like the main run loop: a
/// transition in any window holds it. A request asked for while another one is
/// being applied is part of that one: it applies at once if nothing moves, and
/// if that one started a transition, it waits first in line, before the
/// requests that were already waiting behind that one.
extension Coordinator {
    /// Applies `change` now, or once every window is idle, after the requests
    /// queued before it.
    ///
    /// - Parameters:
    ///   - change: the routing to apply, such as a push or a dismiss. It runs at
    ///     the request's turn, so it should read the state it depends on then.
    ///   - completion: called once with the outcome: ``RoutingOutcome/applied``,
    ///     ``RoutingOutcome/refused(_:)`` if `change` threw (a
    ///     ``NavigationError`` or ``CoordinatorError`` keeps its type), or
    ///     ``RoutingOutcome/dropped`` if this coordinator was stopped before the
    ///     request's turn (then `change` does not run). Called before `route`
    ///     returns when the request applies at once.
    public final func route(
        _ change: @escaping @MainActor () throws -> Void,
        completion: (@MainActor (RoutingOutcome) -> Void)? = nil
    ) {
        let outcome = schedule {
            do {
                try change()
                return .applied
            } catch {
                return .refused(RoutingError(error))
            }
        } completion: {
            completion?($0)
        }
        if let outcome { completion?(outcome) }
    }

    /// Attaches `child` and shows its screen with `show`, as one step, now or
    /// once every window is idle (see ``route(_:completion:)``).
    ///
    /// If `show` throws, `child` is detached and stopped again, so the tree
    /// never keeps a child whose screen was not shown. The parent still decides
    /// how the child is shown:
    ///
    /// ```swift
    /// try addChild(signUp) { try self.viewControllerable.push($0, animated: true) }
    /// try addChild(compose) { try self.viewControllerable.present($0, style: .pageSheet) }
    /// ```
    ///
    /// `show` runs at the request's turn, so it may run after `addChild`
    /// returned; it should read the screens it shows from then.
    /// `show` should throw only before it changes anything, as every routing
    /// method does; a `show` that shows the screen and then throws leaves the
    /// screen shown with its child detached.
    ///
    /// - Parameters:
    ///   - child: the coordinator to attach; it must have no parent.
    ///   - show: shows `child`'s screen the way this parent chooses.
    ///   - completion: called once with the outcome, as for
    ///     ``route(_:completion:)``.
    /// - Throws: when the request is applied at once and refused: a
    ///   ``RoutingError/coordinator(_:)`` if `child` cannot be attached (then
    ///   `show` does not run), or what `show` threw, as a
    ///   ``RoutingError/navigation(_:)`` for a ``NavigationError``. A queued
    ///   request throws nothing; its outcome goes to `completion`.
    public final func addChild(
        _ child: any ViewableCoordinating,
        showing show: @escaping @MainActor (any ViewControllerable) throws -> Void,
        completion: (@MainActor (RoutingOutcome) -> Void)? = nil
    ) throws(RoutingError) {
        let outcome = schedule { [weak self] in
            self?.attach(child, showing: show) ?? .dropped
        } completion: {
            completion?($0)
        }
        guard let outcome else { return }
        completion?(outcome)
        if case .refused(let error) = outcome { throw error }
    }

    private func attach(
        _ child: any ViewableCoordinating,
        showing show: (any ViewControllerable) throws -> Void
    ) -> RoutingOutcome {
        do throws(CoordinatorError) {
            try addChild(child)
        } catch {
            return .refused(.coordinator(error))
        }
        do {
            try show(child.viewControllerable)
            return .applied
        } catch {
            try? removeChild(child)
            return .refused(RoutingError(error))
        }
    }

    /// Runs `request` now and returns its outcome, or queues it and returns
    /// `nil`; a queued request's outcome goes to `completion` at its turn.
    private func schedule(
        _ request: @escaping @MainActor () -> RoutingOutcome,
        completion: @escaping @MainActor (RoutingOutcome) -> Void
    ) -> RoutingOutcome? {
        if Transaction.canRunIdleWorkNow {
            return Transaction.runAsIdleWork(request)
        }
        let stopGenerationAtRequest = stopGeneration
        Transaction.enqueueIdleWork { [weak self] in
            guard let self, self.stopGeneration == stopGenerationAtRequest else {
                completion(.dropped)
                return
            }
            completion(request())
        }
        return nil
    }
}
