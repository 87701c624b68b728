import Core
import CoreTesting
import Testing

/// What a feature's coordinator would use to update its screen.
@MainActor
private protocol GreetingPresentable: AnyObject {
    func show(greeting: String)
}

@MainActor
private final class GreetingScreen: ViewController, GreetingPresentable {
    private(set) var greeting = ""
    func show(greeting: String) { self.greeting = greeting }
    override var content: ScreenContent { ScreenContent(title: greeting) }
}

@MainActor
private final class GreetingCoordinator: ViewableCoordinator<any GreetingPresentable> {
    init(screen: some ViewControllerable & GreetingPresentable) {
        super.init(viewControllerable: screen, presenter: screen)
    }

    override func didStart() { presenter.show(greeting: "Hello") }
}

/// A coordinator with a screen that is not a ``ViewableCoordinator``: it conforms to the protocol alone.
@MainActor
private final class ConformingCoordinator: Coordinator, ViewableCoordinating {
    let viewControllerable: any ViewControllerable = ViewController(screenID: "conforming")
}

@Suite("Viewable coordinator")
@MainActor
struct ViewableCoordinatorTests {
    @Test("The package's tools read a coordinator's screen whether it subclasses or only conforms, and none of others")
    func viewableScreen() {
        let screen = GreetingScreen(screenID: "greeting")
        #expect(GreetingCoordinator(screen: screen).viewableScreen === screen)
        let conforming = ConformingCoordinator()
        #expect(conforming.viewableScreen === conforming.viewControllerable.viewController)
        #expect(Coordinator().viewableScreen == nil)
    }

    @Test("The presenter is the screen the parent shows, typed as the feature's protocol")
    func presenterIsTheScreen() throws {
        let screen = GreetingScreen(screenID: "greeting")
        let coordinator = GreetingCoordinator(screen: screen)
        #expect(coordinator.viewControllerable === screen)
        #expect(coordinator.presenter === screen)

        coordinator.start()
        #expect(screen.greeting == "Hello")
    }

    @Test("The coordinator owns its screen: the user going back from it detaches, stops and releases it")
    func screenIsOwned() throws {
        let (window, navigation) = try makeNavigationWindow()
        let parent = FlowCoordinator("parent")
        parent.start()
        weak var weakCoordinator: GreetingCoordinator?
        weak var weakScreen: GreetingScreen?
        do {
            let screen = GreetingScreen(screenID: "greeting")
            let coordinator = GreetingCoordinator(screen: screen)
            try parent.addChild(coordinator)
            try navigation.push(coordinator.viewControllerable)
            weakCoordinator = coordinator
            weakScreen = screen
        }

        try window.perform(.backButton)

        #expect(weakCoordinator == nil)
        #expect(weakScreen == nil)
        #expect(parent.children.isEmpty)
        #expect(parent.userRemovedChildren == ["greeting"])
    }

    @Test("A screen keeps its first owner: a second coordinator made with it does not take it over")
    func firstOwnerKeepsTheScreen() throws {
        let (window, navigation) = try makeNavigationWindow()
        let parent = FlowCoordinator("parent")
        let other = FlowCoordinator("other")
        parent.start()
        other.start()
        let screen = TestScreen(screenID: "shared")
        let owner = ScreenCoordinator("owner", screen: screen)
        try parent.addChild(owner) { try navigation.push($0) }
        let latecomer = ScreenCoordinator("latecomer", screen: screen)
        try other.addChild(latecomer)

        try window.perform(.backButton)

        #expect(parent.children.isEmpty)
        #expect(parent.userRemovedChildren == ["owner"])
        #expect(other.children.map(\.name) == ["latecomer"], "the latecomer never owned the screen")
        #expect(other.userRemovedChildren.isEmpty)
    }

    @Test("The coordinator does not keep itself alive through its screen")
    func noCycleThroughTheScreen() {
        weak var weakCoordinator: GreetingCoordinator?
        weak var weakScreen: GreetingScreen?
        do {
            let screen = GreetingScreen(screenID: "greeting")
            let coordinator = GreetingCoordinator(screen: screen)
            coordinator.start()
            weakCoordinator = coordinator
            weakScreen = screen
        }
        #expect(weakCoordinator == nil)
        #expect(weakScreen == nil)
    }
}
