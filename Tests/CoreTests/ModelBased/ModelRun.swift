import Core

/// Where a replay first disagreed with the reference model.
struct ModelFailure: CustomStringConvertible {
    let step: Int
    let operation: ModelOperation
    let message: String

    var description: String { "step \(step) \(operation): \(message)" }
}

/// Replays operations on Core and on the reference model side by side, and compares them after every step.
///
/// A timed run uses a window on a manual clock: the model then also knows which transitions are in flight,
/// until when, which screens they keep from routing, and which routing requests wait for their turn. Every
/// step is compared; the invariants that hold only when nothing moves are checked at every idle point.
@MainActor
final class ModelRun {
    /// A request made with `route(_:completion:)` or `addChild(_:showing:completion:)`, until its outcome.
    struct WaitingRequest {
        let id: Int
        let coordinator: String
        let change: ModelOperation.RequestedChange
        /// The coordinator's stop count when it asked: a stop since then drops the request.
        let stopCount: Int
        /// The new child of an `addChild(_:showing:)` request.
        var child: String?
        /// The outcome the model expects, once the request ran at its turn.
        var expected: RoutingOutcome?
    }

    var model: ReferenceModel
    let live: LiveSystem
    let timed: Bool
    /// The did-appear and did-disappear callbacks a cancelled gesture gave each screen beyond one for one.
    var extraAppearances: [String: Int] = [:]
    var extraDisappearances: [String: Int] = [:]
    private var pendingRelease: [String] = []
    /// The model's time, which the manual clock must show too.
    var now: Duration = .zero
    private var completionsRun = 0
    /// What Core returned for the last routing call, for a request that must report it.
    var lastActual: Outcome = .success([])
    var waitingRequests: [WaitingRequest] = []
    var nextRequestID = 0
    /// How many times the person removed each coordinator's screen, over the whole run.
    private var userRemovals: [String: Int] = [:]
    /// A disagreement found inside a Core callback (a request at its turn), reported after the step.
    var deferredFailure: String?
    var isDraining = false
    /// A pass over the splits that waits for the window to be idle: it runs before the requests numbered from
    /// this one on (a change of size class, or a split that appeared while a transition moved its stacks).
    var pendingAdaptation: Int?
    /// The request having its turn now, if any.
    var currentTurn: Int?
    /// What this replay reached, added to its caller's tally when it ends.
    var coverage = ModelCoverage()

    private init(timed: Bool, splitTab: Bool) throws {
        self.timed = timed
        model = ReferenceModel(splitTab: splitTab)
        live = try LiveSystem(timed: timed, splitTab: splitTab)
    }

    /// Replays `operations` from a fresh window (with the split tab unless `splitTab` is false) and returns
    /// the first disagreement, if any. A timed run
    /// ends by cancelling a held gesture and letting the clock run until the window is idle, and checks
    /// that state too (as one more step, numbered `operations.count`).
    static func replay(_ operations: [ModelOperation], timed: Bool = false, splitTab: Bool = true) -> ModelFailure? {
        var ignored = ModelCoverage()
        return replay(operations, timed: timed, splitTab: splitTab, coverage: &ignored)
    }

    /// ``replay(_:timed:splitTab:)``, adding what the replay reached to `coverage`: each caller keeps its own
    /// tally, so replays of two tests that take turns on the main actor do not count into each other's.
    static func replay(
        _ operations: [ModelOperation], timed: Bool = false, splitTab: Bool = true, coverage: inout ModelCoverage
    ) -> ModelFailure? {
        let run: ModelRun
        do {
            run = try ModelRun(timed: timed, splitTab: splitTab)
        } catch {
            return ModelFailure(step: -1, operation: .swipeDown, message: "setting up failed: \(error)")
        }
        run.coverage = coverage
        defer {
            run.drain()
            run.coverage.splitsCollapsed += run.model.collapses
            run.coverage.splitsExpanded += run.model.expansions
            run.coverage.detailsClosedByBack += run.model.detailsClosedByBack
            coverage = run.coverage
        }
        for (step, operation) in operations.enumerated() {
            if let message = run.apply(operation) ?? run.check() {
                return ModelFailure(step: step, operation: operation, message: message)
            }
        }
        guard timed else { return nil }
        var ending: [ModelOperation] = []
        if run.model.held != nil { ending.append(.releaseGesture(.cancel)) }
        ending.append(.advance(milliseconds: 3_600_000))
        for operation in ending {
            if let message = run.apply(operation) ?? run.check() {
                return ModelFailure(step: operations.count, operation: operation, message: message)
            }
        }
        if !run.live.window.isIdle {
            return ModelFailure(
                step: operations.count, operation: ending[ending.count - 1], message: "the window never became idle")
        }
        return nil
    }

    /// Brings Core back to rest after a failed run, so no transition or request outlives it.
    private func drain() {
        isDraining = true
        _ = try? live.window.releaseGesture(.cancel)
        live.clock?.runUntilIdle()
    }

    /// A shorter sequence that still fails, found by delta debugging: remove chunks of operations, halving
    /// the chunk size when no chunk can go, replaying from scratch each time. `failingStep` tells whether a
    /// sequence fails, and at which step; it replays on Core unless a test of the shrinking passes another.
    static func shrink(
        _ operations: [ModelOperation],
        failingStep: ([ModelOperation]) -> Int? = { replay($0)?.step }
    ) -> [ModelOperation] {
        var current = operations
        var chunkCount = 2
        while current.count > 1 {
            let chunkSize = (current.count + chunkCount - 1) / chunkCount
            var removedOne = false
            var start = 0
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunkSize, current.count))
                if let step = failingStep(candidate) {
                    current = Array(candidate.prefix(step + 1))
                    removedOne = true
                } else {
                    start += chunkSize
                }
            }
            if removedOne {
                chunkCount = max(chunkCount - 1, 2)
            } else if chunkSize == 1 {
                break
            } else {
                chunkCount = min(chunkCount * 2, current.count)
            }
        }
        return current
    }

    // MARK: - Applying one operation to both sides

    typealias Outcome = Result<[String], NavigationError>

    func outcome(_ body: () throws -> [ViewController]) -> Outcome {
        do {
            return .success(try body().map(\.screenID))
        } catch let error as NavigationError {
            return .failure(error)
        } catch {
            return .success(["unexpected error \(error)"])
        }
    }

    func compare(_ expected: Outcome, _ actual: Outcome) -> String? {
        expected == actual ? nil : "expected \(expected), Core gave \(actual)"
    }

    /// The clock's time now: inside a clock step, the time of the transition that just ended.
    var currentTime: Duration { live.clock?.now ?? .zero }

    func pick(_ candidates: [String], _ choice: Int) -> String? {
        candidates.isEmpty ? nil : candidates[choice % candidates.count]
    }

    private func apply(_ operation: ModelOperation) -> String? {
        model.log = []
        live.log.entries = []
        let message: String?
        do {
            message = try applyThrowing(operation)
        } catch {
            message = "building the screens of this step failed: \(error)"
        }
        if let message { return message }
        pendingRelease += model.collectReleased()
        return nil
    }

    /// One step on both sides. Programmatic removals are followed by what a well-behaved parent does:
    /// it removes the coordinators that owned the removed screens, outermost first. `animated` asks the
    /// routing call for an animated transition.
    func applyThrowing(_ operation: ModelOperation, animated: Bool = false) throws -> String? {
        let complete: @MainActor () -> Void = { [weak self] in self?.completionsRun += 1 }
        let visibleBefore = model.visible
        let movingBefore = model.movingScreenIDs
        /// The model's result: the ids it removed, or the refusal.
        var expected: Outcome = .success([])
        /// Core's result; for calls that return nothing, the ids are taken from the model.
        var actual: Outcome = .success([])
        var returnsRemovedScreens = false
        var countsCompletions = true
        var parentCleansUp = true
        /// Whether the change is animated on the window's clock: a gesture always is, a container's
        /// switch never is.
        var isAnimated = animated

        switch operation {
        case .attach(let parentChoice, let targetChoice, let placement, let kind, let modal):
            guard let parentID = pick(model.tree, parentChoice), let parent = live.coordinator(parentID) else {
                return "no coordinator to attach to"
            }
            let ids = model.makeScreen(kind, modal: modal)
            let childID = model.makeCoordinator(owning: ids[0])
            let screen = try live.makeScreen(ids, kind: kind, modal: modal)
            let child = live.makeCoordinator(childID, screen: screen)
            model.addChild(childID, to: parentID)
            do {
                try parent.addChild(child)
            } catch {
                return "addChild refused a new child: \(error)"
            }
            switch placement {
            case .embed:
                guard let containerID = pick(model.containers, targetChoice),
                    let container = live.screen(containerID) as? ContainerViewController
                else {
                    // No container to embed in (the root is a tab bar with fixed tabs): the step is given up on
                    // both sides, and the new child detached again.
                    expected = .failure(.indexOutOfRange)
                    actual = expected
                    break
                }
                isAnimated = false
                if model.held != nil {
                    expected = .failure(.transitionInProgress)
                } else {
                    model.embed(ids[0], in: containerID)
                }
                actual = outcome {
                    let screens = container.viewControllers + [screen]
                    try container.setViewControllers(screens, selectedIndex: screens.count - 1, completion: complete)
                    return []
                }
            case .push:
                guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                    return "no target"
                }
                expected = model.push(ids[0], from: targetID)
                actual = outcome {
                    try target.push(screen, animated: animated, completion: complete)
                    return []
                }
            case .pageSheet, .formSheet, .fullScreen, .overFullScreen:
                let style = PresentationStyle(rawValue: placement.rawValue) ?? .pageSheet
                guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                    return "no target"
                }
                expected = model.present(ids[0], from: targetID, style: style)
                actual = outcome {
                    try target.present(screen, style: style, animated: animated, completion: complete)
                    return []
                }
            case .detail:
                guard let splitID = pick(model.splits, targetChoice),
                    let split = live.screen(splitID) as? SplitViewController
                else {
                    // No split to open it in: given up on both sides, as for the embedding.
                    expected = .failure(.indexOutOfRange)
                    actual = expected
                    break
                }
                (expected, actual, isAnimated) = showDetail(ids[0], screen, in: split, animated: animated, complete)
                returnsRemovedScreens = true
            }
            if case .failure = expected {
                model.removeChild(childID)
                do {
                    try parent.removeChild(child)
                } catch {
                    return "removeChild refused the child it just attached: \(error)"
                }
            }

        case .detach(let choice):
            guard let childID = pick(Array(model.tree.dropFirst()), choice),
                let screenID = model.coordinators[childID]?.screen, let screen = live.screen(screenID)
            else { return nil }
            let node = model.screen(screenID)
            if let parentID = node.parent, model.screen(parentID).kind == .navigation {
                let stack = model.screen(parentID).stack
                if let index = stack.firstIndex(of: screenID), index > 0, let below = live.screen(stack[index - 1]) {
                    expected = model.pop(to: stack[index - 1], from: screenID)
                    actual = outcome { try screen.pop(to: below, animated: animated, completion: complete) }
                    returnsRemovedScreens = true
                } else {
                    // The root of a stack (after a setStack) goes with a new stack without it; the only screen
                    // of a stack cannot go, so the parent keeps the child, unless it is a split's open item,
                    // which the split closes.
                    let remaining = stack.filter { $0 != screenID }
                    if remaining.isEmpty, let splitID = model.screen(parentID).parent,
                        model.screen(splitID).children.last == parentID,
                        let split = live.screen(splitID) as? SplitViewController
                    {
                        isAnimated = animated && model.screen(splitID).isCollapsed
                        expected = model.closeDetail(in: splitID)
                        actual = outcome { try split.closeDetail(animated: animated, completion: complete) }
                        returnsRemovedScreens = true
                        break
                    }
                    guard !remaining.isEmpty else { return nil }
                    expected = model.setStack(remaining, from: screenID)
                    actual = outcome {
                        try screen.setStack(
                            remaining.compactMap { live.screen($0) }, animated: animated, completion: complete)
                        return []
                    }
                }
            } else if let containerID = node.parent,
                let container = live.screen(containerID) as? ContainerViewController
            {
                isAnimated = false
                var remaining = model.screen(containerID).children.filter { $0 != screenID }
                var selected = 0
                if model.held != nil {
                    expected = .failure(.transitionInProgress)
                } else {
                    (remaining, selected) = model.unembed(screenID, from: containerID)
                    expected = .success([screenID])
                }
                actual = outcome {
                    try container.setViewControllers(
                        remaining.compactMap { live.screen($0) }, selectedIndex: selected, completion: complete)
                    return []
                }
            } else if let presenterID = node.presenter, let presenter = live.screen(presenterID) {
                expected = model.dismiss(from: presenterID)
                actual = outcome {
                    try presenter.dismiss(animated: animated, completion: complete)
                    return []
                }
            } else {
                return "the screen \(screenID) of \(childID) is not in the hierarchy"
            }

        case .push(let targetChoice, let kind, let modal):
            guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                return "no target"
            }
            let ids = model.makeScreen(kind, modal: modal)
            let screen = try live.makeScreen(ids, kind: kind, modal: modal)
            expected = model.push(ids[0], from: targetID)
            actual = outcome {
                try target.push(screen, animated: animated, completion: complete)
                return []
            }

        case .pop(let targetChoice):
            guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                return "no target"
            }
            expected = model.pop(from: targetID)
            actual = outcome { [try target.pop(animated: animated, completion: complete)] }
            returnsRemovedScreens = true

        case .popToRoot(let targetChoice):
            guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                return "no target"
            }
            expected = model.popToRoot(from: targetID)
            actual = outcome { try target.popToRoot(animated: animated, completion: complete) }
            returnsRemovedScreens = true

        case .present(let targetChoice, let style, let kind, let modal):
            guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                return "no target"
            }
            let ids = model.makeScreen(kind, modal: modal)
            let screen = try live.makeScreen(ids, kind: kind, modal: modal)
            expected = model.present(ids[0], from: targetID, style: style)
            actual = outcome {
                try target.present(screen, style: style, animated: animated, completion: complete)
                return []
            }

        case .dismiss(let targetChoice):
            guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                return "no target"
            }
            expected = model.dismiss(from: targetID)
            actual = outcome {
                try target.dismiss(animated: animated, completion: complete)
                return []
            }

        case .back(let gesture):
            expected = model.back(gesture)
            actual = outcome {
                try live.window.perform(gesture)
                return []
            }
            countsCompletions = false
            parentCleansUp = false
            isAnimated = true

        case .swipePage(let next):
            let gesture: UserGesture = next ? .swipeToNextPage : .swipeToPreviousPage
            expected = model.swipePage(gesture)
            actual = outcome {
                try live.window.perform(gesture)
                return []
            }
            if case .success = expected { coverage.pageTurns += 1 }
            countsCompletions = false
            parentCleansUp = false
            isAnimated = true

        case .turnPage(let containerChoice, let index):
            guard let containerID = pick(model.pageContainers, containerChoice),
                let container = live.screen(containerID) as? PageViewController
            else { return nil }
            expected = model.turnPage(index: index, in: containerID)
            actual = outcome {
                try container.turn(to: index, animated: animated, completion: complete)
                return []
            }
            if case .success = expected { coverage.pageTurns += 1 }

        case .swipeDown:
            expected = model.swipeDown()
            actual = outcome {
                try live.window.perform(.swipeDown)
                return []
            }
            countsCompletions = false
            parentCleansUp = false
            isAnimated = true

        case .select(let containerChoice, let index):
            guard let containerID = pick(model.containers, containerChoice),
                let container = live.screen(containerID) as? ContainerViewController
            else { return nil }
            let count = model.screen(containerID).children.count
            let resolvedIndex = index % (count + 1)
            expected = model.select(index: resolvedIndex, in: containerID)
            actual = outcome {
                try container.select(index: resolvedIndex, completion: complete)
                return []
            }
            isAnimated = false

        case .tab(let index, let tapped):
            guard let tabBar = live.tabBar else { return "no tab bar" }
            let tabCount = tabBar.tabs.count
            let id = tabBar.tabs[index % tabCount].item.id
            if tapped {
                // A switch is instant; a re-tap of the selected tab pops its stack as an animated removal.
                let isReTap = model.screen(ReferenceModel.rootScreen).selected == index % tabCount
                expected = model.tapTab(index: index % tabCount)
                if case .success(let removed) = expected {
                    if !isReTap { coverage.tabSwitches += 1 }
                    if !removed.isEmpty { coverage.tabReTapPops += 1 }
                    if !removed.isEmpty, index % tabCount == 2 { coverage.splitTabReTapCloses += 1 }
                }
                actual = outcome {
                    try live.window.tapTab(id)
                    return []
                }
                countsCompletions = false
                parentCleansUp = false
                isAnimated = isReTap
            } else {
                expected = model.selectTab(index: index % tabCount)
                actual = outcome {
                    try tabBar.selectTab(id, completion: complete)
                    return []
                }
                isAnimated = false
            }

        case .badge(let index, let value):
            guard let tabBar = live.tabBar else { return "no tab bar" }
            let tabCount = tabBar.tabs.count
            let badge = value == 0 ? nil : String(value)
            model.setBadge(badge, at: index % tabCount)
            coverage.badgesSet += 1
            expected = .success([])
            actual = outcome {
                try tabBar.setBadge(badge, forTab: tabBar.tabs[index % tabCount].item.id)
                return []
            }
            countsCompletions = false
            isAnimated = false

        case .setStack(let targetChoice, let keep, let reversed, let fresh, let duplicate):
            guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                return "no target"
            }
            let current = model.navigationStack(of: targetID) ?? []
            var stack = current.enumerated().filter { keep & (1 << ($0.offset % 8)) != 0 }.map(\.element)
            if reversed { stack.reverse() }
            if fresh { stack += model.makeScreen(.plain, modal: false) }
            if duplicate, let first = stack.first { stack.append(first) }
            let screens = try stack.map { id in
                try live.screen(id) ?? live.makeScreen([id], kind: .plain, modal: false)
            }
            expected = model.setStack(stack, from: targetID)
            actual = outcome {
                try target.setStack(screens, animated: animated, completion: complete)
                return []
            }

        case .showDetail(let splitChoice, let kind, let modal):
            guard let splitID = pick(model.splits, splitChoice),
                let split = live.screen(splitID) as? SplitViewController
            else { return nil }
            let ids = model.makeScreen(kind, modal: modal)
            let screen = try live.makeScreen(ids, kind: kind, modal: modal)
            (expected, actual, isAnimated) = showDetail(ids[0], screen, in: split, animated: animated, complete)
            returnsRemovedScreens = true

        case .closeDetail(let splitChoice):
            guard let splitID = pick(model.splits, splitChoice),
                let split = live.screen(splitID) as? SplitViewController
            else { return nil }
            // Expanded, the secondary column empties at once; collapsed, the one stack pops.
            isAnimated = animated && model.screen(splitID).isCollapsed
            expected = model.closeDetail(in: splitID)
            actual = outcome { try split.closeDetail(animated: animated, completion: complete) }
            returnsRemovedScreens = true
            if case .success(let closed) = expected, !closed.isEmpty { coverage.detailsClosed += 1 }

        case .sizeClass(let regular):
            let sizeClass: SizeClass = regular ? .regular : .compact
            live.window.setHorizontalSizeClass(sizeClass)
            guard model.setSizeClass(sizeClass) else { return nil }
            if model.isIdle, waitingRequests.isEmpty {
                model.adaptSplits()
            } else {
                scheduleAdaptation()
            }
            return nil

        case .closesOnBack(let splitChoice, let on):
            guard let splitID = pick(model.splits, splitChoice),
                let split = live.screen(splitID) as? SplitViewController
            else { return nil }
            split.backButtonClosesDetail = on
            model.setClosesOnBack(on, split: splitID)
            return nil

        case .setPages(let containerChoice, let keep, let fresh, let current):
            guard let containerID = pick(model.pageContainers, containerChoice),
                let container = live.screen(containerID) as? PageViewController
            else { return nil }
            var pages = model.screen(containerID).children.enumerated()
                .filter { keep & (1 << ($0.offset % 3)) != 0 }.map(\.element)
            if fresh { pages += model.makeScreen(.plain, modal: false) }
            let screens = try pages.map { id in
                try live.screen(id) ?? live.makeScreen([id], kind: .plain, modal: false)
            }
            expected = model.setPages(pages, current: current, in: containerID)
            actual = outcome {
                try container.setPages(screens, current: current, completion: complete)
                return []
            }
            if case .success = expected { coverage.pagesSet += 1 }
            isAnimated = false

        case .reattach(let childChoice, let parentChoice):
            guard let childID = pick(model.tree, childChoice), let parentID = pick(model.tree, parentChoice),
                let child = live.coordinator(childID), let parent = live.coordinator(parentID)
            else { return "no coordinator" }
            let expectedRefusal = model.refusalToAttach(childID, to: parentID)
            do {
                try parent.addChild(child)
                return
                    "\(parentID).addChild(\(childID)) was accepted, expected \(expectedRefusal.map { "\($0)" } ?? "?")"
            } catch {
                return error == expectedRefusal
                    ? nil : "expected \(expectedRefusal.map { "\($0)" } ?? "success"), got \(error)"
            }

        case .stop(let choice):
            guard let coordinatorID = pick(Array(model.tree.dropFirst()), choice),
                let coordinator = live.coordinator(coordinatorID)
            else { return nil }
            model.stop(coordinatorID)
            coordinator.stop()
            return nil

        case .animated(let operation):
            return try applyThrowing(operation, animated: true)

        case .advance(let milliseconds):
            guard let clock = live.clock else { return nil }
            let target = now + .milliseconds(milliseconds)
            clock.advance(by: .milliseconds(milliseconds))
            model.endTransitions(dueBy: target)
            now = target
            if model.isIdle, pendingAdaptation != nil {
                pendingAdaptation = nil
                model.adaptSplits()
            }
            return clock.now == target ? nil : "the clock shows \(clock.now), expected \(target)"

        case .beginGesture(let gesture):
            expected = model.beginGesture(gesture)
            actual = outcome {
                try live.window.beginGesture(gesture)
                return []
            }
            return compare(expected, actual)

        case .moveGesture(let quarters):
            let progress = Double(quarters) / 4
            expected = model.moveGesture(to: progress)
            actual = outcome {
                try live.window.updateGesture(progress: progress)
                return []
            }
            return compare(expected, actual)

        case .releaseGesture(let release):
            return releaseGesture(release)

        case .request(let choice, let change):
            return try request(coordinatorChoice: choice, change: change)

        case .tap:
            let expectedTap = model.tap()
            let actualTap: Result<String, ScreenInputError>
            // The screen the tap reached: the window's top may be a container without a screen offering the
            // action (an empty page container beside a list), the tap then reaching the list.
            let probes = live.window.screensOnTop.compactMap { $0 as? ProbeScreen }
            let tapsBefore = probes.map(\.taps)
            do {
                try live.window.performAction(ModelOperation.tapAction)
                let tapped = zip(probes, tapsBefore).first { probe, taps in probe.taps > taps }?.0
                actualTap = .success(tapped?.screenID ?? "")
            } catch {
                actualTap = .failure(error)
            }
            if case .failure(.screenInTransition) = actualTap { coverage.inputRefusedWhileMoving += 1 }
            return expectedTap == actualTap ? nil : "tap: expected \(expectedTap), Core gave \(actualTap)"
        }

        let removed = (try? expected.get()) ?? []
        let comparable = returnsRemovedScreens ? expected : expected.map { _ in [String]() }
        lastActual = actual
        if let mismatch = compare(comparable, actual) {
            return mismatch
        }
        if case .failure(.transitionInProgress) = actual { coverage.refusedWhileMoving += 1 }
        if case .success = expected {
            // A split that appears takes the window's size class first, in the same appearance pass.
            if model.adaptAppearingSplits(
                visibleBefore: visibleBefore, movingBefore: movingBefore,
                locks: timed && isAnimated ? model.lastLocks : [])
            {
                scheduleAdaptation()
            }
            model.finishChange(
                animated: timed && isAnimated, visibleBefore: visibleBefore, hasCompletion: countsCompletions,
                now: currentTime)
        }
        if parentCleansUp {
            for ownerID in model.attachedOwners(of: removed) {
                guard let parentID = model.coordinators[ownerID]?.parent else { continue }
                model.removeChild(ownerID)
                guard let parent = live.coordinator(parentID), let owner = live.coordinator(ownerID) else {
                    return "\(ownerID) or its parent \(parentID) is gone from Core"
                }
                do {
                    try parent.removeChild(owner)
                } catch {
                    return "\(parentID).removeChild(\(ownerID)) was refused: \(error)"
                }
            }
        }
        return nil
    }

    /// A split opens `screen` (`id` in the model) as its item: animated only when collapsed, where it is a push.
    private func showDetail(
        _ id: String, _ screen: ViewController, in split: SplitViewController, animated: Bool,
        _ complete: @escaping @MainActor () -> Void
    ) -> (expected: Outcome, actual: Outcome, isAnimated: Bool) {
        let isAnimated = animated && model.screen(split.screenID).isCollapsed
        let expected = model.showDetail(id, in: split.screenID)
        let actual = outcome { try split.showDetail(screen, animated: animated, completion: complete) }
        if case .success = expected { coverage.detailsShown += 1 }
        return (expected, actual, isAnimated)
    }

    /// A pass over every split waits for the window to be idle, after the requests waiting now (or, while a
    /// request has its turn, right after it).
    func scheduleAdaptation() {
        coverage.adaptationsWaited += 1
        let position = currentTurn.map { $0 + 1 } ?? nextRequestID
        pendingAdaptation = min(pendingAdaptation ?? position, position)
    }

    // MARK: - Comparing both sides

    /// Compares both sides after a step. What holds only when nothing moves (what is visible, every
    /// screen's appearance settled, what was released) is checked when the window is idle.
    private func check() -> String? {
        if let deferredFailure { return deferredFailure }
        if let violation = live.lifecycleViolation { return "lifecycle out of order: \(violation)" }
        if model.log != live.log.entries {
            return "coordinator events: expected \(model.log), Core reported \(live.log.entries)"
        }
        for entry in live.log.entries where entry.hasPrefix("removed ") {
            let removed = String(entry.dropFirst("removed ".count).prefix { $0 != " " })
            userRemovals[removed, default: 0] += 1
            if userRemovals[removed, default: 0] > 1 { return "\(removed) was removed by the person twice" }
        }
        if completionsRun != model.expectedCompletions {
            return "completions ran \(completionsRun) times, expected \(model.expectedCompletions)"
        }
        let expectedSnapshot = model.snapshot
        let actualSnapshot = live.snapshot
        if expectedSnapshot != actualSnapshot {
            return "hierarchy: expected\n  \(expectedSnapshot)\nCore has\n  \(actualSnapshot)"
        }
        let window = live.window
        let presented = window.presentedViewControllers.map(\.screenID)
        if presented != model.presentedChain {
            return "presented chain: expected \(model.presentedChain), Core has \(presented)"
        }
        let onTop = window.screensOnTop.map(\.screenID)
        if onTop != model.screensOnTop || window.topViewController?.screenID != model.screensOnTop.last {
            return "screens on top: expected \(model.screensOnTop), Core has \(onTop)"
        }
        let treeLines = live.treeLines
        if treeLines != model.treeLines {
            let expectedTree = model.treeLines.joined(separator: "\n")
            return "coordinator tree: expected\n\(expectedTree)\nCore has\n\(treeLines.joined(separator: "\n"))"
        }
        for splitID in model.splitIDs {
            let detail = (live.screen(splitID) as? SplitViewController)?.detailViewControllers.map(\.screenID)
            if detail != model.detail(of: splitID) {
                return "the item open in \(splitID): expected \(model.detail(of: splitID)), Core has \(detail ?? [])"
            }
        }
        let badges = live.tabBar?.items.map(\.badge) ?? []
        if badges != model.badges { return "tab badges: expected \(model.badges), Core has \(badges)" }
        let orphans = live.coordinatorsWithoutScreen
        if !orphans.isEmpty { return "coordinators in the tree whose screen left the window: \(orphans)" }
        let inFlight = window.transitionsInFlight.count
        let expectedInFlight = model.transitions.count + (model.held == nil ? 0 : 1)
        if inFlight != expectedInFlight || window.isIdle != model.isIdle {
            return "transitions in flight: expected \(expectedInFlight), Core has \(window.transitionsInFlight)"
        }
        var expectedVisible: [String]?
        if model.held == nil {
            let visible = window.visibleViewControllers.map(\.screenID)
            let expected = model.visible
            if visible != expected { return "visible screens: expected \(expected), Core has \(visible)" }
            expectedVisible = expected
        }
        guard window.isIdle else {
            coverage.stepsWhileMoving += 1
            return nil
        }
        coverage.idlePoints += 1
        return checkIdle(visible: expectedVisible ?? model.visible)
    }

    /// The invariants of an idle point: no request waits, every screen's appearance is settled and agrees
    /// with what is visible, and what left the hierarchy or the tree was released.
    private func checkIdle(visible: [String]) -> String? {
        if let waiting = waitingRequests.first {
            return "the window is idle but request \(waiting.id) (\(waiting.change)) still waits"
        }
        let visibleSet = Set(visible)
        let hierarchy = model.hierarchy
        for id in hierarchy {
            guard let screen = live.screen(id) else { return "\(id) is in the hierarchy but was released" }
            let expectedState: AppearanceState = visibleSet.contains(id) ? .appeared : .disappeared
            let phase = live.phases[id, default: .disappeared]
            if screen.appearanceState != expectedState || phase != expectedState {
                return "\(id) is \(screen.appearanceState) and its callbacks say \(phase), expected \(expectedState)"
            }
            if !timed {
                // Appearances and disappearances alternate one for one, but for what cancelled gestures added.
                let appeared = live.appearances[id, default: 0] - extraAppearances[id, default: 0]
                let disappeared = live.disappearances[id, default: 0] - extraDisappearances[id, default: 0]
                if appeared != disappeared + (expectedState == .appeared ? 1 : 0) {
                    return "\(id) appeared \(appeared) times and disappeared \(disappeared) times"
                }
            }
            guard let probe = screen as? ProbeScreen else { continue }
            let node = model.screen(id)
            if probe.attemptedDismissals != node.attemptedDismissals {
                return
                    "\(id) was told of \(probe.attemptedDismissals) refused swipes, expected \(node.attemptedDismissals)"
            }
            if probe.taps != node.taps { return "\(id) took \(probe.taps) taps, expected \(node.taps)" }
            if probe.attemptedBacks != node.attemptedBacks {
                return "\(id) was told of \(probe.attemptedBacks) refused backs, expected \(node.attemptedBacks)"
            }
        }
        for id in pendingRelease {
            if live.isAlive(id) { return "\(id) left the hierarchy or the tree but is still alive" }
            let phase = live.phases[id, default: .disappeared]
            if phase != .disappeared { return "\(id) was released while \(phase)" }
            live.forget(id)
            extraAppearances[id] = nil
            extraDisappearances[id] = nil
        }
        pendingRelease.removeAll()
        return nil
    }
}
