import Core
import CoreTesting
import ProfileFeature
import Testing

@MainActor
@Suite("Profile's edit")
struct ProfileEditTests {
    @Test("Edit pushes profile.edit with the saved name in displayName, save and cancel")
    func showsEdit() async throws {
        try withProfileShown { parent, window in
            try window.tap("edit")
            #expect(window.navigationStackIDs == ["profile", "profile.edit"])
            #expect(window.topViewController?.content.title == "Edit profile")
            #expect(window.topViewController?.content.fields.map(\.id) == ["displayName"])
            #expect(window.fieldValue == "Ada")
            #expect(window.actionIDs == ["save", "cancel"])
            #expect(parent.profile?.holdsUnsavedEdit == false)
        }
    }

    @Test("Save stores the trimmed name, goes back, shows it and tells the listener; the edit is released")
    func save() async throws {
        let service = FakeProfileService()
        try withProfileShown(service: service) { parent, window in
            try window.tap("edit")
            weak let edit = parent.profile?.children.first
            try window.type("  Grace Hopper ", into: "displayName")
            #expect(parent.profile?.holdsUnsavedEdit == true)
            #expect(try window.tap("save") == .done)
            #expect(service.renames == ["Grace Hopper"])
            #expect(parent.renames == ["Grace Hopper"])
            #expect(window.navigationStackIDs == ["profile"])
            #expect(window.visibleText.contains("Grace Hopper"))
            #expect(edit == nil)
            #expect(parent.profile?.childCount == 0)
            #expect(parent.profile?.holdsUnsavedEdit == false)
        }
    }

    @Test(
        "A name InputRules refuses is refused with its message, and the edit stays with it",
        arguments: [
            ("   ", "Enter a display name."),
            (
                "Ada\u{200B}",
                "Use only visible characters in your display name (no control, zero-width or direction characters)."
            ),
        ])
    func invalidName(name: String, message: String) throws {
        let service = FakeProfileService()
        try withProfileShown(service: service) { parent, window in
            try window.tap("edit")
            try window.type(name, into: "displayName")
            #expect(try window.tap("save") == .refused(message))
            #expect(window.errorMessageOnTop == message)
            #expect(window.topScreenID == "profile.edit")
            #expect(window.fieldValue == name)
            #expect(service.renames.isEmpty)
            #expect(parent.renames.isEmpty)
        }
    }

    @Test("The refusal of a name goes once the name is edited, and stays while it is not")
    func refusalGoesWhenEdited() throws {
        try withProfileShown { _, window in
            try window.tap("edit")
            try window.type("   ", into: "displayName")
            #expect(try window.tap("save") == .refused("Enter a display name."))
            try window.type("   ", into: "displayName")
            #expect(window.errorMessageOnTop == "Enter a display name.", "the same name typed again: still refused")
            try window.type("Temp", into: "displayName")
            #expect(window.errorMessageOnTop == nil)
        }
    }

    @Test("Saving the saved name, even with spaces around it, goes back without renaming")
    func saveUnchanged() async throws {
        let service = FakeProfileService()
        try withProfileShown(service: service) { parent, window in
            try window.tap("edit")
            try window.type(" Ada ", into: "displayName")
            try window.tap("save")
            #expect(window.navigationStackIDs == ["profile"])
            #expect(service.renames.isEmpty)
            #expect(parent.renames.isEmpty)
        }
    }

    @Test("A saved name longer than the limit (stored before it) saves as it is; a new one that long is refused")
    func longSavedName() async throws {
        let long = String(repeating: "L", count: 60)
        let service = FakeProfileService(displayName: long)
        try withProfileShown(service: service) { parent, window in
            try window.tap("edit")
            #expect(window.fieldValue == long)
            try window.tap("save")
            #expect(window.navigationStackIDs == ["profile"], "the saved name goes back, unrefused")
            #expect(service.renames.isEmpty)
            try window.tap("edit")
            try window.type(long + "!", into: "displayName")
            try window.tap("save")
            #expect(window.navigationStackIDs == ["profile", "profile.edit"])
            #expect(
                window.topViewController?.content.errorMessage
                    == "A display name can have at most 50 characters; this one has 61.")
            #expect(service.renames.isEmpty)
        }
    }

    @Test("A rename the service refuses keeps the edit open with the name and the reason")
    func saveFailure() async throws {
        let service = FakeProfileService()
        try withProfileShown(service: service) { parent, window in
            try window.tap("edit")
            try window.type("Grace", into: "displayName")
            service.failure = .unavailable("offline")
            #expect(try window.tap("save") == .refused("Your profile is unavailable: offline"))
            #expect(window.topScreenID == "profile.edit")
            #expect(window.fieldValue == "Grace")
            #expect(parent.renames.isEmpty)
        }
    }

    @Test("Cancel without a change goes back at once and releases the edit")
    func cancelUnchanged() async throws {
        try withProfileShown { parent, window in
            try window.tap("edit")
            weak let edit = parent.profile?.children.first
            try window.tap("cancel")
            #expect(window.navigationStackIDs == ["profile"])
            #expect(edit == nil)
        }
    }

    @Test("Cancel with a change asks first and offers discard; discard goes back without renaming")
    func cancelWithChange() async throws {
        let service = FakeProfileService()
        try withProfileShown(service: service) { parent, window in
            try window.tap("edit")
            weak let edit = parent.profile?.children.first
            try window.type("Grace", into: "displayName")
            try window.tap("cancel")
            #expect(window.topScreenID == "profile.edit")
            #expect(window.visibleText.contains("Discard your new display name?"))
            #expect(window.actionIDs == ["save", "cancel", "discard"])
            #expect(window.fieldValue == "Grace")

            try window.tap("discard")
            #expect(window.navigationStackIDs == ["profile"])
            #expect(edit == nil)
            #expect(service.renames.isEmpty)
            #expect(window.visibleText.contains("Ada"))
        }
    }

    @Test(
        "With a change, the person's back and swipe back are refused; the screen says what to do and offers discard",
        arguments: [UserGesture.backButton, .swipeBack])
    func backRefused(gesture: UserGesture) async throws {
        try withProfileShown { parent, window in
            try window.tap("edit")
            try window.type("Grace", into: "displayName")
            #expect(!window.actionIDs.contains("discard"))

            #expect(throws: NavigationError.backRefused) { try window.perform(gesture) }
            #expect(window.navigationStackIDs == ["profile", "profile.edit"])
            #expect(
                window.visibleText.contains("Your new display name is not saved: save it, or discard it to go back."))
            #expect(window.actionIDs == ["save", "cancel", "discard"])
            #expect(parent.profile?.childCount == 1)

            try window.tap("discard")
            #expect(window.navigationStackIDs == ["profile"])
            #expect(parent.profile?.childCount == 0)
        }
    }

    @Test("Typing the saved name back takes the change away: the notice goes and back works again")
    func changeUndone() async throws {
        try withProfileShown { parent, window in
            try window.tap("edit")
            weak let edit = parent.profile?.children.first
            try window.type("Grace", into: "displayName")
            #expect(throws: NavigationError.backRefused) { try window.perform(.swipeBack) }
            try window.type("Ada", into: "displayName")
            #expect(window.actionIDs == ["save", "cancel"])
            try window.perform(.swipeBack)
            #expect(window.navigationStackIDs == ["profile"])
            #expect(edit == nil, "the runtime detaches the edit the person went back from")
            #expect(parent.profile?.childCount == 0)
            try window.tap("edit")
            #expect(window.fieldValue == "Ada", "a fresh edit")
        }
    }

    @Test("An edit that cannot be closed stays with the reason; a saved name is still saved and reported")
    func closeFails() async throws {
        let service = FakeProfileService()
        try withProfileShown(service: service) { parent, window in
            try window.tap("edit")
            try window.type("Grace", into: "displayName")
            let navigation = try #require(window.rootViewController as? NavigationController)
            let edit = try #require(navigation.topViewController)
            try navigation.setStack([edit])
            let message = "This cannot be shown: the screen is not in a navigation controller"
            #expect(try window.tap("save") == .refused(message))
            #expect(window.topScreenID == "profile.edit")
            #expect(service.renames == ["Grace"])
            #expect(parent.renames == ["Grace"])
            #expect(window.fieldValue == "Grace")
            #expect(parent.profile?.holdsUnsavedEdit == false, "the name is saved")
            #expect(try window.tap("cancel") == .refused(message), "the saved name is no change to ask about")
        }
    }
}
