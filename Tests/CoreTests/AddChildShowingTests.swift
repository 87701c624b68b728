import Core
import CoreTesting
import Testing

@MainActor
@Suite("Attaching a child and showing its screen as one step")
struct AddChildShowingTests {
    @Test("The child is attached, started and shown the way the parent chooses")
    func attachesAndShows() throws {
        let (window, navigation) = try makeNavigationWindow()
        let parent = FlowCoordinator("parent")
        parent.start()
        let child = ScreenCoordinator("child")

        try parent.addChild(child) { try navigation.push($0) }

        #expect(parent.children.map(\.name) == ["child"])
        #expect(child.isStarted)
        #expect(window.topScreenID == "child")
    }

    @Test("When showing fails, the child is detached, stopped and released, and the error is rethrown")
    func rollsBackWhenShowingFails() throws {
        let parent = FlowCoordinator("parent")
        parent.start()
        weak var released: ScreenCoordinator?
        let stranger = TestScreen(screenID: "no navigation around me")

        #expect(throws: RoutingError.navigation(.noNavigationController)) {
            let child = ScreenCoordinator("child")
            released = child
            try parent.addChild(child) { try stranger.push($0) }
        }

        #expect(parent.children.isEmpty)
        #expect(released == nil)
    }

    @Test("When attaching is refused, the screen is not shown")
    func refusedAttachShowsNothing() throws {
        let (window, navigation) = try makeNavigationWindow()
        let parent = FlowCoordinator("parent")
        let other = FlowCoordinator("other")
        parent.start()
        other.start()
        let child = ScreenCoordinator("child")
        try other.addChild(child)
        var showCalls = 0

        #expect(throws: RoutingError.coordinator(.attachedToAnotherParent)) {
            try parent.addChild(child) { screen in
                showCalls += 1
                try navigation.push(screen)
            }
        }

        #expect(showCalls == 0)
        #expect(window.topScreenID == "root")
        #expect(child.parent === other)
    }
}
