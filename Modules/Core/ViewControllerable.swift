/// Anything that can stand for a screen: the seam between coordinators and the
/// view layer.
///
/// Coordinators and builders pass screens around as `any ViewControllerable`,
/// so a parent can show a child's screen without knowing its type. The routing
/// methods (present, dismiss, push, pop, set the stack) are in an extension on
/// this protocol.
@MainActor
public protocol ViewControllerable: AnyObject {
    /// The headless screen behind this value.
    var viewController: ViewController { get }
}
