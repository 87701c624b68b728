import Core
import CoreTesting
import OnboardingFeature
import Testing

@MainActor
@Suite("Onboarding's restoration")
struct OnboardingRestorationTests {
    /// The flow's record after `flow` ran on a live flow.
    private func record(after flow: (Window) throws -> Void) throws -> RestorationState {
        var record: RestorationState?
        try withOnboardingShown { parent, window in
            try flow(window)
            record = parent.onboarding?.restorationState
        }
        return try #require(record)
    }

    @Test("The page comes back, and a swipe to the previous page still goes back a page")
    func pageComesBack() async throws {
        let saved = try record { window in
            try window.tap("next")
            try window.tap("next")
        }
        #expect(saved == RestorationState(kind: "onboarding", version: 1, values: ["page": "gestures"]))
        try withOnboardingShown { parent, window in
            let onboarding = try #require(parent.onboarding)
            #expect(onboarding.restore(from: saved).isComplete)
            #expect(window.topScreenID == "onboarding.gestures")
            #expect(onboarding.restorationState == saved)
            try window.perform(.swipeToPreviousPage)
            #expect(window.topScreenID == "onboarding.tabs")
            #expect(onboarding.restorationState?.values == ["page": "tabs"])
            try window.tap("next")
            try window.tap("next")
            try window.tap("done")
            #expect(parent.finishCount == 1)
        }
    }

    @Test("The first page's record is the first page; restoring it turns back to it")
    func firstPage() async throws {
        let saved = try record { _ in }
        #expect(saved.values == ["page": "welcome"])
        try withOnboardingShown { parent, window in
            try window.tap("next")
            try window.tap("next")
            let flow = try #require(parent.onboarding)
            #expect(flow.restore(from: saved).isComplete)
            #expect(window.topScreenID == "onboarding.welcome")
        }
    }

    @Test("An unknown page, version or kind leaves the tour where it is and says why")
    func invalidRecords() async throws {
        try withOnboardingShown { parent, window in
            let onboarding = try #require(parent.onboarding)
            try window.tap("next")
            let unknownPage = RestorationState(kind: "onboarding", version: 1, values: ["page": "intro"])
            #expect(
                onboarding.restore(from: unknownPage)
                    == .nearest(because: .invalidValue(kind: "onboarding", key: "page")))
            #expect(
                onboarding.restore(from: RestorationState(kind: "onboarding", version: 2))
                    == .nearest(because: .unsupportedVersion(kind: "onboarding", version: 2)))
            #expect(
                onboarding.restore(from: RestorationState(kind: "feed", version: 1))
                    == .nearest(because: .wrongKind(expected: "onboarding", found: "feed")))
            #expect(window.topScreenID == "onboarding.tabs", "nothing changed")
            #expect(onboarding.restore(from: RestorationState(kind: "onboarding", version: 1)).isComplete)
            #expect(window.topScreenID == "onboarding.welcome", "a record without a page is the first page")
        }
    }

    @Test("A page that cannot be turned to now (a swipe is held) leaves the tour where it is and says why")
    func whileSwiping() async throws {
        try withOnboardingShown(placement: .withoutNavigation) { parent, window in
            let saved = RestorationState(kind: "onboarding", version: 1, values: ["page": "links"])
            let flow = try #require(parent.onboarding)
            try window.beginGesture(.swipeToNextPage)
            #expect(
                flow.restore(from: saved)
                    == .nearest(
                        because: .noLongerApplies(
                            "the onboarding page 'links' cannot be shown: a transition is in progress; wait for it to end"
                        )))
            try window.releaseGesture(.cancel)
            #expect(window.topScreenID == "onboarding.welcome")
        }
    }
}
