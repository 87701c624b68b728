import Core

/// Where a replay first disagreed with the reference model.
struct ModelFailure: CustomStringConvertible {
    let step: Int
    let operation: ModelOperation
    let message: String

    var description: String { "step \(step) \(operation): \(message)" }
}

/// Replays operations on Core and on the reference model side by side, and compares them after every step.
@MainActor
final class ModelRun {
    private var model = ReferenceModel()
    private let live: LiveSystem
    private var pendingRelease: [String] = []

    private init() throws {
        live = try LiveSystem()
    }

    /// Replays `operations` from a fresh window and returns the first disagreement, if any.
    static func replay(_ operations: [ModelOperation]) -> ModelFailure? {
        let run: ModelRun
        do {
            run = try ModelRun()
        } catch {
            return ModelFailure(step: -1, operation: .swipeDown, message: "setting up failed: \(error)")
        }
        for (step, operation) in operations.enumerated() {
            if let message = run.apply(operation) ?? run.check() {
                return ModelFailure(step: step, operation: operation, message: message)
            }
        }
        return nil
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

    private typealias Outcome = Result<[String], NavigationError>

    private func outcome(_ body: () throws -> [ViewController]) -> Outcome {
        do {
            return .success(try body().map(\.screenID))
        } catch let error as NavigationError {
            return .failure(error)
        } catch {
            return .success(["unexpected error \(error)"])
        }
    }

    private func compare(_ expected: Outcome, _ actual: Outcome, completions: Int?) -> String? {
        if expected != actual { return "expected \(expected), Core gave \(actual)" }
        guard let completions else { return nil }
        let expectedCompletions = (try? expected.get()) == nil ? 0 : 1
        if completions != expectedCompletions {
            return "the completion ran \(completions) times, expected \(expectedCompletions)"
        }
        return nil
    }

    private func pick(_ candidates: [String], _ choice: Int) -> String? {
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
    /// it removes the coordinators that owned the removed screens, outermost first.
    private func applyThrowing(_ operation: ModelOperation) throws -> String? {
        var completions = 0
        let complete: @MainActor () -> Void = { completions += 1 }
        /// The model's result: the ids it removed, or the refusal.
        var expected: Outcome = .success([])
        /// Core's result; for calls that return nothing, the ids are taken from the model.
        var actual: Outcome = .success([])
        var returnsRemovedScreens = false
        var countsCompletions = true
        var parentCleansUp = true

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
                else { return "no container" }
                model.embed(ids[0], in: containerID)
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
                    try target.push(screen, completion: complete)
                    return []
                }
            case .pageSheet, .formSheet, .fullScreen, .overFullScreen:
                let style = PresentationStyle(rawValue: placement.rawValue) ?? .pageSheet
                guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                    return "no target"
                }
                expected = model.present(ids[0], from: targetID, style: style)
                actual = outcome {
                    try target.present(screen, style: style, completion: complete)
                    return []
                }
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
                    actual = outcome { try screen.pop(to: below, completion: complete) }
                    returnsRemovedScreens = true
                } else {
                    // The root of a stack (after a setStack) goes with a new stack without it; the only screen
                    // of a stack cannot go, so the parent keeps the child.
                    let remaining = stack.filter { $0 != screenID }
                    guard !remaining.isEmpty else { return nil }
                    expected = model.setStack(remaining, from: screenID)
                    actual = outcome {
                        try screen.setStack(remaining.compactMap { live.screen($0) }, completion: complete)
                        return []
                    }
                }
            } else if let containerID = node.parent,
                let container = live.screen(containerID) as? ContainerViewController
            {
                let (remaining, selected) = model.unembed(screenID, from: containerID)
                expected = .success([screenID])
                actual = outcome {
                    try container.setViewControllers(
                        remaining.compactMap { live.screen($0) }, selectedIndex: selected, completion: complete)
                    return []
                }
            } else if let presenterID = node.presenter, let presenter = live.screen(presenterID) {
                expected = model.dismiss(from: presenterID)
                actual = outcome {
                    try presenter.dismiss(completion: complete)
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
                try target.push(screen, completion: complete)
                return []
            }

        case .pop(let targetChoice):
            guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                return "no target"
            }
            expected = model.pop(from: targetID)
            actual = outcome { [try target.pop(completion: complete)] }
            returnsRemovedScreens = true

        case .popToRoot(let targetChoice):
            guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                return "no target"
            }
            expected = model.popToRoot(from: targetID)
            actual = outcome { try target.popToRoot(completion: complete) }
            returnsRemovedScreens = true

        case .present(let targetChoice, let style, let kind, let modal):
            guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                return "no target"
            }
            let ids = model.makeScreen(kind, modal: modal)
            let screen = try live.makeScreen(ids, kind: kind, modal: modal)
            expected = model.present(ids[0], from: targetID, style: style)
            actual = outcome {
                try target.present(screen, style: style, completion: complete)
                return []
            }

        case .dismiss(let targetChoice):
            guard let targetID = pick(model.hierarchy, targetChoice), let target = live.screen(targetID) else {
                return "no target"
            }
            expected = model.dismiss(from: targetID)
            actual = outcome {
                try target.dismiss(completion: complete)
                return []
            }

        case .back(let gesture):
            expected = model.back()
            actual = outcome {
                try live.window.perform(gesture)
                return []
            }
            countsCompletions = false
            parentCleansUp = false

        case .swipeDown:
            expected = model.swipeDown()
            actual = outcome {
                try live.window.perform(.swipeDown)
                return []
            }
            countsCompletions = false
            parentCleansUp = false

        case .select(let containerChoice, let index):
            guard let containerID = pick(model.containers, containerChoice),
                let container = live.screen(containerID) as? ContainerViewController
            else { return "no container" }
            let count = model.screen(containerID).children.count
            let resolvedIndex = index % (count + 1)
            expected = model.select(index: resolvedIndex, in: containerID)
            actual = outcome {
                try container.select(index: resolvedIndex, completion: complete)
                return []
            }

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
                try target.setStack(screens, completion: complete)
                return []
            }

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
        }

        let removed = (try? expected.get()) ?? []
        let comparable = returnsRemovedScreens ? expected : expected.map { _ in [String]() }
        if let mismatch = compare(comparable, actual, completions: countsCompletions ? completions : nil) {
            return mismatch
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

    // MARK: - Comparing both sides

    private func check() -> String? {
        if model.log != live.log.entries {
            return "coordinator events: expected \(model.log), Core reported \(live.log.entries)"
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
        let visible = window.visibleViewControllers.map(\.screenID)
        let expectedVisible = model.visible
        if visible != expectedVisible {
            return "visible screens: expected \(expectedVisible), Core has \(visible)"
        }
        let visibleSet = Set(expectedVisible)
        for id in model.hierarchy {
            guard let screen = live.screen(id) else { return "\(id) is in the hierarchy but was released" }
            let appeared = live.appearances[id, default: 0]
            let disappeared = live.disappearances[id, default: 0]
            if visibleSet.contains(id) {
                if screen.appearanceState != .appeared { return "visible \(id) is \(screen.appearanceState)" }
                if appeared != disappeared + 1 {
                    return "visible \(id) appeared \(appeared) times and disappeared \(disappeared) times"
                }
            } else {
                if screen.appearanceState != .disappeared { return "hidden \(id) is \(screen.appearanceState)" }
                if appeared != disappeared {
                    return "hidden \(id) appeared \(appeared) times and disappeared \(disappeared) times"
                }
            }
            let expectedAttempts = model.screen(id).attemptedDismissals
            if let probe = screen as? ProbeScreen, probe.attemptedDismissals != expectedAttempts {
                return "\(id) was told of \(probe.attemptedDismissals) refused swipes, expected \(expectedAttempts)"
            }
        }
        let treeLines = live.treeLines
        if treeLines != model.treeLines {
            let expectedTree = model.treeLines.joined(separator: "\n")
            return "coordinator tree: expected\n\(expectedTree)\nCore has\n\(treeLines.joined(separator: "\n"))"
        }
        let orphans = live.coordinatorsWithoutScreen
        if !orphans.isEmpty { return "coordinators in the tree whose screen left the window: \(orphans)" }
        for id in pendingRelease {
            if live.isAlive(id) { return "\(id) left the hierarchy or the tree but is still alive" }
            let appeared = live.appearances[id, default: 0]
            let disappeared = live.disappearances[id, default: 0]
            if appeared != disappeared {
                return "\(id) was released after \(appeared) appearances but \(disappeared) disappearances"
            }
            live.forget(id)
        }
        pendingRelease.removeAll()
        return nil
    }
}
