import Core
import CoreTesting
import ProfileFeature
import Testing

@MainActor
@Suite("Profile's screen")
struct ProfileScreenTests {
    @Test("It shows the name, how many posts, edit and logout, then the posts with their likes")
    func content() async throws {
        try withProfileShown { _, window in
            #expect(window.topScreenID == "profile")
            #expect(window.topViewController?.content.title == "Profile")
            #expect(window.visibleText.prefix(5) == ["Profile", "Ada", "3 posts", "Edit", "Log out"])
            #expect(window.rowsOnTop.map(\.title) == ["Post 3", "Post 2", "Post 1"])
            #expect(window.rowsOnTop.map(\.detail) == ["0 likes", "2 likes", "1 like"])
            #expect(window.rowsOnTop.allSatisfy { $0.actionID == nil })
            #expect(window.actionIDs == ["edit", "logout"])
            #expect(window.errorMessageOnTop == nil)
        }
    }

    @Test("One post is counted as one; none shows the empty list", arguments: [(1, "1 post"), (0, "0 posts")])
    func counts(postCount: Int, text: String) async throws {
        try withProfileShown(service: FakeProfileService(postCount: postCount)) { _, window in
            #expect(window.visibleText.contains(text))
            #expect(window.rowsOnTop.count == postCount)
            if postCount == 0 { #expect(window.visibleText.contains("No posts yet.")) }
        }
    }

    @Test("Posts come a page of 20 at a time: more appends the next page and goes when there is no more")
    func paging() async throws {
        try withProfileShown(service: FakeProfileService(postCount: 45)) { _, window in
            #expect(window.rowsOnTop.count == 20)
            #expect(window.actionIDs == ["edit", "logout", "more"])
            try window.tap("more")
            #expect(window.rowsOnTop.count == 40)
            #expect(window.rowsOnTop.last?.title == "Post 6")
            try window.tap("more")
            #expect(window.rowsOnTop.count == 45)
            #expect(window.rowsOnTop.last?.title == "Post 1")
            #expect(window.actionIDs == ["edit", "logout"])
        }
    }

    @Test("A page that happens to hold the last post offers no more; coming back after the last page neither")
    func exactlyFullPage() async throws {
        try withProfileShown(service: FakeProfileService(postCount: 20)) { _, window in
            #expect(window.rowsOnTop.count == 20)
            #expect(window.actionIDs == ["edit", "logout"])
        }
        try withProfileShown(service: FakeProfileService(postCount: 25)) { _, window in
            try window.tap("more")
            try window.tap("edit")
            try window.perform(.backButton)
            #expect(window.rowsOnTop.count == 25)
            #expect(window.actionIDs == ["edit", "logout"])
        }
    }

    @Test("Coming back from the edit reads again as many posts as were shown")
    func reloadKeepsWhatWasShown() async throws {
        let service = FakeProfileService(postCount: 45)
        try withProfileShown(service: service) { _, window in
            try window.tap("more")
            try window.tap("edit")
            try window.perform(.backButton)
            #expect(window.rowsOnTop.count == 40)
            #expect(window.actionIDs == ["edit", "logout", "more"])
        }
    }

    @Test("A service that cannot answer shows why, and nothing stale; more is refused with the reason")
    func unavailable() async throws {
        let service = FakeProfileService(postCount: 45)
        try withProfileShown(service: service) { _, window in
            service.failure = .unavailable("offline")
            #expect(try window.tap("more") == .refused("Your profile is unavailable: offline"))
            #expect(window.rowsOnTop.count == 20, "what was shown stays")
            try window.tap("edit")
            try window.perform(.backButton)
            #expect(window.errorMessageOnTop == "Your profile is unavailable: offline")
            #expect(!window.visibleText.contains("Ada"))
            #expect(window.rowsOnTop.isEmpty)
            service.failure = nil
            try window.tap("edit")
            try window.perform(.backButton)
            #expect(window.errorMessageOnTop == nil)
            #expect(window.visibleText.contains("Ada"))
        }
    }

    @Test("Edit and logout come before the list however many posts it holds, so they never fall below the fold")
    func actionsBeforeTheList() async throws {
        try withProfileShown(service: FakeProfileService(postCount: 45)) { _, window in
            try window.tap("more")
            let elements = try #require(window.topViewController?.content.elements)
            let buttons = elements.indices.filter { if case .button = elements[$0] { true } else { false } }
            let list = try #require(elements.firstIndex { if case .list = $0 { true } else { false } })
            #expect(buttons.prefix(2).allSatisfy { $0 < list }, "edit and logout are drawn before the 40 rows")
            #expect(window.actionIDs.prefix(2) == ["edit", "logout"], "their numbers never move with the list")
        }
    }

    @Test("Logout asks first: its button carries the question a front end asks before logging out")
    func logOutAsksFirst() async throws {
        try withProfileShown { _, window in
            let actions = window.topViewController?.content.actions ?? []
            #expect(
                actions.first { $0.id == "logout" }?.confirmation
                    == "Log out? You need your email and password to log in again.")
            #expect(actions.filter { $0.confirmation != nil }.map(\.id) == ["logout"], "nothing else asks")
        }
    }

    @Test("Logout tells the listener, which tears Profile down")
    func logOut() async throws {
        try withProfileShown { parent, window in
            try window.tap("logout")
            #expect(parent.logOutCount == 1)
            #expect(parent.profile == nil)
            #expect(window.topScreenID == "loggedOut")
        }
    }

    @Test("The flow holds its listener weakly")
    func listenerIsWeak() async throws {
        weak var released: ProfileParent?
        let report = try trackingLifetimes {
            let window = Window()
            let builder = ProfileContainer(dependency: FakeProfileService())
            let coordinator: any ProfileCoordinating
            do {
                let parent = ProfileParent(service: FakeProfileService())
                released = parent
                coordinator = builder.coordinator(listener: parent, user: testUser)
            }
            coordinator.start()
            try window.setRootViewController(NavigationController(root: coordinator.viewControllerable))
            #expect(released == nil, "the coordinator must not keep its listener alive")
            try window.tap("edit")
            try window.type("Grace", into: "displayName")
            try window.tap("save")
            try window.tap("logout")
            coordinator.stop()
        }
        #expect(report.isClean, "\(report)")
    }
}
