/// The files of a new feature, with `__Name__` standing for its prefix (`Profile`) and `__name__` for the
/// prefix with a lowercase first letter (`profile`).
///
/// The shape every feature has: the public API in two files (`__Name__Builder.swift`: the builder roles;
/// `__Name__Services.swift`: the services and values they mention), the internals grouped by screen under
/// `Internal/` (`Internal/__Name__/`: the coordinator with its presenter protocol, the screen with its screen
/// listener).
enum FeatureTemplates {
    /// The module's sources, by path inside the module.
    static let moduleFiles: [(String, String)] = [
        ("__Name__Builder.swift", builder),
        ("__Name__Services.swift", services),
        ("Internal/__Name__/__Name__Coordinator.swift", coordinator),
        ("Internal/__Name__/__Name__ViewController.swift", viewController),
    ]

    /// The test target's sources, by file name.
    static let testFiles: [(String, String)] = [
        ("__Name__FeatureTests.swift", tests),
        ("__Name__Parent.swift", testParent),
        ("Fake__Name__Dependency.swift", testDependency),
        ("__Name__FeatureBoundaryTests.swift", boundaryTests),
    ]

    static let builder = #"""
        public import Core

        // The builder roles of __Name__: what it needs (`__Name__Dependency`), what it reports (`__Name__Listener`)
        // and how a parent builds it (`__Name__Containable`, `__Name__Container`).

        /// What the __Name__ flow needs from its parent.
        @MainActor
        public protocol __Name__Dependency {
            /// Reads what the `__name__` screen shows.
            var __name__Service: any __Name__Service { get }
        }

        /// What the __Name__ flow tells its parent.
        @MainActor
        public protocol __Name__Listener: AnyObject {
            /// The user closed __Name__; the parent hides its screen and detaches its coordinator.
            func __name__DidClose()
        }

        /// Builds the __Name__ flow. A parent receives it through its own dependency, builds the coordinator, attaches
        /// it, and decides itself how to show its screen (push, present or embed).
        @MainActor
        public protocol __Name__Containable: Containable {
            /// Builds the __Name__ coordinator, whose screen is `__name__`; the flow holds `listener` weakly.
            func coordinator(listener: any __Name__Listener) -> any ViewableCoordinating
        }

        /// The builder of the __Name__ flow; the app composes it with what the flow needs.
        @MainActor
        public final class __Name__Container: Container<any __Name__Dependency>, __Name__Containable {
            /// Creates a builder that builds flows with `dependency`.
            public override init(dependency: any __Name__Dependency) {
                super.init(dependency: dependency)
            }

            /// Builds a __Name__ flow whose screen is `__name__`; the flow holds `listener` weakly.
            public func coordinator(listener: any __Name__Listener) -> any ViewableCoordinating {
                let coordinator = __Name__Coordinator(
                    screen: __Name__ViewController(), title: dependency.__name__Service.title)
                coordinator.listener = listener
                return coordinator
            }
        }

        """#

    /// The feature's playground in this repository's app (`app --feature __Name__`): the feature alone over
    /// in-memory services, shown by the stand-in parent.
    static let playground = #"""
        import __Name__Feature

        extension FeaturePlayground {
            /// __Name__ over a title kept in memory.
            static let __name__ = FeaturePlayground(
                name: "__Name__",
                summary: "The new __Name__ feature alone; close it to see what it tells its parent."
            ) { parent in
                let builder = __Name__Container(dependency: __Name__PlaygroundServices())
                let listener = __Name__PlaygroundListener(parent: parent)
                return Hosted(coordinator: builder.coordinator(listener: listener), listener: listener)
            }
        }

        /// What __Name__ gets in its playground.
        @MainActor
        private struct __Name__PlaygroundServices: __Name__Dependency {
            let __name__Service: any __Name__Service = __Name__PlaygroundService()
        }

        /// The title the playground shows.
        @MainActor
        private final class __Name__PlaygroundService: __Name__Service {
            let title = "__Name__"
        }

        /// Forwards what __Name__ tells its parent to the playground.
        @MainActor
        private final class __Name__PlaygroundListener: PlaygroundListener, __Name__Listener {
            func __name__DidClose() {
                finish("__name__DidClose()")
            }
        }

        """#

    static let services = #"""
        // The services __Name__ uses and the values its API exchanges.

        /// What the __Name__ flow reads, implemented by the app's live service and by fakes in tests. Add the
        /// feature's calls, and the values they exchange, here.
        @MainActor
        public protocol __Name__Service: AnyObject {
            /// The title the `__name__` screen shows.
            var title: String { get }
        }

        """#

    static let coordinator = #"""
        import Core

        /// What the __Name__ coordinator tells its screen.
        @MainActor
        protocol __Name__Presentable: AnyObject {
            /// Receives what the user does on the screen. Held weakly by the screen.
            var listener: (any __Name__ScreenListener)? { get set }

            /// Shows `title` at the top of the screen.
            func show(title: String)
        }

        /// The __Name__ flow. It owns the `__name__` screen, shows the title on it, and tells its listener when the
        /// user closes it.
        final class __Name__Coordinator: ViewableCoordinator<any __Name__Presentable> {
            weak var listener: (any __Name__Listener)?
            private let title: String

            /// Creates the flow around `screen`.
            init(screen: some ViewControllerable & __Name__Presentable, title: String) {
                self.title = title
                super.init(viewControllerable: screen, presenter: screen)
                screen.listener = self
            }

            override func didStart() {
                presenter.show(title: title)
            }
        }

        extension __Name__Coordinator: __Name__ScreenListener {
            func __name__ScreenDidRequestClose() {
                listener?.__name__DidClose()
            }
        }

        """#

    static let viewController = #"""
        import Core

        /// What the `__name__` screen tells its coordinator.
        @MainActor
        protocol __Name__ScreenListener: AnyObject {
            /// The user tapped `close`.
            func __name__ScreenDidRequestClose()
        }

        /// The `__name__` screen: a title and `close`.
        final class __Name__ViewController: ViewController, __Name__Presentable {
            weak var listener: (any __Name__ScreenListener)?
            private var title = ""

            init() {
                super.init(screenID: "__name__")
            }

            override var content: ScreenContent {
                ScreenContent(title: title, elements: [.button(Button(id: "close", title: "Close"))])
            }

            override func handleAction(_ id: String) {
                switch id {
                case "close": listener?.__name__ScreenDidRequestClose()
                default: break
                }
            }

            func show(title: String) {
                self.title = title
            }
        }

        """#

    static let tests = #"""
        import Core
        import CoreTesting
        import __Name__Feature
        import Testing

        @MainActor
        @Suite("__Name__ feature")
        struct __Name__FeatureTests {
            @Test("The __name__ screen shows the title and close, close tells the listener, and nothing leaks")
            func closeTellsListener() throws {
                let parent = __Name__Parent()
                let report = try trackingLifetimes {
                    let window = Window()
                    let builder = __Name__Container(dependency: Fake__Name__Dependency(title: "Your __name__"))
                    let coordinator = builder.coordinator(listener: parent)
                    coordinator.start()
                    try window.setRootViewController(coordinator.viewControllerable)
                    #expect(window.topScreenID == "__name__")
                    #expect(window.visibleText == ["Your __name__", "Close"])
                    #expect(window.topViewController?.content.actions.map(\.id) == ["close"])

                    try window.tap("close")

                    #expect(parent.closeCount == 1)
                    coordinator.stop()
                }
                #expect(report.isClean, "\(report)")
                #expect(report.createdCount == 2, "one coordinator and one screen")
            }

            @Test("The flow holds its listener weakly")
            func listenerIsWeak() throws {
                weak var released: __Name__Parent?
                let report = try trackingLifetimes {
                    let window = Window()
                    let builder = __Name__Container(dependency: Fake__Name__Dependency(title: "Your __name__"))
                    let coordinator: any ViewableCoordinating
                    do {
                        let parent = __Name__Parent()
                        released = parent
                        coordinator = builder.coordinator(listener: parent)
                    }
                    coordinator.start()
                    try window.setRootViewController(coordinator.viewControllerable)
                    #expect(released == nil, "the coordinator must not keep its listener alive")

                    try window.tap("close")

                    coordinator.stop()
                }
                #expect(report.isClean, "\(report)")
            }

            @Test("Every flow of the __name__ screen keeps the tree in step with the screens, and releases everything")
            func exploreEveryFlow() throws {
                let parent = __Name__Parent()
                let report = try explore(depth: 3) {
                    let window = Window()
                    let builder = __Name__Container(dependency: Fake__Name__Dependency(title: "Your __name__"))
                    let coordinator = builder.coordinator(listener: parent)
                    coordinator.start()
                    try window.setRootViewController(coordinator.viewControllerable)
                    return ExplorationSubject(window: window, root: coordinator)
                }
                #expect(report.violations.isEmpty, "\(report)")
                #expect(report.transitionCount >= 1, "the explorer taps close: \(report.summary)")
            }
        }

        """#

    /// The feature's own boundaries, checked by its test target through the checker's library.
    static let boundaryTests = #"""
        import BoundaryCheck
        import Testing

        /// The boundaries of __Name__Feature, checked wherever a change to it is tested (see `ModuleBoundary`): its
        /// public surface against its baseline in Tools/Baselines, the feature rules, its internals and its probes.
        @Suite("__Name__Feature's boundaries")
        struct __Name__FeatureBoundaryTests {
            @Test("__Name__Feature keeps its baseline, the feature rules, its internals and its probes")
            func boundariesHold() throws {
                let boundary = try ModuleBoundary.check("__Name__Feature")
                #expect(boundary.violations.isEmpty, "\(boundary)")
            }
        }

        """#

    static let testParent = #"""
        import __Name__Feature

        /// A parent of the __Name__ flow that counts what it was told.
        @MainActor
        final class __Name__Parent: __Name__Listener {
            private(set) var closeCount = 0

            func __name__DidClose() {
                closeCount += 1
            }
        }

        """#

    static let testDependency = #"""
        import __Name__Feature

        /// What the __Name__ flow needs, with fixed values.
        @MainActor
        struct Fake__Name__Dependency: __Name__Dependency {
            let __name__Service: any __Name__Service

            init(title: String) {
                __name__Service = Fake__Name__Service(title: title)
            }
        }

        /// A __Name__ service that answers with fixed values.
        @MainActor
        final class Fake__Name__Service: __Name__Service {
            let title: String

            init(title: String) {
                self.title = title
            }
        }

        """#

    static let probe = #"""
        // Compile probe: the __Name__ feature builds from outside, through its public builder only.
        import Core
        import __Name__Feature

        @MainActor
        final class __Name__ProbeService: __Name__Service {
            var title: String { "__Name__" }
        }

        @MainActor
        struct __Name__ProbeDependency: __Name__Dependency {
            let __name__Service: any __Name__Service = __Name__ProbeService()
        }

        @MainActor
        final class __Name__ProbeParent: Coordinator, __Name__Listener {
            let builder: any __Name__Containable = __Name__Container(dependency: __Name__ProbeDependency())

            override func didStart() {
                try? addChild(builder.coordinator(listener: self))
            }

            func __name__DidClose() {}
        }

        """#
}
