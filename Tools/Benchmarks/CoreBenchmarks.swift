import Core

/// Benchmarks of the coordinator runtime alone.
@MainActor
enum CoreBenchmarks {
    /// A screen with nothing on it.
    final class BlankScreen: ViewController {}

    /// A coordinator that owns a blank screen.
    final class ScreenCoordinator: ViewableCoordinator<BlankScreen> {
        init(screenID: String = "blank") {
            let screen = BlankScreen(screenID: screenID)
            super.init(viewControllerable: screen, presenter: screen)
        }
    }

    static func attachAndDetach(scale: Scale) throws -> Measurement {
        let parent = Coordinator()
        parent.start()
        let child = ScreenCoordinator()
        return try Measure.repeating(
            "attach+start, detach+stop one child", samples: scale.samples, operationsPerSample: 10_000
        ) {
            try parent.addChild(child)
            try parent.removeChild(child)
        }
    }

    static func pushAndPop(depth: Int, scale: Scale) throws -> Measurement {
        let window = Window()
        let navigation = NavigationController()
        try navigation.setStack((0..<depth).map { BlankScreen(screenID: "screen\($0)") })
        try window.setRootViewController(navigation)
        let pushed = BlankScreen(screenID: "pushed")
        return try Measure.repeating(
            "push+pop on a stack of depth \(depth)", samples: scale.samples, operationsPerSample: 2_000
        ) {
            try navigation.push(pushed)
            try navigation.pop()
        }
    }

    /// An animated push and pop on a window whose transitions run on a manual clock: each
    /// transition is started, then ended by advancing the clock by its duration.
    static func animatedPushAndPop(scale: Scale) throws -> Measurement {
        let clock = ManualClock()
        let window = Window(clock: .manual(clock))
        let navigation = try NavigationController(root: BlankScreen(screenID: "root"))
        try window.setRootViewController(navigation)
        let pushed = BlankScreen(screenID: "pushed")
        return try Measure.repeating(
            "animated push+pop on a manual clock", samples: scale.samples, operationsPerSample: 2_000
        ) {
            try navigation.push(pushed, animated: true)
            clock.advance(by: Window.transitionDuration)
            try navigation.pop(animated: true)
            clock.advance(by: Window.transitionDuration)
        }
    }

    /// An interactive swipe back that is begun, moved a third of the way, released and cancelled,
    /// then brought to its end on a manual clock: the pushed screen stays.
    static func cancelledSwipeBack(scale: Scale) throws -> Measurement {
        let clock = ManualClock()
        let window = Window(clock: .manual(clock))
        let navigation = try NavigationController(root: BlankScreen(screenID: "root"))
        try window.setRootViewController(navigation)
        try navigation.push(BlankScreen(screenID: "pushed"))
        return try Measure.repeating(
            "interactive swipe back, cancelled", samples: scale.samples, operationsPerSample: 2_000
        ) {
            try window.beginGesture(.swipeBack)
            try window.updateGesture(progress: 0.3)
            try window.releaseGesture(.automatic)
            clock.advance(by: Window.transitionDuration)
        }
    }

    static func presentAndDismiss(scale: Scale) throws -> Measurement {
        let window = Window()
        let root = BlankScreen(screenID: "root")
        try window.setRootViewController(root)
        let sheet = BlankScreen(screenID: "sheet")
        return try Measure.repeating(
            "present+dismiss a sheet", samples: scale.samples, operationsPerSample: 2_000
        ) {
            try root.present(sheet, style: .pageSheet)
            try root.dismiss()
        }
    }

    static func switchContainerChild(scale: Scale) throws -> Measurement {
        let window = Window()
        let container = ContainerViewController(screenID: "container")
        try container.setViewControllers([BlankScreen(screenID: "first"), BlankScreen(screenID: "second")])
        try window.setRootViewController(container)
        return try Measure.repeating(
            "switch a container's visible child (twice)", samples: scale.samples, operationsPerSample: 2_000
        ) {
            try container.select(index: 1)
            try container.select(index: 0)
        }
    }

    static func stop(children count: Int, samples: Int) throws -> Measurement {
        try Measure.once(
            "stop a coordinator with \(count) children", samples: samples,
            prepare: { () throws(CoordinatorError) -> Coordinator in
                let parent = Coordinator()
                parent.start()
                for _ in 0..<count { try parent.addChild(Coordinator()) }
                return parent
            },
            { parent in parent.stop() }
        )
    }

    /// A deep link that passes through four coordinators: each one attaches the next
    /// and pushes its screen, then the whole chain is unwound.
    static func deepLinkThroughFourCoordinators(scale: Scale) throws -> Measurement {
        let window = Window()
        let root = ScreenCoordinator(screenID: "root")
        root.start()
        let navigation = try NavigationController(root: root.viewControllerable)
        try window.setRootViewController(navigation)
        let path = ["section", "list", "item", "detail"]
        return try Measure.repeating(
            "deep link through four coordinators, then back", samples: scale.samples, operationsPerSample: 500
        ) {
            var current: Coordinator = root
            for component in path {
                let next = ScreenCoordinator(screenID: component)
                try current.addChild(next)
                try navigation.push(next.viewControllerable)
                current = next
            }
            try navigation.popToRoot()
            if let first = root.children.first { try root.removeChild(first) }
        }
    }

    /// A tab bar of two tabs, each a navigation stack, switched there and back by the app.
    static func switchTab(scale: Scale) throws -> Measurement {
        let window = Window()
        let tabBar = TabBarController()
        try tabBar.setTabs(
            try ["first", "second"].map { id in
                TabBarController.Tab(
                    item: TabBarItem(id: id, title: id),
                    screen: try NavigationController(root: BlankScreen(screenID: id)))
            })
        try window.setRootViewController(tabBar)
        return try Measure.repeating(
            "switch tabs (twice)", samples: scale.samples, operationsPerSample: 2_000
        ) {
            try tabBar.selectTab("second")
            try tabBar.selectTab("first")
        }
    }

    /// A split with a list and an open item, collapsed to one stack and expanded again by its window's width:
    /// the item's screens change columns and the list disappears and appears.
    static func collapseAndExpandSplit(scale: Scale) throws -> Measurement {
        let window = Window()
        window.setHorizontalSizeClass(.regular)
        let split = try SplitViewController(
            primary: NavigationController(root: BlankScreen(screenID: "list")),
            secondary: NavigationController(root: BlankScreen(screenID: "item")))
        try window.setRootViewController(split)
        return Measure.repeating(
            "split collapse+expand", samples: scale.samples, operationsPerSample: 2_000
        ) {
            window.setHorizontalSizeClass(.compact)
            window.setHorizontalSizeClass(.regular)
        }
    }

    /// The person swipes a page container of two pages to the next page and back, each swipe animated on a manual
    /// clock that the benchmark advances past its end.
    static func swipePages(scale: Scale) throws -> Measurement {
        let clock = ManualClock()
        let window = Window(clock: .manual(clock))
        let pages = PageViewController()
        try pages.setPages([BlankScreen(screenID: "one"), BlankScreen(screenID: "two")])
        try window.setRootViewController(pages)
        return try Measure.repeating(
            "page swipe there and back on a manual clock", samples: scale.samples, operationsPerSample: 2_000
        ) {
            try window.perform(.swipeToNextPage)
            clock.advance(by: Window.transitionDuration)
            try window.perform(.swipeToPreviousPage)
            clock.advance(by: Window.transitionDuration)
        }
    }

    /// The person taps the selected tab again and its stack of `depth` screens, each owned by a coordinator that
    /// attached the next, pops to the root: the screens leave and their coordinators are detached, stopped and
    /// released. The figure is per popped screen, so a pop that grows linearly shows the same figure at every depth.
    static func reTapPopsToRoot(depth: Int, samples: Int) throws -> Measurement {
        let whole = try Measure.once(
            "re-tap pop to the root, depth \(depth), per screen", samples: samples,
            prepare: { () throws -> (Window, Coordinator) in
                let window = Window()
                let root = Coordinator()
                root.start()
                let navigation = try NavigationController(root: BlankScreen(screenID: "root"))
                let tabBar = TabBarController()
                try tabBar.setTabs([.init(item: TabBarItem(id: "home", title: "Home"), screen: navigation)])
                try window.setRootViewController(tabBar)
                var parent = root
                for index in 1..<depth {
                    let child = ScreenCoordinator(screenID: "screen\(index)")
                    try parent.addChild(child)
                    try navigation.push(child.viewControllerable)
                    parent = child
                }
                return (window, root)
            },
            { window, _ in try window.tapTab("home") }
        )
        let popped = Double(depth - 1)
        return Measurement(
            name: whole.name, nanosecondsPerOperation: whole.nanosecondsPerOperation.map { $0 / popped },
            bytesPerOperation: whole.bytesPerOperation / popped, operationsPerSample: depth - 1)
    }

    /// A count shared by the two tasks of a benchmark on the main actor, and the hand-off between them: the
    /// waiting task resumes when the count moves or the counting task ends, never by polling, so the two take turns
    /// the same way in every run.
    @MainActor
    final class Counter {
        private(set) var count = 0
        /// Whether the task counting has ended, done or failed.
        private(set) var hasStopped = false
        private var waiter: CheckedContinuation<Void, Never>?

        /// Counts one more, and resumes the task waiting for it.
        func increment() {
            count += 1
            resumeWaiter()
        }

        /// Marks the counting task as ended, and resumes the task waiting for it.
        func stop() {
            hasStopped = true
            resumeWaiter()
        }

        /// Returns once the count reaches `target`, or the counting task has ended.
        func wait(until target: Int) async {
            while count < target, !hasStopped {
                await withCheckedContinuation { waiter = $0 }
            }
        }

        private func resumeWaiter() {
            let waiting = waiter
            waiter = nil
            waiting?.resume()
        }
    }

    /// How an async caller waits for an animated push routed through a coordinator.
    enum PushForm {
        /// `try await root.route { … }`.
        case awaited
        /// `root.route { push(…, animated: true) { … } }`, the push's completion resuming the caller when the
        /// transition ends.
        case completion
    }

    /// An animated push routed through a coordinator on a manual clock and waited for by an async caller, then
    /// popped without animation. Both forms are measured the same way: one task pushes and pops `operations`
    /// times, waiting for each push in the `form` given, while the benchmark's own task advances the clock past
    /// the end of each transition once the push is on screen. What differs between the two rows is the awaited
    /// call's own cost.
    static func animatedPushWaitedFor(_ form: PushForm, scale: Scale) async throws -> Measurement {
        let clock = ManualClock()
        let window = Window(clock: .manual(clock))
        let root = ScreenCoordinator(screenID: "root")
        let navigation = try NavigationController(root: root.viewControllerable)
        try window.setRootViewController(navigation)
        root.start()
        let pushed = BlankScreen(screenID: "pushed")
        let operationsPerSample = 2_000
        var times: [Double] = []
        var bytesBefore: UInt64 = 0
        for sample in 0...scale.samples {
            if sample == 1 { bytesBefore = Measure.allocatedBytes() }
            let start = Measure.monotonicNanoseconds()
            let pushes = Counter()
            let pusher = Task { @MainActor in
                defer { pushes.stop() }
                for _ in 0..<operationsPerSample {
                    switch form {
                    case .awaited:
                        try await root.route {
                            try navigation.push(pushed, animated: true)
                            pushes.increment()
                        }
                    case .completion:
                        // The push's own completion runs when its transition ends, as the awaited call resumes.
                        await withCheckedContinuation { continuation in
                            root.route {
                                try navigation.push(pushed, animated: true) { continuation.resume() }
                                pushes.increment()
                            }
                        }
                    }
                    try navigation.pop()
                }
            }
            for operation in 1...operationsPerSample {
                // A push or pop that failed ends the pushing task, which ends the wait.
                await pushes.wait(until: operation)
                clock.advance(by: Window.transitionDuration)
            }
            try await pusher.value
            // The first sample warms up and is not kept.
            if sample > 0 {
                times.append(Double(Measure.monotonicNanoseconds() - start) / Double(operationsPerSample))
            }
        }
        let name =
            form == .awaited
            ? "awaited animated push on a manual clock, then pop"
            : "animated push with a completion, awaited the same way, then pop"
        return Measurement(
            name: name, nanosecondsPerOperation: times,
            bytesPerOperation: Double(Measure.allocatedBytes() - bytesBefore)
                / Double(scale.samples * operationsPerSample),
            operationsPerSample: operationsPerSample)
    }
}
