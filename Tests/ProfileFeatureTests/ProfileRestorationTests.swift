import Core
import CoreTesting
import ProfileFeature
import Testing

@MainActor
@Suite("Profile's restoration")
struct ProfileRestorationTests {
    /// Profile's record after `flow` ran on a live flow.
    private func record(after flow: (Window) throws -> Void) throws -> RestorationState {
        var record: RestorationState?
        try withProfileShown { parent, window in
            try flow(window)
            record = parent.profile?.restorationState
        }
        return try #require(record)
    }

    @Test("An unsaved edit comes back pushed, with the name as typed, and still refuses the back")
    func unsavedEdit() async throws {
        let saved = try record { window in
            try window.tap("edit")
            try window.type("Grac", into: "displayName")
        }
        #expect(
            saved
                == RestorationState(
                    kind: "profile", version: 1,
                    children: [RestorationState(kind: "profile.edit", version: 1, values: ["displayName": "Grac"])]))
        try withProfileShown { parent, window in
            let profile = try #require(parent.profile)
            #expect(profile.restore(from: saved).isComplete)
            #expect(window.navigationStackIDs == ["profile", "profile.edit"])
            #expect(window.fieldValue == "Grac")
            #expect(profile.holdsUnsavedEdit)
            #expect(throws: NavigationError.backRefused) { try window.perform(.backButton) }
            #expect(profile.restorationState == saved)
        }
    }

    @Test("Without an edit the record holds nothing but its kind, and restoring it keeps Profile on its screen")
    func profileOnly() async throws {
        let saved = try record { _ in }
        #expect(saved == RestorationState(kind: "profile", version: 1))
        try withProfileShown { parent, window in
            let flow = try #require(parent.profile)
            #expect(flow.restore(from: saved).isComplete)
            #expect(window.navigationStackIDs == ["profile"])
        }
    }

    @Test("A record without the edit, restored over an open one, pops it as planned; a name not saved refuses")
    func restoringOverAnOpenEdit() async throws {
        let withoutEdit = RestorationState(kind: "profile", version: 1)
        try withProfileShown { parent, window in
            let profile = try #require(parent.profile)
            try window.tap("edit")
            try window.type("Grace", into: "displayName")

            #expect(
                profile.restore(from: withoutEdit)
                    == .nearest(
                        because: .noLongerApplies(
                            "the profile cannot return to its screen: a new display name is not saved")))
            #expect(window.navigationStackIDs == ["profile", "profile.edit"])
            #expect(window.fieldValue == "Grace")

            try window.type("Ada", into: "displayName")
            #expect(profile.restore(from: withoutEdit).isComplete)
            #expect(window.navigationStackIDs == ["profile"])
            #expect(profile.childCount == 0)
            #expect(profile.restorationState == withoutEdit)
        }
    }

    @Test("An unknown format leaves Profile on its screen and says why; a bad edit record leaves the saved name")
    func invalidRecords() async throws {
        try withProfileShown { parent, window in
            let profile = try #require(parent.profile)
            #expect(
                profile.restore(from: RestorationState(kind: "profile", version: 3))
                    == .nearest(because: .unsupportedVersion(kind: "profile", version: 3)))
            #expect(window.navigationStackIDs == ["profile"])
            let badEdit = RestorationState(
                kind: "profile", version: 1, children: [RestorationState(kind: "profile.edit", version: 1)])
            #expect(
                profile.restore(from: badEdit)
                    == .nearest(because: .missingValue(kind: "profile.edit", key: "displayName")))
            #expect(window.navigationStackIDs == ["profile", "profile.edit"])
            #expect(window.fieldValue == "Ada")
        }
    }

    @Test("An edit that cannot be pushed leaves Profile on its screen and says why")
    func withoutNavigation() async throws {
        let saved = RestorationState(
            kind: "profile", version: 1,
            children: [RestorationState(kind: "profile.edit", version: 1, values: ["displayName": "Grace"])])
        try withProfileShown(placement: .withoutNavigation) { parent, window in
            let flow = try #require(parent.profile)
            #expect(
                flow.restore(from: saved)
                    == .nearest(
                        because: .noLongerApplies(
                            "the profile edit cannot be shown: the screen is not in a navigation controller"
                        )))
            #expect(window.topScreenID == "profile")
        }
    }

    @Test("A crafted record with two edits restores the first and says the second was dropped")
    func twoEdits() async throws {
        let twoEdits = RestorationState(
            kind: "profile", version: 1,
            children: [
                RestorationState(kind: "profile.edit", version: 1, values: ["displayName": "First"]),
                RestorationState(kind: "profile.edit", version: 1, values: ["displayName": "Second"]),
            ])
        try withProfileShown { parent, window in
            let result = try #require(parent.profile).restore(from: twoEdits)
            #expect(result.problems == [.noLongerApplies("a second 'profile.edit' record was dropped")])
            #expect(window.navigationStackIDs == ["profile", "profile.edit"])
            #expect(window.topViewController?.content.fields.first?.displayedValue == "First")
        }
    }
}
