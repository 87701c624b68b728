/// Anything that can stand for a navigation controller.
///
/// Use it where a coordinator needs a navigation stack of its own, for example
/// to wrap a child's screen before presenting it.
@MainActor
public protocol NavigationControllerable: ViewControllerable {
    /// The headless navigation controller behind this value.
    var navigationController: NavigationController { get }
}
