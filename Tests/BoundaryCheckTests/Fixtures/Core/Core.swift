// A stand-in for this package's Core, compiled by the checker's tests into a module named Core, so the fixtures
// are checked without building any module of the package. It declares only what the fixtures use, with Core's
// shapes: the screen and coordinator bases that [no-screen] knows by name, and the builder roles.

/// Stands for a screen.
@MainActor
public protocol ViewControllerable: AnyObject {
    /// The screen itself.
    var viewController: ViewController { get }
}

/// A screen.
@MainActor
open class ViewController: ViewControllerable {
    /// The screen's stable name.
    public let screenID: String

    /// Creates a screen named `screenID`.
    public init(screenID: String) { self.screenID = screenID }

    /// The screen itself.
    public var viewController: ViewController { self }
}

/// A screen that contains others.
@MainActor
open class ContainerViewController: ViewController {}

/// A stack of screens.
@MainActor
public final class NavigationController: ViewController {}

/// A node of the coordinator tree.
@MainActor
open class Coordinator {
    /// Creates a coordinator.
    public init() {}
}

/// A coordinator, as other modules see it.
@MainActor
public protocol Coordinating: Coordinator {}

/// A coordinator with a screen, as other modules see it.
@MainActor
public protocol ViewableCoordinating: Coordinating {
    /// The coordinator's screen.
    var viewControllerable: any ViewControllerable { get }
}

/// A coordinator with a screen, which it updates through `Presenter`.
@MainActor
open class ViewableCoordinator<Presenter>: Coordinator, ViewableCoordinating {
    /// The screen the parent shows.
    public let viewControllerable: any ViewControllerable
    /// The screen, as the protocol the coordinator updates it through.
    public let presenter: Presenter

    /// Creates a coordinator of `viewControllerable`, updated through `presenter`.
    public init(viewControllerable: any ViewControllerable, presenter: Presenter) {
        self.viewControllerable = viewControllerable
        self.presenter = presenter
        super.init()
    }
}

/// A feature's builder, as other modules see it.
@MainActor
public protocol Containable: AnyObject {}

/// The base class of a feature's builder.
@MainActor
open class Container<Dependency>: Containable {
    /// What the feature needs.
    public let dependency: Dependency

    /// Creates a builder that builds with `dependency`.
    public init(dependency: Dependency) { self.dependency = dependency }
}
