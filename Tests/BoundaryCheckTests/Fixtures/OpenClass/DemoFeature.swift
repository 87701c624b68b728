// A feature that publishes an open class: the check must fail with [no-open].
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

public struct DemoResult: Sendable {
    public let title: String
    public let style: DemoStyle
}

/// Open, so other modules could subclass it.
open class DemoStyle: @unchecked Sendable {
    public init() {}
}

public enum DemoServiceError: Error, Equatable, Sendable {
    case unavailable
}

public final class DemoContainer: Container<any DemoDependency>, DemoContainable {
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
