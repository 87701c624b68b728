import Core
import CoreTesting
import ProfileFeature
import Testing

@MainActor
@Suite("Profile's routes")
struct ProfileRouteTests {
    @Test("The route to the edit pushes the edit; again, it keeps it with the person's change")
    func showEdit() async throws {
        try withProfileShown { parent, window in
            let profile = try #require(parent.profile)
            try profile.show(.edit)
            #expect(window.navigationStackIDs == ["profile", "profile.edit"])
            try window.type("Grace", into: "displayName")
            try profile.show(.edit)
            #expect(window.navigationStackIDs == ["profile", "profile.edit"])
            #expect(window.fieldValue == "Grace")
            #expect(profile.childCount == 1)
        }
    }

    @Test("The route to profile pops an edit without a change; with one it throws and changes nothing")
    func showProfile() async throws {
        try withProfileShown { parent, window in
            let profile = try #require(parent.profile)
            try profile.show(.profile)
            #expect(window.navigationStackIDs == ["profile"], "nothing to pop")
            try profile.show(.edit)
            try window.type("Grace", into: "displayName")
            #expect(profile.holdsUnsavedEdit)
            #expect(throws: ProfileRouteError.editInProgress) { try profile.show(.profile) }
            #expect(window.navigationStackIDs == ["profile", "profile.edit"])
            #expect(window.fieldValue == "Grace")
            #expect(window.errorMessageOnTop == nil, "a route shows no error; its caller reports it")
            try window.type("Ada", into: "displayName")
            try profile.show(.profile)
            #expect(window.navigationStackIDs == ["profile"])
            #expect(profile.childCount == 0)
        }
    }

    @Test("Planned from where Profile is: the route to the edit pops a screen pushed over it; to profile, both go")
    func screenPushedOverTheEdit() async throws {
        try withProfileShown { parent, window in
            let profile = try #require(parent.profile)
            try profile.show(.edit)
            weak let edit = profile.children.first
            try window.topViewController?.push(ViewController(screenID: "parent.screen"))

            try profile.show(.edit)

            #expect(window.navigationStackIDs == ["profile", "profile.edit"])
            #expect(edit != nil && profile.children.first === edit, "the edit already open stays")
            try window.topViewController?.push(ViewController(screenID: "parent.screen"))
            try profile.show(.profile)
            #expect(window.navigationStackIDs == ["profile"])
            #expect(profile.childCount == 0)
            #expect(edit == nil)
        }
    }

    @Test("Where the edit cannot be pushed, the route to the edit throws and attaches nothing; a tap shows why")
    func withoutNavigation() async throws {
        try withProfileShown(placement: .withoutNavigation) { parent, window in
            let profile = try #require(parent.profile)
            #expect(throws: ProfileRouteError.unavailable("the screen is not in a navigation controller")) {
                try profile.show(.edit)
            }
            #expect(profile.childCount == 0)
            let message = "The edit cannot be shown: the screen is not in a navigation controller"
            #expect(try window.tap("edit") == .refused(message))
            #expect(window.errorMessageOnTop == message)
            #expect(window.topScreenID == "profile")
        }
    }

    @Test("When the saved name cannot be read, the route to the edit throws the reason and a tap shows it")
    func nameUnreadable() async throws {
        let service = FakeProfileService()
        service.failure = .unavailable("offline")
        try withProfileShown(service: service) { parent, window in
            let profile = try #require(parent.profile)
            #expect(throws: ProfileRouteError.unavailable("offline")) { try profile.show(.edit) }
            #expect(try window.tap("edit") == .refused("The edit cannot be shown: offline"))
            #expect(window.navigationStackIDs == ["profile"])
        }
    }
}
