import Core
@testable import OtherFeature

final class DemoCoordinator {
    let other = OtherViewController()
}
