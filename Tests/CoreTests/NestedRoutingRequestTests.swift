import Core
import Testing

/// A request asked for by the request being applied is part of it: once that one has started an animated
/// transition the nested request cannot apply at once (what it routes may be locked), so it waits first in line,
/// before the requests that were already waiting, or a deep link's next step would run after unrelated requests.
@Suite("Routing requests asked for while another one is applied")
@MainActor
struct NestedRoutingRequestTests {
    @Test("A request asked for while another is applied comes before the requests that wait behind it")
    func nestedRequestKeepsItsPlace() throws {
        let clock = ManualClock()
        let window = Window(clock: .manual(clock))
        let navigation = try NavigationController(root: TestScreen(screenID: "a"))
        try window.setRootViewController(navigation)
        let flow = ScreenCoordinator("flow", screen: navigation)
        flow.start()
        var order: [String] = []
        try navigation.push(TestScreen(screenID: "b"), animated: true)

        flow.route {
            order.append("first")
            try navigation.push(TestScreen(screenID: "c"), animated: true)
            flow.route { order.append("asked for by the first") }
            flow.route { order.append("asked for by the first, again") }
        }
        flow.route { order.append("second") }
        clock.runUntilIdle()

        #expect(order == ["first", "asked for by the first", "asked for by the first, again", "second"])
    }
}
