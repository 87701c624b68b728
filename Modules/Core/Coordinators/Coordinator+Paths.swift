/// Following a planned path (``NavigationPlan``) through the routing queue.
extension Coordinator {
    /// Applies `plan`'s steps one at a time, each at its turn in the routing
    /// queue (so each waits for the transitions of the one before), and stops
    /// at the first step that is refused: the steps after it are never asked
    /// for. `apply` makes one step's change (for a window's own screens,
    /// ``Window/apply(_:animated:screen:)``).
    ///
    /// `completion` hears ``RoutingOutcome/applied`` once the last step was
    /// applied, or the first refusal (or ``RoutingOutcome/dropped`` when this
    /// coordinator was stopped before a step's turn). An empty plan completes at
    /// once.
    public final func follow(
        _ plan: NavigationPlan,
        applying apply: @escaping @MainActor (NavigationStep) throws -> Void,
        completion: (@MainActor (RoutingOutcome) -> Void)? = nil
    ) {
        followSteps(plan.steps[...], applying: apply, completion: completion)
    }

    private func followSteps(
        _ steps: ArraySlice<NavigationStep>,
        applying apply: @escaping @MainActor (NavigationStep) throws -> Void,
        completion: (@MainActor (RoutingOutcome) -> Void)?
    ) {
        guard let step = steps.first else {
            completion?(.applied)
            return
        }
        route(
            { try apply(step) },
            completion: { [weak self] outcome in
                guard outcome == .applied else {
                    completion?(outcome)
                    return
                }
                guard let self else {
                    completion?(.dropped)
                    return
                }
                self.followSteps(steps.dropFirst(), applying: apply, completion: completion)
            })
    }

    /// Applies `plan`'s steps one at a time through the routing queue, as a
    /// chain of `try await`: each step resumes once its transitions ended, and
    /// the first refusal throws, so the steps after it are never asked for.
    ///
    /// ```swift
    /// let plan = NavigationPlan(from: NavigationPath(window: window), to: target)
    /// try await follow(plan) { step in try window.apply(step, animated: true) { try self.screens.make($0) } }
    /// ```
    ///
    /// - Throws: the first step's ``RoutingError``, as
    ///   ``route(_:)`` throws it (``RoutingError/cancelled`` when the task is
    ///   cancelled before a step's turn).
    public final func follow(
        _ plan: NavigationPlan,
        applying apply: @escaping @MainActor (NavigationStep) throws -> Void
    ) async throws(RoutingError) {
        for step in plan.steps {
            try await route { try apply(step) }
        }
    }
}
