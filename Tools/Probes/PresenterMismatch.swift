// Compile probe: a coordinator handed a screen that does not conform to its presenter protocol must not
// compile (Core checks the presenter at compile time, never at run time).
// expect-error: argument type 'PlainViewController' does not conform to expected type 'GreetingPresentable'
import Core

@MainActor
protocol GreetingPresentable: AnyObject {
    func show(greeting: String)
}

@MainActor
final class PlainViewController: ViewController {
    init() { super.init(screenID: "plain") }
}

@MainActor
final class GreetingCoordinator: ViewableCoordinator<any GreetingPresentable> {
    init(screen: PlainViewController) {
        super.init(viewControllerable: screen, presenter: screen)
    }
}
