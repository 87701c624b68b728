import AppData
import AppTesting
import Foundation
import Testing

@Suite("The app's entry and Main: onboarding once, then a tab bar of Feed and Profile")
@MainActor
struct MainTabTests {
    /// A post by `email` (`name`) written at `seconds` since 1970, as another process adds it.
    static func post(by email: String, _ name: String, at seconds: Double, _ text: String) -> NewPost {
        NewPost(
            id: nil, authorEmail: email, authorName: name, createdAt: Date(timeIntervalSince1970: seconds), text: text,
            likedBy: [])
    }

    /// A tab bar of Feed and Profile with `selected` selected, and the Feed tab's `badge`, if any.
    static func tabs(_ selected: String, badge: Int? = nil) -> AppState.Tabs {
        AppState.Tabs(items: ["feed", "profile"], selected: selected, badges: badge.map { ["feed": $0] } ?? [:])
    }

    @Test("A new account sees the tour; skip lands on the tab bar with Feed selected, and the tour never shows again")
    func newAccountSkipsTour() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.signUp("Nova") + "state\nnext\nstate\nskip\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 3)
        #expect(states[0].top == "onboarding.welcome" && states[0].tabs == nil && states[0].user == "Nova")
        #expect(states[0].coordinators.childNames == ["onboarding"])
        #expect(states[1].top == "onboarding.tabs")
        #expect(states[2].top == "feed.latest" && states[2].navigation == ["feed"])
        #expect(states[2].tabs == Self.tabs("feed"))
        #expect(states[2].coordinators.childNames == ["main"])
        #expect(
            states[2].coordinators.children.first?.childNames == ["feed"],
            "Profile is built the first time it is selected")
        #expect(try data.store.isOnboardingFinished(email: "nova@example.com"))
        let again = await data.run(
            AppHarness.logOut + "set email nova@example.com\nset password nova-password\nlogin\nstate\n")
        #expect(again.status == 0, "\(again.error)")
        #expect(again.lastState?.top == "feed.latest" && again.lastState?.tabs == Self.tabs("feed"))
    }

    @Test("Reading the tour to its end with done lands on the tab bar too")
    func newAccountFinishesTour() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.signUp("Tess") + "next\nnext\nnext\nstate\ndone\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.states.map(\.top) == ["onboarding.links", "feed.latest"])
        #expect(run.lastState?.tabs == Self.tabs("feed"))
    }

    @Test("The demo account, which has finished the tour, goes straight to Main")
    func demoAccountGoesToMain() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + "state\nscreen\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.top == "feed.latest" && run.lastState?.tabs == Self.tabs("feed"))
        #expect(run.output.contains("Tabs: <Feed> (tab feed)  │  Profile (tab profile)"))
    }

    @Test("A protected link waits through the log-in and the tour, saying so, and lands afterwards")
    func linkWaitsThroughOnboarding() async throws {
        let data = InMemoryData()
        let run = await data.run(
            "open app://profile/edit\nstate\nscreen\n" + AppHarness.signUp("Lou") + "state\nscreen\nskip\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 3)
        #expect(states[0].top == "login")
        #expect(run.output.contains("Log in or sign up to continue to app://profile/edit."))
        #expect(states[1].top == "onboarding.welcome")
        #expect(run.output.contains("Finish or skip the tour to continue to app://profile/edit."))
        #expect(states[2].top == "profile.edit" && states[2].navigation == ["profile", "profile.edit"])
        #expect(states[2].tabs == Self.tabs("profile"))
    }

    @Test("A link opened during the tour waits for its end; the tour is not thrown away")
    func linkDuringTourWaits() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.signUp("Ida") + "next\nopen app://feed/post/2\nstate\ndone\n")
        #expect(run.status == 1, "done is on the last page only")
        let again = await data.run("state\nnext\nnext\ndone\nstate\n")
        #expect(again.status == 0, "\(again.error)")
        #expect(again.states.first?.top == "onboarding.tabs", "the page the person was on comes back")
        #expect(again.lastState?.top == "feed.post" && again.lastState?.navigation == ["feed", "feed.post"])
        #expect(run.states.first?.top == "onboarding.tabs")
    }

    @Test("Tapping the selected tab again pops its stack to the root and releases the popped coordinators")
    func reTapPopsToRoot() async throws {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.demoLogin + "post.2\nstate\ntab profile\nstate\ntab feed\nstate\ntab feed\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 4)
        #expect(states[0].top == "feed.post" && states[0].coordinators.allNames.contains("feed.post"))
        #expect(states[1].top == "profile" && states[1].tabs == Self.tabs("profile"))
        #expect(states[1].coordinators.allNames.contains("feed.post"), "a hidden tab keeps its stack")
        #expect(states[2].top == "feed.post" && states[2].navigation == ["feed", "feed.post"])
        #expect(states[3].top == "feed.latest" && states[3].navigation == ["feed"])
        #expect(!states[3].coordinators.allNames.contains("feed.post"))
    }

    @Test("A re-tap is refused while the edit holds a change, and the screen says what to do")
    func reTapRefusedByUnsavedEdit() async throws {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.demoLogin + "tab profile\nedit\nset displayName Other\ntab profile\nstate\nscreen\n",
            arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 7: the screen refused to go back\n")
        #expect(run.lastState?.top == "profile.edit" && run.lastState?.navigation == ["profile", "profile.edit"])
        #expect(run.output.contains("Your new display name is not saved: save it, or discard it to go back."))
        #expect(run.output.contains("(discard)"))
    }

    @Test("tab is refused with a reason where no tab bar shows, for an unknown tab, and without an id")
    func tabRefusals() async throws {
        let data = InMemoryData()
        let run = await data.run(
            "tab feed\n" + AppHarness.demoLogin + "tab archive\ncompose\ntab profile\ntab\nstate\n",
            arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(
            run.error == """
                line 1: there is no tab bar on top
                line 5: no tab 'archive' on this screen (tabs: feed, profile)
                line 7: there is no tab bar on top
                line 8: usage: tab <id>

                """)
        #expect(run.lastState?.top == "feed.compose" && run.lastState?.tabs == nil)
    }

    @Test("Log-out from Profile shows Login and releases Main with every tab")
    func logOutFromProfile() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + "post.2\ntab profile\nstate\nlogout\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.states.first?.coordinators.children.first?.childNames == ["feed", "profile"])
        #expect(run.lastState?.top == "login" && run.lastState?.tabs == nil && !(run.lastState?.loggedIn ?? true))
        #expect(run.lastState?.coordinators == CoordinatorNode("AppCoordinator", [CoordinatorNode("login")]))
    }

    @Test("Links select their tab: app://feed… Feed, app://profile and app://profile/edit Profile")
    func linksSelectTabs() async throws {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.demoLogin
                + "open app://profile\nstate\nopen app://feed/popular\nstate\nopen app://profile/edit\nstate\n"
                + "open app://feed/compose\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 4)
        #expect(states[0].top == "profile" && states[0].tabs == Self.tabs("profile"))
        #expect(states[1].top == "feed.popular" && states[1].tabs == Self.tabs("feed"))
        #expect(states[2].top == "profile.edit" && states[2].tabs == Self.tabs("profile"))
        #expect(states[3].top == "feed.compose" && states[3].tabs == nil, "the sheet covers the tab bar")
    }

    @Test("A link that would throw away an unsaved edit or draft is refused and changes nothing")
    func linksNeverLoseWork() async throws {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.demoLogin
                + """
                open app://profile/edit
                set displayName Unsaved
                open app://profile
                state
                open app://feed/post/2
                state
                open app://profile/edit
                state
                open app://feed/compose
                set text half a thought
                open app://profile
                state
                """,
            arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(
            run.error == """
                line 6: your profile's edit holds a new display name that is not saved; save or discard it first
                line 14: the compose sheet holds an unsaved draft; post or discard it first

                """)
        let states = run.states
        try #require(states.count == 4)
        #expect(states[0].top == "profile.edit" && states[0].tabs == Self.tabs("profile"))
        #expect(states[1].top == "feed.post" && states[1].tabs == Self.tabs("feed"), "the edit waits in its tab")
        #expect(states[2].top == "profile.edit", "the edit is shown as it is")
        #expect(states[3].top == "feed.compose" && states[3].presented == ["feed.compose"])
    }

    @Test("Feed's badge counts posts by others since the person last looked at Latest; looking clears it")
    func feedBadge() async throws {
        let data = InMemoryData()
        let lines =
            AppHarness.demoLogin.split(separator: "\n").map(String.init) + [
                "tab profile", "state", "open app://profile", "state", "screen", "tab feed", "state",
            ]
        // The app runs at a fixed time (12:00), so the last look is moved back to 11:30, before two posts by others
        // and one by the person; the demo posts from before 11:30 are seen.
        let input = LineByLineInput(
            lines,
            beforeLine: [
                6: {
                    data.store.setLatestSeen(Date(timeIntervalSince1970: 1_767_267_000), email: "demo@example.com")
                    data.store.add([
                        Self.post(by: "ada@example.com", "Ada", at: 1_767_268_200, "one"),
                        Self.post(by: "linus@example.com", "Linus", at: 1_767_268_500, "two"),
                        Self.post(by: "demo@example.com", "Demo", at: 1_767_268_740, "mine"),
                    ])
                }
            ])
        let run = await data.run(input: input)
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 3)
        #expect(states[0].tabs == Self.tabs("profile"))
        #expect(states[1].tabs == Self.tabs("profile", badge: 2))
        #expect(run.output.contains("Feed (2) (tab feed)"))
        #expect(states[2].tabs == Self.tabs("feed"), "looking at Latest clears the badge")
    }

    @Test(
        "A restart that restores another place than Latest leaves the badge: the Latest shown while the app started was never seen",
        arguments: [
            ("tab profile\n", "profile", 2), ("popular\n", "feed", 2), ("post.4\n", "feed", 2),
            ("tab profile\ntab feed\n", "feed", nil),
        ])
    func badgeThroughARestart(place: String, tab: String, badge: Int?) async throws {
        let data = InMemoryData()
        let first = await data.run(AppHarness.demoLogin + place)
        #expect(first.status == 0, "\(first.error)")
        // Two posts by others since the person last looked at Latest, written while the app was not running.
        data.store.setLatestSeen(Date(timeIntervalSince1970: 1_767_267_000), email: "demo@example.com")
        data.store.add([
            Self.post(by: "ada@example.com", "Ada", at: 1_767_268_200, "one"),
            Self.post(by: "linus@example.com", "Linus", at: 1_767_268_500, "two"),
        ])
        let restarted = await data.run("state\n")
        #expect(restarted.status == 0, "\(restarted.error)")
        #expect(restarted.lastState?.tabs == Self.tabs(tab, badge: badge), "\(restarted.output)")
        // Opened on the profile by a link, the app never showed Latest to the person either.
        if tab == "profile" {
            let linked = await data.run("state\n", arguments: ["--no-restore", "--open", "app://profile"])
            #expect(linked.lastState?.tabs == Self.tabs("profile", badge: badge), "\(linked.output)")
        }
    }

    /// Logs the demo account in, then runs `lines`, another process changing the data with `change` just before
    /// the `beforeLine`-th of them (counted from 1).
    static func loggedIn(
        then lines: [String], changedElsewhereBefore beforeLine: Int, keepsGoing: Bool = false,
        _ change: @escaping (InMemoryDataStore) -> Void
    ) async -> AppRun {
        let data = InMemoryData()
        let login = AppHarness.demoLogin.split(separator: "\n").map(String.init)
        let input = LineByLineInput(login + lines, beforeLine: [login.count + beforeLine: { change(data.store) }])
        return await data.run(input: input, arguments: keepsGoing ? ["--keep-going"] : [])
    }

    static let loggedOutNotice = "you were logged out in another window on this data; log in again"

    @Test("Logged out by another process, the next command shows the log-in and says why, as the next start would")
    func loggedOutElsewhere() async throws {
        // Before the tap on Profile: the session is read again before a command runs, so the tap finds the log-in
        // on top, and is refused.
        let run = await Self.loggedIn(
            then: ["state", "tab profile", "state"], changedElsewhereBefore: 2, keepsGoing: true
        ) { _ = try? $0.logOut() }
        #expect(run.error.contains("line 5: there is no tab bar on top"))
        let states = run.states
        try #require(states.count == 2, "\(run.error)")
        #expect(states[0].top == "feed.latest" && states[0].user == "Demo")
        #expect(states[1].top == "login" && states[1].user == nil && states[1].tabs == nil, "\(states[1])")
        #expect(states[1].coordinators.childNames == ["login"], "Main and its tabs released")
        #expect(run.error.contains(Self.loggedOutNotice))
    }

    @Test("Logged out elsewhere while a swipe is held: the window follows once the release ends it, not before")
    func loggedOutElsewhereDuringASwipe() async throws {
        // Before the `state` taken while the swipe is held.
        let run = await Self.loggedIn(
            then: ["open app://feed/post/1", "swipe back 0.5", "state", "release", "state"], changedElsewhereBefore: 3
        ) { _ = try? $0.logOut() }
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 2)
        #expect(states[0].user == "Demo" && states[0].top == "feed.post", "held: nothing torn down under the gesture")
        #expect(states[1].top == "login" && states[1].user == nil, "\(states[1])")
        #expect(states[1].coordinators.childNames == ["login"])
        #expect(run.error.contains(Self.loggedOutNotice))
    }

    @Test("Logged out elsewhere with a draft in compose: the notice says the draft is gone with the flow")
    func loggedOutElsewhereWithADraft() async throws {
        let run = await Self.loggedIn(
            then: ["open app://feed/compose", "set text Half written", "state"], changedElsewhereBefore: 3
        ) { _ = try? $0.logOut() }
        #expect(run.states.last?.top == "login")
        #expect(run.error.contains(Self.loggedOutNotice + "; the draft in compose is gone with it"))
    }

    @Test("Another account signed up by another process: the next command shows that account's flow, saying so")
    func loggedInElsewhere() async throws {
        // Before the second `state`, which then shows the other account.
        let run = await Self.loggedIn(then: ["state", "state"], changedElsewhereBefore: 2) {
            _ = try? $0.register(email: "nova@example.com", password: "nova-password", displayName: "Nova")
        }
        let states = run.states
        try #require(states.count == 2)
        #expect(states[0].user == "Demo")
        #expect(states[1].user == "Nova" && states[1].top == "onboarding.welcome", "\(states[1])")
        #expect(run.error.contains("Nova logged in in another window on this data; this one follows"))
    }

    /// Logs in, runs `first` (the segment read), then another process posts twice ("Written elsewhere", "Also
    /// elsewhere") while the person reads it; then `state`, a tap on the Feed tab, `state` and `screen`.
    static func feedTappedAgain(after first: String) async -> AppRun {
        let data = InMemoryData()
        let lines =
            AppHarness.demoLogin.split(separator: "\n").map(String.init) + [
                first, "state", "tab feed", "state", "screen",
            ]
        let postsElsewhere = {
            data.store.setLatestSeen(Date(timeIntervalSince1970: 1_767_267_000), email: "demo@example.com")
            data.store.add([
                post(by: "ada@example.com", "Ada", at: 1_767_268_200, "Written elsewhere"),
                post(by: "linus@example.com", "Linus", at: 1_767_268_500, "Also elsewhere"),
            ])
        }
        return await data.run(input: LineByLineInput(lines, beforeLine: [5: postsElsewhere]))
    }

    @Test("On Latest, posts by others from another process wait under the badge; Feed tapped again shows them")
    func feedTappedAgainShowsNewPosts() async throws {
        let run = await Self.feedTappedAgain(after: "screen")
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 2)
        #expect(states[0].top == "feed.latest" && states[0].tabs == Self.tabs("feed", badge: 2))
        #expect(states[1].top == "feed.latest" && states[1].tabs == Self.tabs("feed"), "looked at: the badge clears")
        let screens = run.output.components(separatedBy: "Feed\n====")
        try #require(screens.count == 3)
        #expect(!screens[1].contains("Written elsewhere"), "the list read stays as it was under the badge")
        #expect(screens[2].contains("Also elsewhere") && screens[2].contains("Written elsewhere"))
    }

    @Test("On Popular, Feed tapped again switches to Latest, read again with the badge's posts, and clears the badge")
    func feedTappedAgainOnPopularShowsLatest() async throws {
        let run = await Self.feedTappedAgain(after: "popular")
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 2)
        #expect(states[0].top == "feed.popular" && states[0].tabs == Self.tabs("feed", badge: 2))
        #expect(states[1].top == "feed.latest", "the re-tap switches Popular to Latest")
        #expect(states[1].tabs == Self.tabs("feed"), "looked at: the badge clears")
        let screens = run.output.components(separatedBy: "Feed\n====")
        #expect(screens.last?.contains("Also elsewhere") == true && screens.last?.contains("Written elsewhere") == true)
    }

    @Test("On Profile, posts by others from another process show in the badge at the next command, even state")
    func feedBadgeIsReadAtEveryCommand() async throws {
        let data = InMemoryData()
        let lines = AppHarness.demoLogin.split(separator: "\n").map(String.init) + ["tab profile", "state", "screen"]
        let input = LineByLineInput(
            lines,
            beforeLine: [
                // Between `tab profile` and `state`, another process posts twice; between `state` and `screen`,
                // once more. Neither command changes anything in this process.
                5: {
                    data.store.setLatestSeen(Date(timeIntervalSince1970: 1_767_267_000), email: "demo@example.com")
                    data.store.add([
                        Self.post(by: "ada@example.com", "Ada", at: 1_767_268_200, "one"),
                        Self.post(by: "linus@example.com", "Linus", at: 1_767_268_500, "two"),
                    ])
                },
                6: { data.store.add([Self.post(by: "ada@example.com", "Ada", at: 1_767_268_600, "three")]) },
            ])
        let run = await data.run(input: input)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.top == "profile")
        #expect(run.lastState?.tabs == Self.tabs("profile", badge: 2))
        #expect(run.output.contains("Feed (3) (tab feed)"), "\(run.output)")
    }

    @Test("Done when: sign up, skip, tabs, a link into Feed, re-tap, an edit refusing the back, and a restart")
    func doneWhenScript() async throws {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.signUp("Dana")
                + """
                state
                skip
                state
                tab profile
                open app://feed/post/2
                state
                tab profile
                tab feed
                state
                tab feed
                state
                open app://profile/edit
                set displayName Changed
                back
                """)
        #expect(run.status == 1)
        #expect(run.error == "line 22: the screen refused to go back\n")
        let states = run.states
        try #require(states.count == 5)
        #expect(states[0].top?.hasPrefix("onboarding.") == true)
        #expect(states[1].tabs == Self.tabs("feed") && states[1].top == "feed.latest")
        #expect(states[2].tabs == Self.tabs("feed") && states[2].top == "feed.post")
        #expect(
            states[3].top == "feed.post" && states[3].navigation == ["feed", "feed.post"], "the post is still there")
        #expect(states[4].top == "feed.latest" && states[4].navigation == ["feed"])
        #expect(!states[4].coordinators.allNames.contains("feed.post"), "the post's coordinator released")

        let restarted = await data.run("state\n")
        #expect(restarted.status == 0, "\(restarted.error)")
        #expect(restarted.lastState?.tabs == Self.tabs("profile"))
        #expect(restarted.lastState?.top == "profile.edit")
        #expect(restarted.lastState?.navigation == ["profile", "profile.edit"])
        #expect(try data.store.summary(email: "dana@example.com")?.displayName == "Dana")
    }

    @Test("A restart brings back the selected tab, each tab's stack, the unsaved edit and the tour's page")
    func restorationOfMain() async throws {
        let data = InMemoryData()
        let first = await data.run(
            AppHarness.demoLogin + "post.3\ntab profile\nedit\nset displayName Half typed\ntab feed\n")
        #expect(first.status == 0, "\(first.error)")
        let restarted = await data.run("state\ntab profile\nstate\nscreen\n")
        #expect(restarted.status == 0, "\(restarted.error)")
        #expect(restarted.states.first?.top == "feed.post" && restarted.states.first?.tabs == Self.tabs("feed"))
        #expect(restarted.lastState?.top == "profile.edit")
        #expect(restarted.output.contains("Display name (set displayName): Half typed"))

        let tour = InMemoryData()
        let half = await tour.run(AppHarness.signUp("Page") + "next\nnext\n")
        #expect(half.status == 0, "\(half.error)")
        let back = await tour.run("state\npage previous\nstate\n")
        #expect(back.states.map(\.top) == ["onboarding.gestures", "onboarding.tabs"])
    }

    @Test("A rename in Profile shows on the person's posts in Feed, and on the next post")
    func renameShowsOnPosts() async throws {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.demoLogin
                + "tab profile\nedit\nset displayName Renamed\nsave\nstate\ntab feed\ncompose\nset text after\npost\nscreen\n"
        )
        #expect(run.status == 0, "\(run.error)")
        #expect(run.states.first?.user == "Renamed")
        #expect(run.output.contains("Renamed · just now · 0 likes (post.5)"))
        #expect(run.output.contains("Renamed · 2m · 0 likes (post.4)"))
        #expect(!run.output.contains("Demo · 2m"))
    }
}
