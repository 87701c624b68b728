/// Routing you can `await`: the counterparts of ``Coordinator/route(_:completion:)``,
/// ``Coordinator/addChild(_:showing:completion:)`` and
/// ``Coordinator/removeChild(_:hiding:completion:)`` for Swift concurrency,
/// on the main actor.
///
/// Each waits its turn in the routing queue exactly as its completion form
/// does, applies the change, and then resumes once the transitions the change
/// started have ended on the window's clock:
/// - on the immediate clock, as soon as the change is applied;
/// - on a ``ManualClock``, when a test advances the clock past their end;
/// - refused at its turn, it throws the typed ``RoutingError`` and changes
///   nothing; ``RoutingError/dropped`` if the coordinator was stopped first.
///
/// A multi-step deep link is a sequence of `try await`, and it ends at the
/// first step that fails, since the steps after it are never asked for:
///
/// ```swift
/// try await route { try self.presenter.selectTab("feed") }
/// try await feed.addChild(post) { try feed.viewControllerable.push($0, animated: true) }
/// try await post.addChild(comments) { try post.viewControllerable.present($0, animated: true) }
/// ```
///
/// **Choosing the form.** In an `async` context Swift prefers these awaited
/// forms, so a call without `await` there does not compile; name the
/// completion (`completion: nil`) to keep the completion form. A `Task {}`
/// that matches the error's cases writes `do throws(RoutingError)`, since a
/// plain `do` in a closure catches `any Error` (see <doc:ShowingAChild>).
///
/// **Cancellation.** A call made from a task that is already cancelled throws
/// ``RoutingError/cancelled`` without asking. Cancelling the awaiting task while
/// the request waits for its turn withdraws it: it is never applied, and the
/// call throws ``RoutingError/cancelled``, whatever the order of the cancel and
/// of the window becoming idle: a request whose task was cancelled before its
/// turn came never applies, even when the clock frees the window in the same
/// main-actor turn as the cancel. Once the request has been applied,
/// the change stays (screens that are moving finish moving), and the call
/// still resumes when its transitions end, with the request's outcome: a
/// caller that awaits a step learns whether it happened. A window or clock that
/// goes away ends its transitions, and the call resumes then.
extension Coordinator {
    /// Applies `change` at its turn in the routing queue, and resumes once the
    /// transitions it started have ended (see ``route(_:completion:)`` for the
    /// turn, and the extension's overview for when it resumes and what
    /// cancelling does).
    ///
    /// - Throws: ``RoutingError`` when `change` throws at its turn (then
    ///   nothing changed), ``RoutingError/dropped`` when this coordinator was
    ///   stopped before the turn, ``RoutingError/cancelled`` when the task was
    ///   cancelled before the turn.
    public final func route(_ change: @escaping @MainActor () throws -> Void) async throws(RoutingError) {
        try await awaitTurn {
            do {
                try change()
                return .applied
            } catch {
                return .refused(RoutingError(error))
            }
        }
    }

    /// Attaches `child` and shows its screen with `show`, as one step at its
    /// turn in the routing queue, and resumes once the transitions it started
    /// have ended. If `show` throws, `child` is detached and stopped again.
    /// See ``addChild(_:showing:completion:)`` for the step, and the
    /// extension's overview for when it resumes and what cancelling does.
    ///
    /// - Throws: ``RoutingError/coordinator(_:)`` if `child` cannot be
    ///   attached, what `show` threw (a ``NavigationError`` as
    ///   ``RoutingError/navigation(_:)``), ``RoutingError/dropped`` or
    ///   ``RoutingError/cancelled``.
    public final func addChild(
        _ child: any ViewableCoordinating,
        showing show: @escaping @MainActor (any ViewControllerable) throws -> Void
    ) async throws(RoutingError) {
        try await awaitTurn { [weak self] in
            self?.attach(child, showing: show) ?? .dropped
        }
    }

    /// Hides `child`'s screen with `hide`, then detaches and stops `child`, as
    /// one step at its turn in the routing queue, and resumes once the
    /// transitions it started have ended. If `hide` throws, `child` stays
    /// attached. See ``removeChild(_:hiding:completion:)`` for the step, and
    /// the extension's overview for when it resumes and what cancelling does.
    ///
    /// - Throws: ``RoutingError/coordinator(_:)`` with
    ///   ``CoordinatorError/notAChild``, what `hide` threw,
    ///   ``RoutingError/dropped`` or ``RoutingError/cancelled``.
    public final func removeChild(
        _ child: any ViewableCoordinating,
        hiding hide: @escaping @MainActor (any ViewControllerable) throws -> Void
    ) async throws(RoutingError) {
        try await awaitTurn { [weak self] in
            self?.detach(child, hiding: hide) ?? .dropped
        }
    }

    /// Schedules `request` in this coordinator's routing queue and waits for
    /// its outcome and for the transitions it started to end.
    private func awaitTurn(_ request: @escaping @MainActor () -> RoutingOutcome) async throws(RoutingError) {
        guard !Task.isCancelled else { throw .cancelled }
        let waiter = RoutingWaiter()
        let result = await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                waiter.continuation = continuation
                let outcome = schedule {
                    guard !waiter.withdrawIfCancelled() else { return .dropped }
                    let (outcome, transitions) = Transaction.recordingTransitions(request)
                    waiter.waitForEnd(of: transitions)
                    return outcome
                } completion: { outcome in
                    waiter.requestDidRun(outcome)
                }
                if let outcome { waiter.requestDidRun(outcome) }
            }
        } onCancel: {
            waiter.cancellation.set()
            Task { @MainActor in waiter.withdraw() }
        }
        try result.get()
    }
}
