import AppTesting
import Testing

@Suite("End-to-end flows through the app's entry point")
@MainActor
struct FlowTests {
    @Test("Sign up, skip the tour, see the feed, compose, log out from Profile, and log in again with the new account")
    func signUpComposeLogOutAndLogIn() async throws {
        let data = InMemoryData()
        let run = await data.run(
            """
            signup
            set email new@example.com
            next
            set password secret-pass-1
            set confirmation secret-pass-1
            next
            set displayName Newcomer
            create
            skip
            state
            compose
            set text Hello from a newcomer
            state
            post
            state
            open app://feed/post/5
            state
            back
            tab profile
            logout
            state
            set email new@example.com
            set password secret-pass-1
            login
            state
            """)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.isEmpty)
        let states = run.states
        try #require(states.count == 6)
        #expect(states[0].loggedIn && states[0].user == "Newcomer" && states[0].top == "feed.latest")
        #expect(states[0].coordinators.childNames == ["main"])
        #expect(states[0].tabs == AppState.Tabs(items: ["feed", "profile"], selected: "feed"))
        #expect(states[1].top == "feed.compose" && states[1].presented == ["feed.compose"])
        #expect(states[2].top == "feed.latest" && states[2].presented.isEmpty)
        #expect(states[3].top == "feed.post" && states[3].navigation == ["feed", "feed.post"])
        #expect(!states[4].loggedIn && states[4].user == nil && states[4].top == "login")
        #expect(states[4].coordinators == CoordinatorNode("AppCoordinator", [CoordinatorNode("login")]))
        #expect(states[4].tabs == nil)
        #expect(
            states[5].loggedIn && states[5].user == "Newcomer" && states[5].top == "feed.latest",
            "the tour is shown once per account")
    }

    @Test("A new post is at the top of Latest, by its author")
    func newPostIsOnTopOfLatest() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + "compose\nset text Fresh news\npost\nscreen\n")
        #expect(run.status == 0, "\(run.error)")
        let firstRow = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("[4]") })
        #expect(firstRow == "[4] Demo · just now · 0 likes (post.5)")
        #expect(run.output.contains("      Fresh news"))
    }

    @Test("The user's back gesture mid sign-up pops one step, keeps the draft, and releases the step")
    func backGestureMidSignUp() async throws {
        let data = InMemoryData()
        let run = await data.run(
            """
            signup
            set email typed@example.com
            next
            state
            back
            state
            screen
            back
            state
            """)
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 3)
        #expect(states[0].top == "signup.password")
        #expect(states[0].navigation == ["login", "signup.email", "signup.password"])
        #expect(states[0].coordinators.allNames.contains("SignUpStepCoordinator(password)"))
        #expect(states[1].top == "signup.email" && states[1].navigation == ["login", "signup.email"])
        #expect(!states[1].coordinators.allNames.contains("SignUpStepCoordinator(password)"))
        #expect(run.output.contains("Email (set email): typed@example.com"))
        #expect(states[2].top == "login" && states[2].navigation == ["login"])
        #expect(states[2].coordinators == CoordinatorNode("AppCoordinator", [CoordinatorNode("login")]))
    }

    @Test("Swiping compose down closes it; with a draft the swipe is refused and Discard is offered")
    func swipeDownCompose() async throws {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.demoLogin
                + """
                compose
                dismiss
                state
                compose
                set text unfinished thought
                dismiss
                back
                swipe down 0.7
                state
                discard
                state
                """,
            arguments: ["--keep-going"])
        #expect(run.status == 1)
        // Both refusals say how the sheet does close; neither points at the other.
        let closes = "this sheet holds unsaved input, so it stays until its own action closes it"
        #expect(
            run.error
                == "line 9: the sheet refused to be dismissed; \(closes)\n"
                + "line 10: there is nothing to go back to; \(closes)\n"
                + "line 11: the sheet refused to be dismissed; \(closes)\n")
        let states = run.states
        try #require(states.count == 3)
        #expect(states[0].top == "feed.latest" && states[0].presented.isEmpty)
        #expect(states[0].coordinators.allNames.filter { $0 == "feed.compose" }.isEmpty)
        #expect(states[1].top == "feed.compose" && states[1].presented == ["feed.compose"])
        #expect(states[2].presented.isEmpty && !states[2].coordinators.allNames.contains("feed.compose"))
    }

    @Test("Actions can be performed by their number on the drawn screen")
    func actionByNumber() async throws {
        let data = InMemoryData()
        // On the feed: 1 Latest, 2 Popular, 3 New post, then the rows.
        let run = await data.run(AppHarness.demoLogin + "2\nstate\n4\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.states.map(\.top) == ["feed.popular", "feed.post"])
    }

    @Test("Liking a post from its detail updates its count")
    func likeAPost() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + "post.1\nlike\nscreen\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("3 likes"))
        #expect(run.output.contains("[1] Unlike (unlike)"))
    }

    @Test("quit ends the session at once with exit code 0")
    func quitStops() async throws {
        let data = InMemoryData()
        let run = await data.run("state\nquit\nstate\n")
        #expect(run.status == 0)
        #expect(run.states.count == 1)
    }
}
