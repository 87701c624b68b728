/// The files of a new feature, with `__Name__` standing for its prefix (`Profile`) and `__name__` for the
/// prefix with a lowercase first letter (`profile`).
enum FeatureTemplates {
    /// The module's sources, by file name.
    static let moduleFiles: [(String, String)] = [
        ("__Name__Containable.swift", containable),
        ("__Name__Container.swift", container),
        ("__Name__Listener.swift", listener),
        ("__Name__Dependency.swift", dependency),
        ("__Name__Coordinator.swift", coordinator),
        ("__Name__Presentable.swift", presentable),
        ("__Name__ScreenListener.swift", screenListener),
        ("__Name__ViewController.swift", viewController),
    ]

    /// The test target's sources, by file name.
    static let testFiles: [(String, String)] = [
        ("__Name__FeatureTests.swift", tests),
        ("__Name__Parent.swift", testParent),
        ("Fake__Name__Dependency.swift", testDependency),
    ]

    static let containable = #"""
        public import Core

        /// Builds the __Name__ flow. A parent receives it through its own dependency, builds the coordinator, attaches
        /// it, and decides itself how to show its screen (push, present or embed).
        @MainActor
        public protocol __Name__Containable: Containable {
            /// Builds the __Name__ coordinator, whose screen is `__name__`; the flow holds `listener` weakly.
            func coordinator(listener: any __Name__Listener) -> any ViewableCoordinating
        }

        """#

    static let container = #"""
        public import Core

        /// The builder of the __Name__ flow; the app composes it with what the flow needs.
        @MainActor
        public final class __Name__Container: Container<any __Name__Dependency>, __Name__Containable {
            /// Creates a builder that builds flows with `dependency`.
            public override init(dependency: any __Name__Dependency) {
                super.init(dependency: dependency)
            }

            /// Builds a __Name__ flow whose screen is `__name__`; the flow holds `listener` weakly.
            public func coordinator(listener: any __Name__Listener) -> any ViewableCoordinating {
                let screen = __Name__ViewController()
                let coordinator = __Name__Coordinator(screen: screen, title: dependency.title)
                screen.listener = coordinator
                coordinator.listener = listener
                return coordinator
            }
        }

        """#

    static let listener = #"""
        /// What the __Name__ flow tells its parent.
        @MainActor
        public protocol __Name__Listener: AnyObject {
            /// The user closed __Name__; the parent hides its screen and detaches its coordinator.
            func __name__DidClose()
        }

        """#

    static let dependency = #"""
        /// What the __Name__ flow needs from its parent. Add the feature's service protocols here.
        @MainActor
        public protocol __Name__Dependency {
            /// The title the `__name__` screen shows.
            var title: String { get }
        }

        """#

    static let coordinator = #"""
        import Core

        /// Runs the __Name__ flow: shows the title on its screen and tells the listener when the user closes it.
        final class __Name__Coordinator: ViewableCoordinator<any __Name__Presentable>, __Name__ScreenListener {
            /// Told when the flow finishes. Held weakly: the parent owns this coordinator.
            weak var listener: (any __Name__Listener)?

            private let title: String

            init(screen: some ViewControllerable & __Name__Presentable, title: String) {
                self.title = title
                super.init(viewControllerable: screen, presenter: screen)
            }

            override func didStart() {
                presenter.show(title: title)
            }

            func screenDidTapClose() {
                listener?.__name__DidClose()
            }
        }

        """#

    static let presentable = #"""
        /// How the __Name__ coordinator updates its screen.
        @MainActor
        protocol __Name__Presentable: AnyObject {
            /// Shows `title` at the top of the screen.
            func show(title: String)
        }

        """#

    static let screenListener = #"""
        /// What the `__name__` screen tells its coordinator.
        @MainActor
        protocol __Name__ScreenListener: AnyObject {
            /// The user tapped Close.
            func screenDidTapClose()
        }

        """#

    static let viewController = #"""
        import Core

        /// The `__name__` screen: a title and a Close action.
        final class __Name__ViewController: ViewController, __Name__Presentable {
            /// Told about the user's actions. Held weakly: the coordinator owns this screen.
            weak var listener: (any __Name__ScreenListener)?

            private var title = ""

            init() {
                super.init(screenID: "__name__")
            }

            override var content: ScreenContent {
                ScreenContent(title: title, elements: [.button(Button(id: "close", title: "Close"))])
            }

            override func handleAction(_ id: String) {
                if id == "close" { listener?.screenDidTapClose() }
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
            @Test("The __name__ screen shows the title, Close tells the listener, and nothing leaks")
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

                    try window.tap("close")

                    #expect(parent.closeCount == 1)
                    coordinator.stop()
                }
                #expect(report.isClean, "\(report)")
                #expect(report.createdCount == 2)
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
            let title: String
        }

        """#

    static let probe = #"""
        // Compile probe: the __Name__ feature builds from outside, through its public builder only.
        import Core
        import __Name__Feature

        @MainActor
        struct __Name__ProbeDependency: __Name__Dependency {
            var title: String { "__Name__" }
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
