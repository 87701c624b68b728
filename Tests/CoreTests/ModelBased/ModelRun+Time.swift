import Core

/// How often the situations a run is meant to reach were reached, over every replay since the counts were
/// last reset: a generator that stops reaching one of them tests nothing there.
struct ModelCoverage: Equatable {
    var refusedWhileMoving = 0
    var inputRefusedWhileMoving = 0
    var requestsWaited = 0
    var requestsApplied = 0
    var requestsRefused = 0
    var requestsDropped = 0
    var gesturesFinished = 0
    var gesturesCancelled = 0
    var idlePoints = 0
    var stepsWhileMoving = 0
    var tabSwitches = 0
    var tabReTapPops = 0
    var badgesSet = 0
    var pageTurns = 0
    var pagesSet = 0
    var splitsCollapsed = 0
    var splitsExpanded = 0
    var detailsShown = 0
    var detailsClosed = 0
    var adaptationsWaited = 0
    var pageSwipesFinished = 0
    var pageSwipesCancelled = 0
    var splitTabReTapCloses = 0
    var detailsClosedByBack = 0

    /// The situations never reached; on the immediate clock, only those it can reach (no request waits there,
    /// and a change of size class waits only for a held gesture).
    func missing(timed: Bool) -> [String] {
        let timedOnly: Set = [
            "requests that waited", "requests applied", "requests refused", "requests dropped",
            "size changes that waited for idle",
        ]
        return missing.filter { timed || !timedOnly.contains($0) }
    }

    /// The situations never reached.
    var missing: [String] {
        let counts: KeyValuePairs<String, Int> = [
            "routing refused while moving": refusedWhileMoving, "input refused while moving": inputRefusedWhileMoving,
            "requests that waited": requestsWaited,
            "requests applied": requestsApplied, "requests refused": requestsRefused,
            "requests dropped": requestsDropped, "gestures finished": gesturesFinished,
            "gestures cancelled": gesturesCancelled, "idle points": idlePoints,
            "steps while moving": stepsWhileMoving, "tab switches": tabSwitches,
            "tab re-taps that popped": tabReTapPops,
            "badges set": badgesSet, "page turns": pageTurns, "pages set": pagesSet,
            "splits collapsed": splitsCollapsed, "splits expanded": splitsExpanded, "details shown": detailsShown,
            "details closed": detailsClosed, "size changes that waited for idle": adaptationsWaited,
            "held page swipes finished": pageSwipesFinished, "held page swipes cancelled": pageSwipesCancelled,
            "re-taps of the split tab that closed": splitTabReTapCloses,
            "items closed by the back button": detailsClosedByBack,
        ]
        return counts.filter { $0.value == 0 }.map(\.key)
    }
}

/// The steps of a timed run that have no counterpart on the immediate clock: releasing a held gesture, and
/// routing requests that wait for their turn.
extension ModelRun {
    // MARK: - Gestures the person holds

    func releaseGesture(_ release: ModelOperation.Release) -> String? {
        let coreRelease: GestureRelease =
            switch release {
            case .automatic: .automatic
            case .finish: .finish
            case .cancel: .cancel
            }
        let heldBefore = model.held
        let expected = model.releaseGesture(release, now: now)
        let actual: Result<Bool, NavigationError>
        do {
            actual = .success(try live.window.releaseGesture(coreRelease))
        } catch {
            actual = .failure(error)
        }
        let expectedFinishes = expected.map(\.finishes)
        if expectedFinishes != actual { return "expected \(expectedFinishes), Core gave \(actual)" }
        if !timed, case .success = actual {
            // The immediate clock ends the release at once, and the window is idle again.
            model.endTransitions(dueBy: .seconds(3_600))
            if pendingAdaptation != nil {
                pendingAdaptation = nil
                model.adaptSplits()
            }
            if case .success(false) = actual, let gesture = heldBefore {
                // A cancelled gesture gives what would have left one more did-appear, and what would have been
                // revealed one more did-disappear.
                for id in gesture.leaving { extraAppearances[id, default: 0] += 1 }
                for id in gesture.revealed { extraDisappearances[id, default: 0] += 1 }
            }
        }
        if case .success(let finishes) = actual {
            if finishes { coverage.gesturesFinished += 1 } else { coverage.gesturesCancelled += 1 }
            if let gesture = heldBefore?.gesture, gesture == .swipeToNextPage || gesture == .swipeToPreviousPage {
                if finishes { coverage.pageSwipesFinished += 1 } else { coverage.pageSwipesCancelled += 1 }
            }
        }
        if case .success(false) = actual, !live.log.entries.isEmpty {
            return "a cancelled gesture changed coordinators: \(live.log.entries)"
        }
        return nil
    }

    // MARK: - Routing that waits its turn

    /// A coordinator asks to route. It applies at once when nothing moves and no request waits, and
    /// otherwise waits; its outcome is checked when it comes (`requestDidFinish`).
    func request(coordinatorChoice: Int, change: ModelOperation.RequestedChange) throws -> String? {
        guard let coordinatorID = pick(model.tree, coordinatorChoice), let coordinator = live.coordinator(coordinatorID)
        else { return "no coordinator" }
        let id = nextRequestID
        nextRequestID += 1
        let appliesAtOnce = model.isIdle && waitingRequests.isEmpty
        waitingRequests.append(
            WaitingRequest(
                id: id, coordinator: coordinatorID, change: change,
                stopCount: model.stopCounts[coordinatorID, default: 0]))
        let finish: @MainActor (RoutingOutcome) -> Void = { [weak self] outcome in
            self?.requestDidFinish(id, outcome)
        }
        switch change {
        case .attachPushed, .attachPresented:
            let ids = model.makeScreen(.plain, modal: false)
            let childID = model.makeCoordinator(owning: ids[0])
            model.pinnedCoordinators.insert(childID)
            waitingRequests[waitingRequests.count - 1].child = childID
            let child = live.makeCoordinator(childID, screen: try live.makeScreen(ids, kind: .plain, modal: false))
            // A refusal at once also goes to `finish`, which checks it.
            try? coordinator.addChild(
                child,
                showing: { [weak self] shown in try self?.showRequestedChild(id, shown) },
                completion: finish)
        case .push, .pop, .dismiss, .present:
            coordinator.route({ [weak self] in try self?.applyRequest(id) }, completion: finish)
        }
        let isFinished = !waitingRequests.contains { $0.id == id }
        if !isFinished { coverage.requestsWaited += 1 }
        if isFinished != appliesAtOnce {
            return appliesAtOnce
                ? "a request made while nothing moves waited" : "a request made while something moves did not wait"
        }
        return nil
    }

    /// Checks that the request `id` has its turn now: it is the oldest waiting, nothing moves, and (if it
    /// `runs`) its coordinator was not stopped since it asked.
    private func takeTurn(_ id: Int, runs: Bool = true) -> Int? {
        guard let index = waitingRequests.firstIndex(where: { $0.id == id }) else {
            deferredFailure = deferredFailure ?? "request \(id) had a second turn"
            return nil
        }
        if index != 0 {
            deferredFailure = deferredFailure ?? "request \(id) had its turn before the requests made before it"
        }
        model.endTransitions(dueBy: currentTime)
        if let position = pendingAdaptation, position <= id, model.isIdle {
            pendingAdaptation = nil
            model.adaptSplits()
        }
        if !model.isIdle || !live.window.isIdle {
            deferredFailure =
                deferredFailure
                ?? "request \(id) had its turn while something moves (model idle: \(model.isIdle), Core idle: "
                + "\(live.window.isIdle))"
        }
        let request = waitingRequests[index]
        if runs, model.stopCounts[request.coordinator, default: 0] != request.stopCount {
            deferredFailure =
                deferredFailure ?? "request \(id) ran though \(request.coordinator) was stopped since it asked"
        }
        return index
    }

    /// A `route` request at its turn: the change runs on both sides, from the coordinator's screen.
    private func applyRequest(_ id: Int) throws {
        guard !isDraining, let index = takeTurn(id) else { return }
        currentTurn = id
        defer { currentTurn = nil }
        let request = waitingRequests[index]
        guard let screenID = model.coordinators[request.coordinator]?.screen,
            let target = model.hierarchy.firstIndex(of: screenID)
        else {
            deferredFailure = deferredFailure ?? "request \(id): the screen of \(request.coordinator) is not shown"
            return
        }
        let operation: ModelOperation
        switch request.change {
        case .push: operation = .push(target: target, kind: .plain, modal: false)
        case .pop: operation = .pop(target: target)
        case .dismiss: operation = .dismiss(target: target)
        case .present(let style): operation = .present(target: target, style: style, kind: .plain, modal: false)
        case .attachPushed, .attachPresented:
            deferredFailure = deferredFailure ?? "request \(id): an addChild request ran as a route request"
            return
        }
        if let message = try applyThrowing(operation, animated: true) {
            deferredFailure = deferredFailure ?? "request \(id) \(operation): \(message)"
        }
        switch lastActual {
        case .success:
            waitingRequests[index].expected = .applied
        case .failure(let error):
            waitingRequests[index].expected = .refused(.navigation(error))
            throw error
        }
    }

    /// An `addChild(_:showing:)` request at its turn: Core attached the child; the model does too, then
    /// both show its screen from the parent's.
    private func showRequestedChild(_ id: Int, _ shown: any ViewControllerable) throws {
        guard !isDraining, let index = takeTurn(id) else { return }
        currentTurn = id
        defer { currentTurn = nil }
        let request = waitingRequests[index]
        guard let childID = request.child, let childScreen = model.coordinators[childID]?.screen,
            let parentScreen = model.coordinators[request.coordinator]?.screen,
            let target = live.screen(parentScreen)
        else {
            deferredFailure = deferredFailure ?? "request \(id): the parent's or the child's screen is gone"
            return
        }
        model.addChild(childID, to: request.coordinator)
        let visibleBefore = model.visible
        let movingBefore = model.movingScreenIDs
        let expected: Outcome
        let actual: Outcome
        switch request.change {
        case .attachPresented(let style):
            expected = model.present(childScreen, from: parentScreen, style: style)
            actual = outcome {
                try target.present(shown, style: style, animated: true)
                return []
            }
        default:
            expected = model.push(childScreen, from: parentScreen)
            actual = outcome {
                try target.push(shown, animated: true)
                return []
            }
        }
        if let message = compare(expected, actual) {
            deferredFailure = deferredFailure ?? "request \(id) \(request.change): \(message)"
        }
        switch expected {
        case .success:
            if model.adaptAppearingSplits(
                visibleBefore: visibleBefore, movingBefore: movingBefore, locks: model.lastLocks)
            {
                scheduleAdaptation()
            }
            model.finishChange(animated: true, visibleBefore: visibleBefore, hasCompletion: false, now: currentTime)
            waitingRequests[index].expected = .applied
        case .failure(let error):
            // Core detaches the child whose screen could not be shown.
            model.removeChild(childID)
            waitingRequests[index].expected = .refused(.navigation(error))
            if case .failure(let coreError) = actual { throw coreError }
        }
    }

    /// The outcome of request `id` came: it must be the oldest waiting, and be what the model expects. A
    /// request that did not run must have been dropped, because its coordinator was stopped since.
    private func requestDidFinish(_ id: Int, _ outcome: RoutingOutcome) {
        guard !isDraining else { return }
        guard let index = waitingRequests.firstIndex(where: { $0.id == id }) else {
            deferredFailure = deferredFailure ?? "request \(id) reported \(outcome) a second time"
            return
        }
        var request = waitingRequests[index]
        if request.expected == nil {
            // It did not run: it has its turn now, and is dropped.
            _ = takeTurn(id, runs: false)
            let wasStopped = model.stopCounts[request.coordinator, default: 0] != request.stopCount
            request.expected = wasStopped ? .dropped : nil
            if !wasStopped {
                deferredFailure = deferredFailure ?? "request \(id) reported \(outcome) without running"
            }
        } else if index != 0 {
            deferredFailure = deferredFailure ?? "request \(id) finished before the requests made before it"
        }
        waitingRequests.remove(at: index)
        if let child = request.child { model.pinnedCoordinators.remove(child) }
        switch outcome {
        case .applied: coverage.requestsApplied += 1
        case .refused: coverage.requestsRefused += 1
        case .dropped: coverage.requestsDropped += 1
        }
        if let expected = request.expected, expected != outcome {
            deferredFailure = deferredFailure ?? "request \(id) \(request.change): expected \(expected), got \(outcome)"
        }
    }
}
