import Core
import CoreTesting
import OnboardingFeature
import Testing

@MainActor
@Suite("Onboarding's pages")
struct OnboardingPageTests {
    @Test("The first page welcomes, says where it is in the tour, and offers next and skip")
    func welcome() async throws {
        try withOnboardingShown { _, window in
            #expect(window.topScreenID == "onboarding.welcome")
            #expect(
                window.visibleText == [
                    "Welcome",
                    "This short tour shows how to find your way around: the tabs, the gestures and links.",
                    "Tap next to read on, or skip to start right away.",
                    "Page 1 of 4",
                    "Next",
                    "Skip",
                ])
            #expect(window.actionIDs == ["next", "skip"])
        }
    }

    @Test("Next turns the pages in order in the tour's page container; the last offers done instead of next")
    func nextThroughThePages() async throws {
        try withOnboardingShown { _, window in
            try window.tap("next")
            #expect(window.screensOnTop.map(\.screenID) == ["navigation", "onboarding", "onboarding.tabs"])
            #expect(window.visibleText.contains("Tabs: Feed, Profile."))
            #expect(window.visibleText.contains("Tap the selected tab again to go back to its first screen."))
            #expect(window.visibleText.contains("Page 2 of 4"))
            #expect(window.actionIDs == ["next", "skip"])

            try window.tap("next")
            #expect(window.topScreenID == "onboarding.gestures")
            #expect(window.visibleText.contains("Back, or a swipe from the left edge, goes back one screen."))
            #expect(window.actionIDs == ["next", "skip"])

            try window.tap("next")
            #expect(window.topScreenID == "onboarding.links")
            #expect(window.navigationStackIDs == ["onboarding"])
            #expect(window.visibleText.contains("app://feed/post/2 opens a post."))
            #expect(window.visibleText.contains("app://profile/edit opens the edit."))
            #expect(window.visibleText.contains("Page 4 of 4"))
            #expect(window.actionIDs == ["done", "skip"])
            #expect(throws: ScreenInputError.unknownAction("next")) { try window.tap("next") }
        }
    }

    @Test("Without tabs or links to name, their pages explain the idea alone")
    func emptyTopics() async throws {
        try withOnboardingShown(topics: OnboardingTopics(tabTitles: [], links: [])) { _, window in
            try window.tap("next")
            #expect(!window.visibleText.contains { $0.hasPrefix("Tabs:") })
            try window.tap("next")
            try window.tap("next")
            #expect(
                window.topViewController?.content.elements.filter { if case .text = $0 { true } else { false } }
                    == [
                        .text(
                            "A link opens a place in the app directly; if you need to log in first, it waits for you."),
                        .text("Page 4 of 4"),
                    ])
        }
    }

    @Test("Done on the last page tells the listener the person finished, once")
    func done() async throws {
        try withOnboardingShown { parent, window in
            for _ in 1...3 { try window.tap("next") }
            #expect(try window.tap("done") == .done)
            #expect(parent.finishCount == 1)
            #expect(parent.skipCount == 0)
        }
    }

    @Test("Skip on any page tells the listener the person skipped", arguments: 0...3)
    func skip(nextTaps: Int) async throws {
        try withOnboardingShown { parent, window in
            for _ in 0..<nextTaps { try window.tap("next") }
            try window.tap("skip")
            #expect(parent.skipCount == 1)
            #expect(parent.finishCount == 0)
        }
    }

    @Test("A swipe to the previous page goes back a page, a swipe to the next forward; every page stays alive")
    func swipesTurnPages() async throws {
        try withOnboardingShown { _, window in
            try window.tap("next")
            try window.tap("next")
            try window.perform(.swipeToPreviousPage)
            #expect(window.topScreenID == "onboarding.tabs")
            try window.perform(.swipeToPreviousPage)
            #expect(window.topScreenID == "onboarding.welcome")
            #expect(throws: NavigationError.noPageToTurnTo) { try window.perform(.swipeToPreviousPage) }
            try window.perform(.swipeToNextPage)
            #expect(window.topScreenID == "onboarding.tabs")
            #expect(throws: NavigationError.nothingToGoBack) { try window.perform(.backButton) }
        }
    }

    @Test("A held swipe that is cancelled leaves the page as it was; one released past half way turns it")
    func heldSwipes() async throws {
        try withOnboardingShown { _, window in
            try window.beginGesture(.swipeToNextPage)
            try window.updateGesture(progress: 0.3)
            try window.releaseGesture()
            #expect(window.topScreenID == "onboarding.welcome")
            try window.beginGesture(.swipeToNextPage)
            try window.updateGesture(progress: 0.7)
            try window.releaseGesture()
            #expect(window.topScreenID == "onboarding.tabs")
        }
    }

    @Test("The tour needs no navigation controller: shown as the window's root, its pages turn the same")
    func withoutNavigation() async throws {
        try withOnboardingShown(placement: .withoutNavigation) { parent, window in
            #expect(try window.tap("next") == .done)
            #expect(window.topScreenID == "onboarding.tabs")
            try window.tap("skip")
            #expect(parent.skipCount == 1)
        }
    }

    @Test("The flow holds its listener weakly, and a flow the person backs out of is released")
    func listenerIsWeak() async throws {
        weak var released: OnboardingParent?
        let report = try trackingLifetimes {
            let window = Window()
            let builder = OnboardingContainer(dependency: FakeOnboardingDependency(topics: testTopics))
            let coordinator: any ViewableCoordinating
            do {
                let parent = OnboardingParent()
                released = parent
                coordinator = builder.coordinator(listener: parent)
            }
            coordinator.start()
            try window.setRootViewController(NavigationController(root: coordinator.viewControllerable))
            #expect(released == nil, "the coordinator must not keep its listener alive")
            try window.tap("next")
            try window.tap("skip")
            coordinator.stop()
        }
        #expect(report.isClean, "\(report)")
    }
}
