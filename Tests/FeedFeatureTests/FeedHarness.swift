import Core
import CoreTesting
import FeedFeature
import Testing

/// Runs `flow` with a started parent that already shows the feed (its
/// window's transitions on `transitions`), then stops the parent and expects
/// every coordinator and screen the flow created to be released.
@MainActor
func withFeedShown(
    service: FakePostService = FakePostService(posts: FeedFixtures.posts, now: FeedFixtures.now),
    clock: FakeClock = FakeClock(now: FeedFixtures.now),
    placement: FeedParent.Placement = .rootOfNavigation,
    transitions: TransitionClock = .immediate,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ flow: (FeedParent, Window) throws -> Void
) throws {
    let report = try trackingLifetimes {
        let parent = FeedParent(
            dependency: FakeFeedDependency(posts: service, clock: clock), transitions: transitions)
        parent.start()
        try parent.showFeed(for: FeedFixtures.user, placement)
        try flow(parent, parent.window)
        parent.stop()
    }
    #expect(report.isClean, "\(report)", sourceLocation: sourceLocation)
}

extension Window {
    /// The ids of the screens on screen, outermost first.
    var visibleIDs: [String] { visibleViewControllers.map(\.screenID) }

    /// The ids of the window's root navigation stack, whatever is presented over it.
    var rootStackIDs: [String] {
        (rootViewController as? NavigationController)?.viewControllers.map(\.screenID) ?? []
    }

    /// The error message of the screen `screenID` on top, if any.
    func errorMessage(of screenID: String) -> String? {
        screensOnTop.first { $0.screenID == screenID }?.content.errorMessage
    }

    /// The selected segment of the `feed` screen.
    var selectedSegmentID: String? {
        for content in contentOnTop {
            for case .segmentedControl(let control) in content.elements { return control.selectedID }
        }
        return nil
    }
}
