// Compile probe: a coordinator whose screen conforms to its presenter protocol compiles.
// Its twin, PresenterMismatch.swift, shows that a screen that does not conform is a compile error.
import Core

@MainActor
protocol GreetingPresentable: AnyObject {
    func show(greeting: String)
}

@MainActor
final class GreetingViewController: ViewController, GreetingPresentable {
    private var greeting = ""

    init() { super.init(screenID: "greeting") }

    override var content: ScreenContent { ScreenContent(title: greeting) }

    func show(greeting: String) { self.greeting = greeting }
}

@MainActor
final class GreetingCoordinator: ViewableCoordinator<any GreetingPresentable> {
    init(screen: some ViewControllerable & GreetingPresentable) {
        super.init(viewControllerable: screen, presenter: screen)
    }

    override func didStart() {
        presenter.show(greeting: "Hello")
    }
}

@MainActor
func makeGreeting() -> any ViewableCoordinating {
    GreetingCoordinator(screen: GreetingViewController())
}
