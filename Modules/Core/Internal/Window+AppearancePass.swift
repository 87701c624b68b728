// MARK: - Delivering the callbacks

extension Window {
    /// Finishes a routing change made in `window`: an animated change joins the
    /// window's pending transition, which `lock` tells which screens to keep
    /// from routing until it ends, and which then runs `completion`; any other
    /// change runs `completion` once it settled. Outside a window nothing is
    /// animated.
    static func finishChange(
        in window: Window?,
        animated: Bool,
        kind: TransitionInfo.Kind = .routing,
        completion: (@MainActor () -> Void)?,
        locking lock: (Transition) -> Void
    ) {
        guard animated, let window else {
            Transaction.enqueue(completion)
            return
        }
        let transition = window.pendingTransition ?? window.startTransition(kind: kind)
        lock(transition)
        Transaction.note(transition)
        if let completion { transition.completions.append(completion) }
    }

    /// Starts a transition that the next appearance pass hands the screens it moves.
    func startTransition(kind: TransitionInfo.Kind) -> Transition {
        let transition = Transition(kind: kind)
        transitions.append(transition)
        pendingTransition = transition
        Transaction.touch(self)
        return transition
    }

    /// Delivers the lifecycle callbacks that bring the screens' appearance in
    /// line with what is visible now.
    ///
    /// Screens that start to appear or disappear get their will-callback now.
    /// If an animated change or a gesture is pending, the transition takes
    /// those screens and delivers their did-callbacks when it ends; otherwise
    /// they get them at once. A screen still in a transition from before that
    /// moves again belongs to the newer change from then on.
    ///
    /// The lists hold a handful of screens, so they are compared by linear
    /// scans, and the list of what is visible now is computed into a buffer the
    /// window keeps: a pass that finds nothing changed allocates nothing.
    func deliverAppearanceChanges() {
        let transition = pendingTransition
        pendingTransition = nil
        appendVisibleViewControllers(to: &visibleScratch)
        guard !Window.areIdentical(visibleScratch, visibleViewControllers) else {
            visibleScratch.removeAll(keepingCapacity: true)
            if let transition { schedule(transition) }
            return
        }
        var before = visibleViewControllers
        let now = visibleScratch
        visibleViewControllers = now
        visibleScratch = []
        defer {
            // Keep the old list's storage for the next comparison, but not its
            // screens: a screen that left must be released with its owner.
            before.removeAll(keepingCapacity: true)
            visibleScratch = before
        }
        for screen in now where !Window.contains(screen, in: before) {
            screen.loadViewIfNeeded()
        }
        for screen in before where !Window.contains(screen, in: now) {
            screen.appearanceState = .disappearing
            screen.viewWillDisappear()
            emit(.lifecycle(screen.screenID, .viewWillDisappear))
        }
        for screen in now where !Window.contains(screen, in: before) {
            screen.appearanceState = .appearing
            screen.viewWillAppear()
            emit(.lifecycle(screen.screenID, .viewWillAppear))
        }
        if let transition {
            for screen in before where !Window.contains(screen, in: now) { transition.take(screen) }
            for screen in now where !Window.contains(screen, in: before) { transition.take(screen) }
            schedule(transition)
        } else {
            for screen in before where !Window.contains(screen, in: now) { completeAppearance(of: screen) }
            for screen in now where !Window.contains(screen, in: before) {
                // A screen that appears inside one still appearing in a transition appears with it, so no child
                // gets viewDidAppear before its container.
                if let enclosing = screen.enclosingAppearingTransition {
                    enclosing.take(screen)
                } else {
                    completeAppearance(of: screen)
                }
            }
        }
    }

    /// Delivers `screen`'s did-callback for the will-callback it last got.
    func completeAppearance(of screen: ViewController) {
        screen.transition = nil
        switch screen.appearanceState {
        case .disappearing:
            screen.appearanceState = .disappeared
            screen.viewDidDisappear()
            emit(.lifecycle(screen.screenID, .viewDidDisappear))
        case .appearing:
            screen.appearanceState = .appeared
            screen.viewDidAppear()
            emit(.lifecycle(screen.screenID, .viewDidAppear))
        case .appeared, .disappeared:
            break
        }
    }

    /// Ends `transition` when its time is up: at once on the immediate clock,
    /// or when it moved nothing; later on a manual clock. A held gesture waits
    /// for its release instead.
    private func schedule(_ transition: Transition) {
        guard transition.gesture == nil, !transition.isScheduled else { return }
        transition.isScheduled = true
        guard case .manual(let clock) = clock, transition.ownsAnyScreen else {
            end(transition)
            return
        }
        clock.schedule(transition, in: self, after: transition.remainingDuration)
    }

    /// Ends `transition` without delivering anything: its window or its clock
    /// went away. Routing requests that waited only for it then go ahead.
    func abandon(_ transition: Transition) {
        transitions.removeAll { $0 === transition }
        if pendingTransition === transition { pendingTransition = nil }
        if heldGesture === transition { heldGesture = nil }
        transition.abandon()
    }

    /// Ends `transition`: its screens that are still its own get their
    /// did-callbacks (the disappearing ones first), its locks are released,
    /// and its completions are queued.
    func end(_ transition: Transition) {
        guard !transition.hasEnded else { return }
        // A loop rather than a closure, which Swift would check to run on the main actor at every call.
        for index in transitions.indices.reversed() where transitions[index] === transition {
            transitions.remove(at: index)
        }
        if pendingTransition === transition { pendingTransition = nil }
        let owned = transition.finish()
        for screen in owned where screen.appearanceState == .disappearing { completeAppearance(of: screen) }
        for screen in owned where screen.appearanceState == .appearing { completeAppearance(of: screen) }
        for completion in transition.completions { Transaction.enqueue(completion) }
    }

    // MARK: - What is visible

    /// Appends what is visible: the presentation levels from the topmost
    /// full-screen one up, and in each level the visible child of every
    /// container. A held swipe back shows the screen below the top of its
    /// stack instead of the top; a held swipe down shows nothing of the sheet.
    /// (Both are what the screens will show if the gesture finishes: the
    /// will-callbacks at its start are those of finishing.)
    private func appendVisibleViewControllers(to visible: inout [ViewController]) {
        guard let root = rootViewController else { return }
        var held = HeldMovement()
        var heldSheet: ViewController?
        switch heldGesture?.gesture {
        case .swipeBack(let navigation): held.navigation = navigation
        case .swipeDown(let sheet, _): heldSheet = sheet
        case .turnPage(let pages, let index): held.page = (pages, index)
        case nil: break
        }
        var firstVisibleLevel = root
        var next = root.presentedStorage
        while let level = next, level !== heldSheet {
            if !level.modalPresentationStyle.keepsPresenterVisible { firstVisibleLevel = level }
            next = level.presentedStorage
        }
        var level: ViewController? = firstVisibleLevel
        while let current = level, current !== heldSheet {
            appendVisible(current, to: &visible, held: held)
            level = current.presentedStorage
        }
    }

    /// What a held gesture shows in place of what is there: the screen below
    /// the top of a stack swiped back, the page a swipe turns to.
    private struct HeldMovement {
        var navigation: NavigationController?
        var page: (container: PageViewController, index: Int)?
    }

    /// Whether `first` and `second` hold the same screens in the same order.
    private static func areIdentical(_ first: [ViewController], _ second: [ViewController]) -> Bool {
        guard first.count == second.count else { return false }
        for index in first.indices where first[index] !== second[index] {
            return false
        }
        return true
    }

    /// Whether `screens` holds `screen` itself.
    private static func contains(_ screen: ViewController, in screens: [ViewController]) -> Bool {
        for candidate in screens where candidate === screen {
            return true
        }
        return false
    }

    /// Appends `screen` and its visible child, and the child's, down to the
    /// leaf (both columns of an expanded split); what a held gesture moves
    /// shows what it will show if it finishes. A split that has not appeared
    /// yet first takes the window's size class, so it appears collapsed or
    /// expanded as it will stay.
    private func appendVisible(_ screen: ViewController, to visible: inout [ViewController], held: HeldMovement) {
        var next: ViewController? = screen
        while let current = next {
            visible.append(current)
            if let navigation = held.navigation, current === navigation, navigation.viewControllers.count > 1 {
                next = navigation.viewControllers[navigation.viewControllers.count - 2]
            } else if let page = held.page, current === page.container {
                next = page.container.pages[page.index]
            } else if let split = current as? SplitViewController {
                if split.appearanceState == .disappeared, split.isCollapsed != (horizontalSizeClass == .compact) {
                    if split.canAdaptNow {
                        split.adapt(to: horizontalSizeClass)
                    } else {
                        Transaction.enqueueIdleWork(in: RoutingLane(window: self)) {
                            [window = Weak(wrappedValue: self)] in
                            window.wrappedValue?.adaptSplits()
                        }
                    }
                }
                for column in split.visibleColumns { appendVisible(column, to: &visible, held: held) }
                return
            } else {
                next = current.visibleChild
            }
        }
    }
}

// MARK: - The transition a screen appears with

extension ViewController {
    /// The transition that a container of this screen is appearing in, if any.
    var enclosingAppearingTransition: Transition? {
        var ancestor = parent
        while let current = ancestor {
            if let transition = current.transition, current.appearanceState == .appearing { return transition }
            ancestor = current.parent
        }
        return nil
    }
}
