import Core
import CoreTesting
import Testing

// The key Swift examples of Core's articles and symbol docs, copied here as code so that an example that stops
// compiling fails the build. The names the examples assume (a picker's builder, a presenter that shows a colour
// or an error) are declared below as small stand-ins. Keep each example as the docs spell it.

/// The value a picker yields.
enum Color: Sendable, Equatable { case red, green }

/// What the examples' parent shows on its screen.
@MainActor
final class ExamplePresenter: ViewController {
    private(set) var shown: [String] = []
    func show(_ color: Color) { shown.append("\(color)") }
    func show(errorMessage: String) { shown.append(errorMessage) }
    func selectTab(_ id: String) throws(NavigationError) {}
}

/// A picker as a feature publishes it: a coordinator with a screen that ends once with a colour.
@MainActor
final class ColorPickerCoordinator: ViewableCoordinator<ViewController>, OneShotCoordinating {
    typealias Outcome = Color

    init() {
        let screen = ViewController(screenID: "picker")
        super.init(viewControllerable: screen, presenter: screen)
    }
}

/// The builder the one-shot example asks for its picker.
@MainActor
struct PickerBuilder {
    // OneShotCoordinating's doc and ShowingAChild: how a feature publishes a one-shot child.
    func coordinator() -> any ViewableCoordinating & OneShotCoordinating<Color> { ColorPickerCoordinator() }
}

@MainActor
final class ExampleParent: ViewableCoordinator<ExamplePresenter> {
    let pickerBuilder = PickerBuilder()
    var other: any ViewableCoordinating = ColorPickerCoordinator()

    init(screen: ExamplePresenter) {
        super.init(viewControllerable: screen, presenter: screen)
    }

    // OneShotCoordinating's doc.
    func pickColor() async throws(RoutingError) {
        let picker = pickerBuilder.coordinator()
        try await addChild(picker) { try self.viewControllerable.present($0, animated: true) }
        switch try await outcome(of: picker) {
        case .finished(let color):
            try await removeChild(picker) { try $0.dismiss(animated: true) }
            presenter.show(color)
        case .removedByPerson, .stopped:
            break  // the runtime already detached it, or this parent removed it
        }
    }

    // ShowingAChild, "Awaiting a one-shot child".
    func pickColorIfFinished() async throws(RoutingError) {
        let picker = pickerBuilder.coordinator()
        try await addChild(picker) { try self.viewControllerable.present($0, animated: true) }
        if case .finished(let color) = try await outcome(of: picker) {
            try await removeChild(picker) { try $0.dismiss(animated: true) }
            presenter.show(color)
        }
    }

    // ShowingAChild and outcome(of:completion:)'s doc: the completion form, for a parent that does not suspend.
    func pickColorWithoutWaiting() throws(RoutingError) {
        let picker = pickerBuilder.coordinator()
        try addChild(picker, showing: { try self.viewControllerable.present($0) }, completion: nil)
        try outcome(of: picker) { [weak self] outcome in
            if case .finished(let color) = outcome { self?.presenter.show(color) }
        }
    }

    // ShowingAChild, "Attaching and showing as one step".
    func show(_ child: any ViewableCoordinating) {
        do {
            try addChild(child) { try self.viewControllerable.push($0) }
        } catch .navigation(.noNavigationController) {
            presenter.show(errorMessage: "This cannot be shown here.")
        } catch {
            presenter.show(errorMessage: "This cannot be shown: \(error)")
        }
    }

    // ShowingAChild: the awaited and the completion forms in an async function.
    func showInAsyncCode(_ child: any ViewableCoordinating) async throws(RoutingError) {
        try await addChild(child) { try self.viewControllerable.push($0) }  // waits for the step
        try addChild(other, showing: { try self.viewControllerable.push($0) }, completion: nil)  // does not wait
    }

    // ShowingAChild: matching the error's cases in a Task.
    func showFromTask(_ child: any ViewableCoordinating) {
        Task {
            do throws(RoutingError) {
                try await addChild(child) { try self.viewControllerable.push($0, animated: true) }
            } catch .navigation(.noNavigationController) {
                presenter.show(errorMessage: "This cannot be shown here.")
            } catch {
                presenter.show(errorMessage: "This cannot be shown: \(error)")
            }
        }
    }

    // Coordinator+Routing: a child that says it is done.
    func signUpDidCancel(_ signUp: any ViewableCoordinating) {
        try? removeChild(signUp) { _ in try self.viewControllerable.pop(animated: true) }
    }

    // Coordinator+AwaitingRoutes and TimeGesturesAndTheRoutingQueue: a deep link as a sequence of try await.
    func open(
        feed: any ViewableCoordinating, post: any ViewableCoordinating, comments: any ViewableCoordinating
    ) async throws(RoutingError) {
        try await route { try self.presenter.selectTab("feed") }
        try await feed.addChild(post) { try feed.viewControllerable.push($0, animated: true) }
        try await post.addChild(comments) { try post.viewControllerable.present($0, animated: true) }
    }
}

// SplitsAndPages: a parent that opens items in the secondary column.
final class BrowserCoordinator: ViewableCoordinator<SplitViewController> {
    private var openItem: (any ViewableCoordinating)?

    init() throws {
        let split = try SplitViewController(
            primary: NavigationController(screenID: "list.nav"), secondary: NavigationController(screenID: "item.nav"))
        super.init(viewControllerable: split, presenter: split)
    }

    func open(_ item: any ViewableCoordinating) throws(RoutingError) {
        let previous = openItem
        try addChild(item) { try self.presenter.showDetail($0) }
        if let previous, previous.parent === self { try? removeChild(previous) }
        openItem = item
    }

    override func userDidRemove(_ child: any Coordinating) {
        if child === openItem { openItem = nil }
    }
}

/// The screens the path examples build for places.
@MainActor
struct ExampleScreens {
    func make(_ place: String) throws -> any ViewControllerable { ViewController(screenID: place) }
}

/// ObservingTheTree and PlanningAPath, as the articles spell them.
@MainActor
final class ExampleHost: ViewableCoordinator<ViewController> {
    let screens = ExampleScreens()

    init(screen: ViewController) {
        super.init(viewControllerable: screen, presenter: screen)
    }

    // ObservingTheTree, "Lifecycle events in tree order".
    func observe(_ appCoordinator: Coordinator) -> LifecycleObservation {
        let observation = appCoordinator.observeLifecycle { event in
            print(event)  // attached feed to main, started feed, …
        }
        return observation
    }

    // Coordinator.lifecycleEvents()'s doc.
    func printEvents(of appCoordinator: Coordinator) async {
        for await event in appCoordinator.lifecycleEvents() {
            print(event)  // attached feed to main, started feed, …
        }
    }

    // ObservingTheTree, "Leak reports at run time".
    func detectLeaks(in appCoordinator: Coordinator, window: Window) -> LeakDetector {
        let detector = LeakDetector(deadline: .hostTurns(2)) { survivor in
            print("leak: \(survivor)")  // leak: coordinator feed.post is still alive, detached from feed
        }
        detector.watch(appCoordinator)  // every coordinator detached below it, with the screen it owns
        detector.watch(window)  // every screen that leaves the window
        return detector
    }

    // PlanningAPath, "Following a plan", and Coordinator.follow(_:applying:)'s doc.
    func openCompose(in window: Window) async throws(RoutingError) {
        let target = NavigationPath(tab: "feed", [.push("post/42"), .present("compose", .pageSheet)])
        let plan = NavigationPlan(from: NavigationPath(window: window), to: target)
        try await follow(plan) { step in
            try window.apply(step, animated: true) { place in try self.screens.make(place) }
        }
        try await follow(plan) { step in try window.apply(step, animated: true) { try self.screens.make($0) } }
    }

    // PlanningAPath, "A flow's own place".
    func planFromOwnPlace(screen: ViewController, postScreen: ViewController, postID: String) -> NavigationPlan {
        let start = NavigationPath(above: screen) { shown in shown === postScreen ? "post/\(postID)" : shown.screenID }
        let plan = NavigationPlan(from: start, to: NavigationPath([.push("post/43")]))
        // [setStack keeping 0, pushing post/43]: the open post is replaced in one transition, not popped then pushed.
        return plan
    }
}

@Suite("The articles' examples")
@MainActor
struct ArticleExamplesTests {
    @Test("The one-shot example runs as the docs say: the parent awaits the picker's colour and shows it")
    func oneShotExampleRuns() async throws {
        let window = Window()
        let screen = ExamplePresenter(screenID: "parent")
        try window.setRootViewController(screen)
        let parent = ExampleParent(screen: screen)
        parent.start()
        let task = Task { try await parent.pickColor() }
        await yieldUntil { parent.children.first?.isStarted == true }

        (parent.children.first as? ColorPickerCoordinator)?.finish(with: .green)

        try await task.value
        #expect(screen.shown == ["green"])
        #expect(parent.children.isEmpty)
        #expect(window.presentedIDs.isEmpty)
        parent.stop()
    }

    @Test("The completion-form example shows the colour inside the picker's finish")
    func oneShotCompletionExampleRuns() throws {
        let window = Window()
        let screen = ExamplePresenter(screenID: "parent")
        try window.setRootViewController(screen)
        let parent = ExampleParent(screen: screen)
        parent.start()
        try parent.pickColorWithoutWaiting()

        (parent.children.first as? ColorPickerCoordinator)?.finish(with: .red)

        #expect(screen.shown == ["red"])
        parent.stop()
    }

    @Test("The split example keeps one item open: an item that replaces another detaches it")
    func splitExampleRuns() throws {
        let window = Window()
        window.setHorizontalSizeClass(.regular)
        let browser = try BrowserCoordinator()
        browser.start()
        try window.setRootViewController(browser.presenter)

        try browser.open(ColorPickerCoordinator())
        try browser.open(ColorPickerCoordinator())

        #expect(browser.children.count == 1)
        #expect(browser.presenter.detailViewControllers.map(\.screenID) == ["picker"])
        browser.stop()
    }

    @Test("The own-place example plans the open post's replacement as one set-all, as its comment says")
    func ownPlaceExamplePlans() throws {
        let list = ViewController(screenID: "list")
        let post = ViewController(screenID: "post")
        let navigation = try NavigationController(root: list)
        try navigation.push(post)
        let host = ExampleHost(screen: ViewController(screenID: "host"))

        let plan = host.planFromOwnPlace(screen: list, postScreen: post, postID: "42")

        #expect(plan.start == NavigationPath([.push("post/42")]))
        #expect(plan.steps == [.setStack(keeping: 0, pushing: ["post/43"])])
    }
}
