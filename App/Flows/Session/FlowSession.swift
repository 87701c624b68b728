package import AppInterface
package import Core

/// The composed app as a front end drives it (``AppInterface/AppSession``): the root's commands, links,
/// restoration and data failures behind one interface, so the terminal never holds the composition root, the
/// window or the data.
@MainActor
package final class FlowSession: AppSession {
    /// The composed app.
    let root: CompositionRoot
    /// Whether ``refresh()`` read the data again since the last ``afterCommand()``.
    private var hasRefreshed = false
    /// What reports the coordinators and screens still alive after they left, once turned on.
    private var leakDetector: LeakDetector?

    /// The session of the composed app `root`.
    package init(root: CompositionRoot) {
        self.root = root
    }

    package func snapshot() -> ScreenSnapshot {
        ScreenSnapshot(window: root.window, coordinators: root.appCoordinator)
    }

    package var userDisplayName: String? { try? root.links.get().userDisplayName }

    package var linkPatterns: [String] { DeepLink.patterns }

    /// The clock the window's transitions wait for, when they take time.
    private var transitionClock: ManualClock? {
        if case .manual(let clock) = root.window.clock { clock } else { nil }
    }

    package var transitionsTakeTime: Bool { transitionClock != nil }

    package var isMoving: Bool { transitionClock?.hasScheduledTransitions ?? false }

    package func advanceTransitions(by elapsed: Duration) {
        transitionClock?.advance(by: elapsed)
    }

    package func start(restores: Bool, initialLink: String?) async -> SessionStart {
        // What the start could not do stops it; damage found meanwhile stops it as damage.
        let stopped = { (failure: AppFailure) -> SessionStart in
            self.root.fatalDataFailure.map(SessionStart.stopped) ?? .failed(failure.description)
        }
        if let failure = root.appCoordinator.carryOut({ root.appCoordinator.beginStart() }) { return stopped(failure) }
        let kept = restores ? nil : root.restoration?.startWithoutRestoring()
        // A link opened at the start moves, and so replaces the place kept: nothing is said of keeping it then.
        let notice = restores ? root.restoration?.restore() : initialLink == nil ? kept : nil
        var linkFailure: String?
        if let initialLink { linkFailure = await openAtStart(initialLink) }
        // What shows now is the first screen the person sees: Main counts the look at Latest from here, and that
        // writes (the Feed marks Latest seen), so damage found there stops the app as damage too.
        if let failure = root.appCoordinator.carryOut({ root.appCoordinator.endStart() }) { return stopped(failure) }
        if let damage = root.fatalDataFailure { return .stopped(damage) }
        return .started(notice: notice, linkFailure: linkFailure)
    }

    /// Whether a link followed at the start has finished, and why it failed, if it did.
    private final class StartLink {
        var isDone = false
        var failure: String?
    }

    /// Follows `link` as the app starts, before a front end has drawn anything: on a clock that takes time, what it
    /// sets moving lands at once (there is no earlier frame to move from), and a link whose steps wait for the
    /// screens to settle is not left waiting for a clock nobody moves yet.
    private func openAtStart(_ link: String) async -> String? {
        guard let clock = transitionClock else { return await open(link) }
        let outcome = StartLink()
        Task {
            outcome.failure = await self.open(link)
            outcome.isDone = true
        }
        while !outcome.isDone || clock.hasScheduledTransitions {
            clock.advance(by: ManualClock.longestStep)
            await Task.yield()
        }
        return outcome.failure
    }

    package func observeCoordinators(
        _ handler: @escaping @MainActor (CoordinatorLifecycleEvent) -> Void
    ) -> LifecycleObservation? {
        root.appCoordinator.observeLifecycle(handler)
    }

    /// Reports to `report`, as a line, every coordinator or screen still alive at the end of the command after the
    /// one that detached it or took it off the window (a command is the app's turn, counted once it has ended: a
    /// link's chain is awaited to its last step inside its command, so what the chain detaches is gone before the
    /// turns are counted). The executable turns it on in debug builds.
    package func reportLeaks(to report: @escaping @MainActor (String) -> Void) {
        let detector = LeakDetector(deadline: .hostTurns(2)) { survivor in report("leak: \(survivor)") }
        detector.watch(root.appCoordinator)
        detector.watch(root.window)
        leakDetector = detector
    }

    package func stop() {
        // A window leaving with work of its own puts its place back where another window's was saved over it, as
        // its question to leave said; one with nothing to keep leaves the saved place, and another's draft, alone.
        // Nothing is written once the data is found damaged.
        if root.appCoordinator.unsavedWork != nil, root.fatalDataFailure == nil { root.restoration?.saveOnLeaving() }
        root.appCoordinator.stop()
    }

    package func send(_ input: SessionInput) async -> String? {
        let window = root.window
        switch input {
        case .action(let id):
            return carryOut { () throws(ScreenInputError) in try window.performAction(id) }
        case .actionOn(let id, let screen):
            return carryOut { () throws(ScreenInputError) in
                guard let live = window.screensOnTop.first(where: { ObjectIdentifier($0) == screen.identity }) else {
                    throw .noScreen
                }
                return try live.performAction(id)
            }
        case .setText(let text, let field):
            return carryOut { () throws(ScreenInputError) in
                try window.setText(text, forField: field)
                return .done
            }
        case .gesture(let gesture):
            return carryOut { () throws(NavigationError) in
                try window.perform(gesture)
                return .done
            }
        case .swipe(let gesture, let progress):
            return carryOut { () throws(NavigationError) in
                try window.beginGesture(gesture)
                try window.updateGesture(progress: progress)
                return .done
            }
        case .updateGesture(let progress):
            // A held gesture's motion changes neither the tree nor the data: nothing to read again after it.
            do {
                try window.updateGesture(progress: progress)
                return nil
            } catch {
                return error.description
            }
        case .releaseGesture:
            return carryOut { () throws(NavigationError) in
                try window.releaseGesture()
                return .done
            }
        case .tapTab(let id):
            return carryOut { () throws(NavigationError) in
                _ = try window.tapTab(id)
                return .done
            }
        case .resize(let columns):
            // A resize waits, inside Core, for the window to be idle; it changes no data and is never refused.
            window.setHorizontalSizeClass(columns >= SessionInput.regularWidthColumns ? .regular : .compact)
            return nil
        }
    }

    /// Carries out `change`, one command's effect, and returns why it failed, whatever failed: what it threw,
    /// what the app could not do meanwhile, or the screen's refusal of the action, with the reason the screen
    /// shows; `nil` when it worked.
    private func carryOut<Failure: Error & CustomStringConvertible>(
        _ change: () throws(Failure) -> ActionOutcome
    ) -> String? {
        var answer = ActionOutcome.done
        do {
            if let failure = try root.appCoordinator.carryOut({ () throws(Failure) in answer = try change() }) {
                return failure.description
            }
        } catch {
            return error.description
        }
        if case .refused(let reason) = answer { return reason }
        return nil
    }

    package func open(_ text: String) async -> String? {
        let link: DeepLink
        do {
            link = try DeepLink.parse(text)
        } catch {
            return error.description
        }
        do {
            return try await root.links.get().follow(link)?.description
        } catch {
            return error.description
        }
    }

    /// Reads the Feed tab's badge again, as `AppSession.refresh()` says.
    package func refresh() {
        hasRefreshed = true
        // Carried out as a command that changes nothing, which reads the badge again after it. A badge that cannot
        // be read now is said by the next command that changes something, which reads it again; damaged data stops
        // the app once the command settles.
        _ = root.appCoordinator.carryOut { () throws(Never) in }
    }

    package func afterCommand() -> AfterCommand {
        // A command that did not begin with a refresh (one a front end answers alone, such as the full screen's
        // `screen`) leaves the screen drawn next current.
        if !hasRefreshed { refresh() }
        hasRefreshed = false
        leakDetector?.endTurn()
        if let failure = root.fatalDataFailure { return .stop(failure) }
        let notices = [root.appCoordinator.takeNotice(), root.restoration?.save()].compactMap { $0 }
        // Saving the place may be what finds the data file gone.
        if let failure = root.fatalDataFailure { return .stop(failure) }
        return .goOn(notice: notices.isEmpty ? nil : notices.joined(separator: "; "))
    }

    package var notice: String? {
        guard let links = try? root.links.get(), let link = links.pendingLink else { return nil }
        return !links.isLoggedIn
            ? "Log in or sign up to continue to \(link.url)."
            : "Finish or skip the tour to continue to \(link.url)."
    }

    package var leaveQuestion: String? {
        guard let work = root.appCoordinator.unsavedWork else { return nil }
        guard let restoration = root.restoration else { return "Leave? \(work.lostDescription). (y/n)" }
        let replacing = restoration.isReplacedElsewhere ? ", in place of where another window on this data left" : ""
        return "Leave? \(work.description)\(replacing). (y/n)"
    }
}
