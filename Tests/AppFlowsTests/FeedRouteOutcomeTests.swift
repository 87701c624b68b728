import AppFlows
import AppInterface
import AppTesting
import Core
import FeedFeature
import Foundation
import Testing

/// The app routes a deep link into the feed through ``FeedCoordinating`` and learns from the call itself whether
/// it worked: a refused or failed route is a thrown error the command reports, never a message it has to find on
/// the screen.
@Suite("Deep links into the feed learn the outcome from Feed's routes")
@MainActor
struct FeedRouteOutcomeTests {
    @Test("app://feed/compose that cannot be presented fails with the reason and leaves compose detached")
    func composeThatCannotBePresented() async throws {
        let data = InMemoryData()
        let root = try data.composeLoggedIn()
        defer { root.appCoordinator.stop() }
        let tabBar = try #require(root.window.rootViewController)
        try tabBar.present(ViewController(screenID: "other.sheet"))

        let reason = NavigationError.alreadyPresenting.description
        #expect(throws: UserFacingError(description: "the compose sheet cannot be shown: \(reason)")) {
            try root.links.get().open(.feed(.compose))
        }
        #expect(root.window.presentedViewControllers.map(\.screenID) == ["other.sheet"])
        #expect(root.window.screensOnTop.allSatisfy { $0.content.errorMessage == nil }, "nothing to find on screen")
        let feed = try #require(root.appCoordinator.children.first?.children.first, "Main's Feed tab")
        #expect(feed.name == "feed")
        #expect(feed.childCount == 2, "only the two post lists: compose was not kept")
    }

    @Test("app://feed/compose twice keeps the open sheet and its draft, and succeeds")
    func composeTwice() async throws {
        let data = InMemoryData()
        let root = try data.composeLoggedIn()
        defer { root.appCoordinator.stop() }

        try root.links.get().open(.feed(.compose))
        try root.window.setText("Half a thought", forField: "text")
        try root.links.get().open(.feed(.compose))
        #expect(root.window.topViewController?.screenID == "feed.compose")
        #expect(root.window.topViewController?.content.fields.first?.displayedValue == "Half a thought")
    }

    @Test("A segment link over a draft fails from the call, naming the draft")
    func segmentOverDraft() async throws {
        let data = InMemoryData()
        let root = try data.composeLoggedIn()
        defer { root.appCoordinator.stop() }

        try root.links.get().open(.feed(.compose))
        try root.window.setText("Half a thought", forField: "text")
        #expect(
            throws: UserFacingError(description: "the compose sheet holds an unsaved draft; post or discard it first")
        ) {
            try root.links.get().open(.feed(.segment(.popular)))
        }
        #expect(root.window.topViewController?.screenID == "feed.compose")
    }
}
