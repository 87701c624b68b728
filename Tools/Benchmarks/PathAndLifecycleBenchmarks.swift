import Core

/// Benchmarks of the path planner and of the coordinator lifecycle stream.
@MainActor
enum PathAndLifecycleBenchmarks {
    /// A window whose root is a tab bar of two tabs, each a navigation stack with a blank root.
    private static func tabbedWindow() throws -> (Window, Coordinator) {
        let window = Window()
        let tabBar = TabBarController()
        try tabBar.setTabs(
            try ["first", "second"].map { id in
                TabBarController.Tab(
                    item: TabBarItem(id: id, title: id),
                    screen: try NavigationController(root: CoreBenchmarks.BlankScreen(screenID: id)))
            })
        try window.setRootViewController(tabBar)
        let root = CoreBenchmarks.ScreenCoordinator(screenID: "root")
        root.start()
        return (window, root)
    }

    /// A place's screen: a presented place (`sheet…`) is a navigation stack, so places can be pushed inside it.
    private static func screen(for place: String) throws -> any ViewControllerable {
        place.hasPrefix("sheet")
            ? try NavigationController(root: CoreBenchmarks.BlankScreen(screenID: place + ".root"), screenID: place)
            : CoreBenchmarks.BlankScreen(screenID: place)
    }

    /// The path of ten steps from the first tab's root: a tab change, two pushes together, then four
    /// presentations, each with one push inside.
    static let tenStepPath = NavigationPath(
        tab: "second",
        [
            .push("a"), .push("b"), .present("sheet1", .pageSheet), .push("c"), .present("sheet2", .pageSheet),
            .push("d"), .present("sheet3", .fullScreen), .push("e"), .present("sheet4", .pageSheet), .push("f"),
        ])

    /// Plans the ten steps from the window's path and follows them through the routing queue (immediate clock),
    /// then follows the three steps back: the four presentations dismissed at once, the second tab's stack popped
    /// to its root, the first tab selected.
    static func planAndFollowTenSteps(scale: Scale) throws -> Measurement {
        let (window, root) = try tabbedWindow()
        let start = NavigationPath(window: window)
        let steps = NavigationPlan(from: start, to: tenStepPath).steps.count
        guard steps == 10 else { throw BenchmarkFailure.refused("the path takes \(steps) steps, not 10") }
        let back = NavigationPlan(from: tenStepPath, to: NavigationPath(tab: "second"))
        let home = NavigationPlan(from: NavigationPath(tab: "second"), to: start)
        var failure: RoutingOutcome?
        let apply: @MainActor (NavigationStep) throws -> Void = { step in try window.apply(step, screen: screen(for:)) }
        let measurement = Measure.repeating(
            "plan and follow a 10-step path through the queue, then 3 back", samples: scale.samples,
            operationsPerSample: 200
        ) {
            let plan = NavigationPlan(from: NavigationPath(window: window), to: tenStepPath)
            for plan in [plan, back, home] {
                root.follow(plan, applying: apply) { if $0 != .applied { failure = $0 } }
            }
        }
        if let failure { throw BenchmarkFailure.refused("\(failure)") }
        guard NavigationPath(window: window) == start else { throw BenchmarkFailure.refused("the way back") }
        return measurement
    }

    /// Attaches 10,000 children to a root whose lifecycle stream is iterated, stops the root, and reads the stream
    /// to its last event (four per child, and the root's stop). The figure is per coordinator.
    static func lifecycleStream(coordinators count: Int, samples: Int) async throws -> Measurement {
        var times: [Double] = []
        var bytesBefore: UInt64 = 0
        for sample in 0...samples {
            if sample == 1 { bytesBefore = Measure.allocatedBytes() }
            let start = Measure.monotonicNanoseconds()
            let root = Coordinator()
            root.start()
            let stream = root.lifecycleEvents()
            for _ in 0..<count { try root.addChild(Coordinator()) }
            root.stop()
            var events = 0
            for await _ in stream {
                events += 1
                if events == count * 4 + 1 { break }
            }
            guard events == count * 4 + 1 else { throw BenchmarkFailure.refused("the stream ended after \(events)") }
            if sample > 0 { times.append(Double(Measure.monotonicNanoseconds() - start) / Double(count)) }
        }
        return Measurement(
            name: "lifecycle stream of \(count) coordinators attached then stopped, per coordinator",
            nanosecondsPerOperation: times,
            bytesPerOperation: Double(Measure.allocatedBytes() - bytesBefore) / Double(samples * count),
            operationsPerSample: count)
    }
}

extension PathAndLifecycleBenchmarks {
    /// The same tree as ``lifecycleStream(coordinators:samples:)``, heard by a synchronous observer instead: the
    /// cost of observing without the stream's buffering and iteration.
    static func lifecycleObserver(coordinators count: Int, samples: Int) throws -> Measurement {
        var events = 0
        let measurement = try Measure.once(
            "lifecycle observer of \(count) coordinators attached then stopped, per coordinator", samples: samples,
            prepare: { () -> (Coordinator, LifecycleObservation) in
                let root = Coordinator()
                root.start()
                return (root, root.observeLifecycle { _ in events += 1 })
            },
            { root, _ in
                for _ in 0..<count { try root.addChild(Coordinator()) }
                root.stop()
            }
        )
        guard events == (samples + 1) * (count * 4 + 1) else {  // the warm-up call is heard too
            throw BenchmarkFailure.refused("the observer heard \(events) events")
        }
        return Measurement(
            name: measurement.name,
            nanosecondsPerOperation: measurement.nanosecondsPerOperation.map { $0 / Double(count) },
            bytesPerOperation: measurement.bytesPerOperation / Double(count), operationsPerSample: count)
    }
}

/// A benchmark whose routing was refused: its figures would measure something else.
enum BenchmarkFailure: Error, CustomStringConvertible {
    case refused(String)

    var description: String {
        switch self {
        case .refused(let reason): "a benchmark's routing failed: \(reason)"
        }
    }
}
