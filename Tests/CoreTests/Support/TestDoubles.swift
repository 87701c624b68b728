import Core

/// An ordered record shared by the objects of one test, to assert the order of
/// starts, stops and user removals across a tree.
@MainActor
final class EventLog {
    private(set) var entries: [String] = []

    func append(_ entry: String) {
        entries.append(entry)
    }

    func reset() {
        entries.removeAll()
    }
}

/// A screen whose content, modality and lifecycle reactions a test sets.
@MainActor
final class TestScreen: ViewController {
    var screenContent = ScreenContent(title: "")
    var refusesUserDismissal = false
    var refusesBack = false
    private(set) var attemptedUserDismissals = 0
    private(set) var attemptedBacks = 0
    private(set) var handledActions: [String] = []
    private(set) var handledTexts: [String] = []
    private(set) var viewDidLoadCount = 0

    var onViewWillAppear: (@MainActor (TestScreen) -> Void)?
    var onViewDidAppear: (@MainActor (TestScreen) -> Void)?
    var onViewWillDisappear: (@MainActor (TestScreen) -> Void)?

    override var content: ScreenContent { screenContent }
    override var isModalInPresentation: Bool { refusesUserDismissal }
    override var isModalInNavigation: Bool { refusesBack }
    override func didAttemptUserBack() { attemptedBacks += 1 }

    override func didAttemptUserDismissal() { attemptedUserDismissals += 1 }
    override func handleAction(_ id: String) { handledActions.append(id) }
    override func handleText(_ text: String, forField id: String) { handledTexts.append("\(id)=\(text)") }
    override func viewDidLoad() { viewDidLoadCount += 1 }
    override func viewWillAppear() { onViewWillAppear?(self) }
    override func viewDidAppear() { onViewDidAppear?(self) }
    override func viewWillDisappear() { onViewWillDisappear?(self) }
}

/// A container screen whose own content a test sets.
@MainActor
final class TestContainer: ContainerViewController {
    var screenContent = ScreenContent(title: "")
    private(set) var handledActions: [String] = []

    override var content: ScreenContent { screenContent }
    override func handleAction(_ id: String) { handledActions.append(id) }
}

/// A coordinator without a screen that logs its starts, stops and the children
/// the user removed.
@MainActor
final class FlowCoordinator: Coordinator {
    let label: String
    let log: EventLog?
    private(set) var startCount = 0
    private(set) var stopCount = 0
    private(set) var userRemovedChildren: [String] = []
    var onUserDidRemove: (@MainActor () -> Void)?

    init(_ label: String, log: EventLog? = nil) {
        self.label = label
        self.log = log
    }

    override var name: String { label }
    override func didStart() {
        startCount += 1
        log?.append("start \(label)")
    }
    override func didStop() {
        stopCount += 1
        log?.append("stop \(label)")
    }
    override func userDidRemove(_ child: any Coordinating) {
        userRemovedChildren.append(child.name)
        log?.append("userDidRemove \(child.name) from \(label)")
        onUserDidRemove?()
    }
}

/// A coordinator that owns one screen and logs like ``FlowCoordinator``.
@MainActor
final class ScreenCoordinator: ViewableCoordinator<ViewController> {
    let label: String
    let log: EventLog?
    private(set) var startCount = 0
    private(set) var stopCount = 0
    private(set) var userRemovedChildren: [String] = []

    init(_ label: String, screen: ViewController, log: EventLog? = nil) {
        self.label = label
        self.log = log
        super.init(viewControllerable: screen, presenter: screen)
    }

    convenience init(_ label: String, log: EventLog? = nil) {
        self.init(label, screen: TestScreen(screenID: label), log: log)
    }

    override var name: String { label }
    override func didStart() {
        startCount += 1
        log?.append("start \(label)")
    }
    override func didStop() {
        stopCount += 1
        log?.append("stop \(label)")
    }
    override func userDidRemove(_ child: any Coordinating) {
        userRemovedChildren.append(child.name)
        log?.append("userDidRemove \(child.name) from \(label)")
    }
}

/// A window whose root is a navigation stack of plain screens named `ids`.
@MainActor
func makeNavigationWindow(_ ids: [String] = ["root"]) throws -> (window: Window, navigation: NavigationController) {
    let window = Window()
    let screens = ids.map { TestScreen(screenID: $0) }
    let navigation = NavigationController()
    try navigation.setStack(screens)
    try window.setRootViewController(navigation)
    return (window, navigation)
}

extension NavigationController {
    /// The ids of the stack, root first.
    var stackIDs: [String] { viewControllers.map(\.screenID) }
}
