// A feature that publishes its screen: the check must fail with [no-screen].
import Core

@MainActor
public protocol DemoContainable: Containable {
    func coordinator(listener: any DemoListener) -> any ViewableCoordinating
}

@MainActor
public protocol DemoListener: AnyObject {
    func demoDidFinish(_ result: DemoResult)
}

@MainActor
public protocol DemoDependency {
    var service: any DemoService { get }
}

@MainActor
public protocol DemoService: AnyObject {
    func load() throws(DemoServiceError) -> [DemoResult]
}

public struct DemoResult: Equatable, Sendable {
    public let title: String
}

public enum DemoServiceError: Error, Equatable, Sendable {
    case unavailable
}

public final class DemoContainer: Container<any DemoDependency>, DemoContainable {
    public func coordinator(listener: any DemoListener) -> any ViewableCoordinating {
        DemoCoordinator(screen: DemoViewController())
    }
}

public final class DemoViewController: ViewController {
    public init() { super.init(screenID: "demo") }
}

final class DemoCoordinator: ViewableCoordinator<DemoViewController> {
    init(screen: DemoViewController) {
        super.init(viewControllerable: screen, presenter: screen)
    }
}
