// A probe that expects an error the compiler does not report, because the screen conforms: [compile-probe].
// expect-error: does not conform to expected type 'Titled'
import Core

@MainActor
protocol Titled: AnyObject {}

@MainActor
final class TitledViewController: ViewController, Titled {}

@MainActor
final class TitledCoordinator: ViewableCoordinator<any Titled> {
    init(screen: TitledViewController) {
        super.init(viewControllerable: screen, presenter: screen)
    }
}
