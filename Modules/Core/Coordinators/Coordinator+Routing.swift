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
/// There is one queue per window: a request waits for its coordinator's
/// window and the requests asked before it there, never for another window.
/// A coordinator's window is the one that shows its screen, or its nearest
/// ancestor's, or else the first of its descendants'; a coordinator that shows
/// nothing in any window waits for no window (a change it makes in a window
/// that moves is then refused as a direct call would be). Each request stands
/// alone: one that is refused does not stop the requests asked after it. A
/// sequence of steps that must end at the first failure is a sequence of
/// `try await` (see ``route(_:)``). A request asked for while another one is
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

    /// Attaches `child`, shows its screen with `show` and hands it its record,
    /// as one step applied now: how a parent restores a child it shows (see
    /// <doc:Restoration>).
    ///
    /// The child is started and on screen before it reads its record, so what
    /// it loads when it starts (saved values, a stored draft) never lands over
    /// what it restored, and the child's problems are in the result. Restoring
    /// rebuilds a place as it was, without animation, as UIKit's state
    /// restoration does: `show` should route unanimated, so the child's own
    /// children can be restored in the same step.
    ///
    /// - Returns: the child's ``RestorationResult``; or, when the step is not
    ///   applied, the nearest place (this parent without the child) with one
    ///   problem that says whether to try again. Nothing changes then.
    ///   - ``RestorationError/screensMoving(coordinator:)``: not now. A
    ///     transition moves or a gesture is held in this coordinator's window
    ///     (or `show` was refused with
    ///     ``NavigationError/transitionInProgress``); the same step can succeed
    ///     once the window is idle.
    ///   - ``RestorationError/noLongerApplies(_:)``: never. The child cannot be
    ///     attached, or `show` threw for another reason; trying again changes
    ///     nothing.
    public final func addChild(
        _ child: any ViewableCoordinating,
        showing show: @escaping @MainActor (any ViewControllerable) throws -> Void,
        restoringFrom state: RestorationState
    ) -> RestorationResult {
        guard Transaction.canRunIdleWorkNow(in: routingLane) else {
            return .nearest(because: .screensMoving(coordinator: child.name))
        }
        do throws(RoutingError) {
            try addChild(child, showing: show)
        } catch .navigation(.transitionInProgress) {
            return .nearest(because: .screensMoving(coordinator: child.name))
        } catch {
            return .nearest(because: .noLongerApplies("\(child.name) cannot be shown: \(error)"))
        }
        return child.restore(from: state)
    }

    /// Hides `child`'s screen with `hide`, then detaches and stops `child`, as
    /// one step, now or once every window is idle (see ``route(_:completion:)``):
    /// the counterpart of ``addChild(_:showing:completion:)`` for a child that
    /// says it is done.
    ///
    /// If `hide` throws, `child` stays attached, since its screen is still
    /// shown, so the tree never loses a coordinator whose screen is on screen
    /// (`hide` should throw only before it changes anything, as every routing
    /// method does):
    ///
    /// ```swift
    /// func signUpDidCancel() {
    ///     try? removeChild(signUp) { _ in try self.viewControllerable.pop(animated: true) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - child: the child to hide and detach.
    ///   - hide: hides `child`'s screen the way this parent showed it.
    ///   - completion: called once with the outcome, as for
    ///     ``route(_:completion:)``.
    /// - Throws: when the request is applied at once and refused:
    ///   ``RoutingError/coordinator(_:)`` with ``CoordinatorError/notAChild`` if
    ///   `child` is not attached here (then `hide` does not run), or what `hide`
    ///   threw. A queued request throws nothing; its outcome goes to
    ///   `completion`.
    public final func removeChild(
        _ child: any ViewableCoordinating,
        hiding hide: @escaping @MainActor (any ViewControllerable) throws -> Void,
        completion: (@MainActor (RoutingOutcome) -> Void)? = nil
    ) throws(RoutingError) {
        let outcome = schedule { [weak self] in
            self?.detach(child, hiding: hide) ?? .dropped
        } completion: {
            completion?($0)
        }
        guard let outcome else { return }
        completion?(outcome)
        if case .refused(let error) = outcome { throw error }
    }

    func detach(
        _ child: any ViewableCoordinating,
        hiding hide: (any ViewControllerable) throws -> Void
    ) -> RoutingOutcome {
        guard child.parent === self else { return .refused(.coordinator(.notAChild)) }
        do {
            try hide(child.viewControllerable)
        } catch {
            return .refused(RoutingError(error))
        }
        try? removeChild(child)
        return .applied
    }

    func attach(
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
    func schedule(
        _ request: @escaping @MainActor () -> RoutingOutcome,
        completion: @escaping @MainActor (RoutingOutcome) -> Void
    ) -> RoutingOutcome? {
        let lane = routingLane
        if Transaction.canRunIdleWorkNow(in: lane) {
            return Transaction.runAsIdleWork(request)
        }
        let stopGenerationAtRequest = stopGeneration
        Transaction.enqueueIdleWork(in: lane) { [weak self] in
            guard let self, self.stopGeneration == stopGenerationAtRequest else {
                completion(.dropped)
                return
            }
            completion(request())
        }
        return nil
    }
}
