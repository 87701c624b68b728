// A feature that keeps every rule: its roles, and the service protocol and value type they mention.
// Each fixture of Violations/ is this feature plus one break; Violations/BaselineDrift.txt is its surface, drifted.
import Core

/// Builds the Demo flow.
@MainActor
public protocol DemoContainable: Containable {
    func coordinator(listener: any DemoListener) -> any ViewableCoordinating
}

/// What the Demo flow tells its parent.
@MainActor
public protocol DemoListener: AnyObject {
    func demoDidFinish(_ result: DemoResult)
}

/// What the Demo flow needs.
@MainActor
public protocol DemoDependency {
    var service: any DemoService { get }
}

/// The service the Demo flow loads its results from.
@MainActor
public protocol DemoService: AnyObject {
    func load() throws(DemoServiceError) -> [DemoResult]
}

/// One result the Demo flow shows.
public struct DemoResult: Equatable, Sendable {
    /// The title of the result.
    public let title: String
}

/// Why the service failed.
public enum DemoServiceError: Error, Equatable, Sendable {
    case unavailable
}

/// The builder of the Demo flow.
public final class DemoContainer: Container<any DemoDependency>, DemoContainable {
    /// Builds the Demo coordinator.
    public func coordinator(listener: any DemoListener) -> any ViewableCoordinating {
        DemoCoordinator(screen: DemoViewController())
    }
}

final class DemoViewController: ViewController {
    init() { super.init(screenID: "demo") }
}

final class DemoCoordinator: ViewableCoordinator<DemoViewController> {
    init(screen: DemoViewController) {
        super.init(viewControllerable: screen, presenter: screen)
    }
}
