package import AppInterface
package import Core

/// A plain Core screen whose content the test sets: a title, fields, buttons, list rows, text. Typing into a
/// field changes its value, as a feature's screen would; an action runs what the test gave it, and an inline error
/// is shown and cleared by Core.
@MainActor
package final class StandInScreen: ViewController {
    /// The title drawn on top.
    package var title: String
    /// What the screen shows, in order; a field shows what was last typed into it, if anything was.
    package var elements: [ScreenElement]
    /// What each action does, by id; an offered action without an entry does nothing.
    package var actions: [String: (StandInScreen) -> Void] = [:]
    /// The actions performed on it, in order.
    package private(set) var performed: [String] = []
    /// What was last typed into each field, by id.
    private var typed: [String: String] = [:]

    package init(_ screenID: String, title: String, elements: [ScreenElement] = []) {
        self.title = title
        self.elements = elements
        super.init(screenID: screenID)
    }

    override package var content: ScreenContent {
        let shown = elements.map { element -> ScreenElement in
            guard case .field(let field) = element, let value = typed[field.id] else { return element }
            return .field(
                TextField(
                    id: field.id, label: field.label, value: value, isSecure: field.isSecure,
                    isMultiline: field.isMultiline))
        }
        return ScreenContent(title: title, elements: shown, errorMessage: inlineError)
    }

    /// What was last typed into the field `id`, or `nil` when nothing was.
    package func value(of id: String) -> String? { typed[id] }

    override package func handleText(_ text: String, forField id: String) {
        typed[id] = text
    }

    override package func handleAction(_ id: String) {
        performed.append(id)
        actions[id]?(self)
    }
}

/// A coordinator known by the name the test gives it, for the coordinator tree.
@MainActor
package final class StandInCoordinator: Coordinator {
    private let label: String

    package init(_ name: String) {
        label = name
        super.init()
    }

    override package var name: String { label }
}

/// The app as the terminal sees it, stood in for by a real Core window over plain screens: ``send(_:)`` applies
/// each input to the window, and the rest (the notice, the question before leaving, the person's name, the links,
/// what happens after a command) is what the test sets. It records what the terminal asked of it.
@MainActor
package final class StandInSession: AppSession {
    /// The window the screens are shown in.
    package let window: Window
    /// The root of the coordinator tree; a test may attach children to it.
    package let coordinator = StandInCoordinator("StandInCoordinator")
    /// The first screen, set as the window's root at start.
    package let root: any ViewControllerable

    package var notice: String?
    /// The question before leaving: the one the test set, or what ``asksBeforeLeaving`` makes of the app as it is.
    package var leaveQuestion: String? {
        get { asksBeforeLeaving?(self) ?? setLeaveQuestion }
        set { setLeaveQuestion = newValue }
    }
    private var setLeaveQuestion: String?
    /// The question before leaving as the app's state makes it, as the real app's unsaved work does; `nil` for the
    /// one the test set.
    package var asksBeforeLeaving: ((StandInSession) -> String?)?
    package var userDisplayName: String?
    package var linkPatterns = ["app://home", "app://item/<id>"]
    /// The links ``open(_:)`` follows, with what following each one does.
    package var links: [String: (StandInSession) -> Void] = [:]
    /// Why the start fails, or `nil` when it works.
    package var startFailure: String?
    /// The notice of a start that restores, or `nil`.
    package var restorationNotice: String?
    /// The data failure every command settles on, or `nil` to go on.
    package var dataFailure: DataFailure?
    /// The notice every command settles with, when the app goes on.
    package var saveNotice: String?
    /// Why the app refuses an input before the window sees it, or `nil` to let the window have it.
    package var refusal: (SessionInput) -> String? = { _ in nil }

    /// The starts the terminal asked for.
    package private(set) var starts: [(restores: Bool, initialLink: String?)] = []
    /// Every input sent, in order, but the terminal's widths (see ``widths``).
    package private(set) var inputs: [SessionInput] = []
    /// Every width the terminal told, in order (``SessionInput/resize(columns:)``): the full screen tells it at the
    /// start and at every resize, so the other inputs are kept apart from it.
    package private(set) var widths: [Int] = []
    /// How many times a command (or the start) settled.
    package private(set) var settledCount = 0
    /// Whether the terminal stopped the app.
    package private(set) var isStopped = false
    /// How many times the terminal asked the app to read again what time or another process changed.
    package private(set) var refreshCount = 0
    /// What a refresh does besides counting (changing what a screen shows, as a new minute does).
    package var onRefresh: () -> Void = {}

    /// A session that shows `root` once started, in a window whose transitions run on `clock`.
    package init(root: any ViewControllerable, clock: TransitionClock = .immediate) {
        self.root = root
        window = Window(clock: clock)
    }

    /// A session that shows `screen` at the root of a navigation stack once started, in a window whose transitions
    /// run on `clock`.
    package convenience init(showing screen: StandInScreen, clock: TransitionClock = .immediate) throws {
        self.init(root: try NavigationController(root: screen), clock: clock)
    }

    /// The clock the window's transitions wait for, when they take time.
    private var transitionClock: ManualClock? {
        if case .manual(let clock) = window.clock { clock } else { nil }
    }

    package var transitionsTakeTime: Bool { transitionClock != nil }

    package var isMoving: Bool { transitionClock?.hasScheduledTransitions ?? false }

    package func advanceTransitions(by elapsed: Duration) {
        transitionClock?.advance(by: elapsed)
    }

    package func observeCoordinators(
        _ handler: @escaping @MainActor (CoordinatorLifecycleEvent) -> Void
    ) -> LifecycleObservation? {
        coordinator.observeLifecycle(handler)
    }

    package func snapshot() -> ScreenSnapshot {
        ScreenSnapshot(window: window, coordinators: coordinator)
    }

    /// The stand-in screen `screenID` shown in the window (or held by the root before the start), if any.
    package func screen(_ screenID: String) -> StandInScreen? {
        var candidates = [root.viewController] + window.presentedViewControllers
        while let candidate = candidates.popLast() {
            if let screen = candidate as? StandInScreen, screen.screenID == screenID { return screen }
            if let navigation = candidate as? NavigationController { candidates += navigation.viewControllers }
            if let tabBar = candidate as? TabBarController { candidates += tabBar.tabs.map(\.screen.viewController) }
            if let container = candidate as? ContainerViewController { candidates += container.viewControllers }
        }
        return nil
    }

    package func start(restores: Bool, initialLink: String?) -> SessionStart {
        starts.append((restores, initialLink))
        if let startFailure { return .failed(startFailure) }
        do {
            try window.setRootViewController(root)
        } catch {
            return .failed(String(describing: error))
        }
        coordinator.start()
        return .started(notice: restores ? restorationNotice : nil, linkFailure: initialLink.flatMap(open))
    }

    package func refresh() {
        refreshCount += 1
        onRefresh()
    }

    package func stop() {
        isStopped = true
        coordinator.stop()
    }

    package func send(_ input: SessionInput) -> String? {
        if case .resize(let columns) = input {
            widths.append(columns)
        } else {
            inputs.append(input)
        }
        if let refused = refusal(input) { return refused }
        do {
            switch input {
            case .action(let id):
                return refusal(try window.performAction(id))
            case .actionOn(let id, let screen):
                guard let live = window.screensOnTop.first(where: { ObjectIdentifier($0) == screen.identity }) else {
                    return ScreenInputError.noScreen.description
                }
                return refusal(try live.performAction(id))
            case .setText(let text, let field):
                try window.setText(text, forField: field)
            case .gesture(let gesture):
                try window.perform(gesture)
            case .swipe(let gesture, let progress):
                try window.beginGesture(gesture)
                try window.updateGesture(progress: progress)
            case .updateGesture(let progress):
                try window.updateGesture(progress: progress)
            case .releaseGesture:
                try window.releaseGesture()
            case .tapTab(let id):
                try window.tapTab(id)
            case .resize(let columns):
                window.setHorizontalSizeClass(columns >= SessionInput.regularWidthColumns ? .regular : .compact)
            }
        } catch {
            return String(describing: error)
        }
        return nil
    }

    private func refusal(_ outcome: ActionOutcome) -> String? {
        if case .refused(let reason) = outcome { reason } else { nil }
    }

    package func open(_ text: String) -> String? {
        guard text.hasPrefix("app://") else {
            return "malformed link '\(UserFacingError.quoted(text))': links start with app://"
        }
        guard let follow = links[text] else { return "unknown link '\(UserFacingError.quoted(text))'" }
        follow(self)
        return nil
    }

    package func afterCommand() -> AfterCommand {
        settledCount += 1
        if let dataFailure { return .stop(dataFailure) }
        return .goOn(notice: saveNotice)
    }
}

/// Opens the stand-in session for the terminal, recording what it was asked: the request, the playground names it
/// was asked about and the folders checked for data.
@MainActor
package final class StandInApp: AppLauncher {
    /// The session every launch returns.
    package let session: StandInSession
    /// The playgrounds there are.
    package var playgrounds = ["Home", "Settings"]
    /// The error every launch throws, or `nil` to launch.
    package var failure: (any Error)?
    /// Whether every data folder is a first run, with no data to check.
    package var holdsNoData = false
    /// What the launch reports to have done to the data files.
    package var movedAsidePaths: [String] = []
    package var importedPaths: [String] = []
    package var seededDemoAccount: String?
    package var checkedDatabase: (path: String, pageCount: Int)?

    /// The requests the terminal made, in order.
    package private(set) var requests: [LaunchRequest] = []
    /// The playground names the terminal asked about.
    package private(set) var askedPlaygrounds: [String] = []

    package init(session: StandInSession) {
        self.session = session
    }

    package func playgroundRefusal(_ name: String) -> String? {
        askedPlaygrounds.append(name)
        guard playgrounds.contains(name) else {
            return "no playground '\(name)'; the playgrounds are \(playgrounds.joined(separator: ", "))"
        }
        return nil
    }

    package func holdsNoData(dataDirectory: String) -> Bool { holdsNoData }

    /// The refusal of each link the stand-in takes for malformed (``AppLauncher/linkRefusal(_:)``); others parse.
    package var malformedLinks: [String: String] = [:]

    package func linkRefusal(_ link: String) -> String? { malformedLinks[link] }

    package func launch(_ request: LaunchRequest) throws -> LaunchedApp {
        requests.append(request)
        if let failure { throw failure }
        return LaunchedApp(
            session: session, movedAsidePaths: movedAsidePaths, importedPaths: importedPaths,
            seededDemoAccount: seededDemoAccount, checkedDatabase: checkedDatabase)
    }
}
