import AppFlows
import AppInterface
import AppTesting
import Foundation
import Testing

@Suite("Deep links")
@MainActor
struct DeepLinkRoutingTests {
    @Test("A protected link while logged out shows Login, then continues to the post after log-in")
    func protectedLinkWhileLoggedOut() async throws {
        let data = InMemoryData()
        let run = await data.run("open app://feed/post/2\nstate\n" + AppHarness.demoLogin + "state\n")
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 2)
        #expect(!states[0].loggedIn && states[0].top == "login")
        #expect(states[1].loggedIn && states[1].top == "feed.post" && states[1].navigation == ["feed", "feed.post"])
        #expect(states[1].coordinators.allNames.contains("feed.post"))
    }

    @Test("A link is not failed by an error the login screen showed before it")
    func linkAfterFailedLogin() async throws {
        let data = InMemoryData()
        let run = await data.run(
            "set email demo@example.com\nset password nope\nlogin\nopen app://feed/post/2\nset password demo-password\n"
                + "login\nstate\n",
            arguments: ["--keep-going"])
        #expect(run.error == "line 3: Wrong email or password.\n")
        #expect(run.lastState?.top == "feed.post")
    }

    @Test("--open at launch routes like the open command, and continues after log-in")
    func openAtLaunch() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + "state\n", arguments: ["--open", "app://feed/compose"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.top == "feed.compose")
        #expect(run.lastState?.presented == ["feed.compose"])
    }

    @Test("A bad --open link stops the app at launch with exit code 1")
    func badOpenAtLaunch() async throws {
        let data = InMemoryData()
        let run = await data.run("state\n", arguments: ["--open", "app://nowhere"])
        #expect(run.status == 1)
        #expect(run.error == "app: --open: unknown link 'app://nowhere'\n")
        #expect(run.output.isEmpty)
    }

    @Test("While a link waits for a log-in, the screen says where the log-in continues; not after it")
    func pendingLinkHint() async throws {
        let data = InMemoryData()
        let run = await data.run("screen\nopen app://feed/post/2\nscreen\n" + AppHarness.demoLogin + "screen\n")
        #expect(run.status == 0, "\(run.error)")
        let hint = "Log in or sign up to continue to app://feed/post/2.\n"
        #expect(run.output.components(separatedBy: hint).count == 2, "drawn once: not before the link, not after")
        #expect(run.output.contains(hint + "Log in\n======\n"), "drawn above the login screen")
        #expect(
            run.output.hasSuffix("[1] Unlike (unlike)\nTabs: <Feed> (tab feed)  │  Profile (tab profile)\n"),
            "the log-in continued to the post, in the Feed tab")
    }

    @Test("A protected link after signing up from a link continues to its target")
    func linkContinuesAfterSignUp() async throws {
        let data = InMemoryData()
        let run = await data.run(
            """
            open app://feed/popular
            signup
            set email late@example.com
            next
            set password long-enough
            set confirmation long-enough
            next
            set displayName Late
            create
            skip
            state
            """)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.top == "feed.popular" && run.lastState?.user == "Late")
    }

    @Test("app://signup presents sign-up full screen over Login in signup.navigation; cancel releases it")
    func signUpFullScreenThenCancel() async throws {
        let data = InMemoryData()
        let run = await data.run("open app://signup\nstate\ntree\ncancel\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 2)
        #expect(states[0].top == "signup.email")
        #expect(states[0].presented == ["signup.navigation"])
        #expect(states[0].navigation == ["signup.email"])
        #expect(states[0].coordinators.childNames == ["login", "SignUpStepCoordinator(email)"])
        #expect(run.output.contains("presents (fullScreen):"))
        #expect(states[1].top == "login" && states[1].presented.isEmpty)
        #expect(states[1].coordinators == CoordinatorNode("AppCoordinator", [CoordinatorNode("login")]))
    }

    @Test("A full-screen sign-up cannot be swiped down, and the refusal says how to close it, as the back's does")
    func fullScreenRefusesSwipeDown() async throws {
        let data = InMemoryData()
        let run = await data.run("open app://signup\ndismiss\n")
        #expect(run.status == 1)
        #expect(
            run.error
                == "line 2: only a sheet can be swiped down; this screen is presented full screen: use its own action "
                + "to close it\n")
    }

    @Test("Finishing a full-screen sign-up logs in and shows the tour, then the feed")
    func signUpFullScreenFinishes() async throws {
        let data = InMemoryData()
        let run = await data.run(
            """
            open app://signup
            set email linked@example.com
            next
            set password long-enough
            set confirmation long-enough
            next
            set displayName Linked
            create
            state
            skip
            state
            """)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.states.first?.top == "onboarding.welcome" && run.states.first?.presented == [])
        #expect(run.lastState?.top == "feed.latest" && run.lastState?.presented == [])
        #expect(run.lastState?.coordinators.childNames == ["main"])
    }

    @Test("A post link dismisses compose and pops a shown post first")
    func postLinkClosesWhatIsInTheWay() async throws {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.demoLogin + "post.1\nopen app://feed/compose\nstate\nopen app://feed/post/3\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        let states = run.states
        try #require(states.count == 2)
        #expect(
            states[0].top == "feed.compose" && states[0].navigation == [] && states[0].presented == ["feed.compose"])
        #expect(states[1].top == "feed.post" && states[1].navigation == ["feed", "feed.post"])
        #expect(states[1].presented.isEmpty)
        #expect(run.output.isEmpty == false)
    }

    @Test(
        "A link that would close compose while it holds a draft fails, naming the draft, and changes nothing",
        arguments: ["app://feed/post/1", "app://feed", "app://feed/popular"]
    )
    func linkRefusedOverDraft(link: String) async throws {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.demoLogin + "compose\nset text Half a thought\nstate\nopen \(link)\nstate\npost\nstate\n",
            arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 7: the compose sheet holds an unsaved draft; post or discard it first\n")
        let states = run.states
        try #require(states.count == 3)
        #expect(states[0] == states[1])
        #expect(states[1].top == "feed.compose")
        #expect(states[2].top == "feed.latest", "the draft was kept, so it could still be posted")
    }

    @Test("Without --keep-going, a link refused over a draft stops the script with exit code 1")
    func linkRefusedOverDraftStops() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + "compose\nset text Draft\nopen app://feed/post/1\nstate\n")
        #expect(run.status == 1)
        #expect(run.error == "line 6: the compose sheet holds an unsaved draft; post or discard it first\n")
        #expect(run.states.isEmpty)
    }

    @Test("app://feed/popular and app://feed switch the segment")
    func segmentLinks() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + "open app://feed/popular\nstate\nopen app://feed/\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.states.map(\.top) == ["feed.popular", "feed.latest"])
    }

    @Test(
        "Malformed, unknown and impossible links fail with a clear message and change nothing",
        arguments: [
            ("http://feed", "malformed link 'http://feed': links start with app://"),
            ("app://feed/post/%G1", "malformed link 'app://feed/post/%G1': broken percent-encoding"),
            ("app://feed/post/%4", "malformed link 'app://feed/post/%4': broken percent-encoding"),
            ("app://feed/post/%FF", "malformed link 'app://feed/post/%FF': not UTF-8 after percent-decoding"),
            ("app://feed/post/%zz", "malformed link 'app://feed/post/%zz': broken percent-encoding"),
            ("app://feed/post/%", "malformed link 'app://feed/post/%': broken percent-encoding"),
            ("app://feed/%/post", "malformed link 'app://feed/%/post': broken percent-encoding"),
            ("app://feed/post/%E2%82", "malformed link 'app://feed/post/%E2%82': not UTF-8 after percent-decoding"),
            ("app://feed/post/a%2Fb", "malformed link 'app://feed/post/a%2Fb': invalid post id"),
            ("app://feed?x=1", "malformed link 'app://feed?x=1': no query or fragment allowed"),
            ("app://feed//post", "malformed link 'app://feed//post': empty path segment"),
            ("app://settings", "unknown link 'app://settings'"),
            ("app://feed/post/1/extra", "unknown link 'app://feed/post/1/extra'"),
            ("APP://feed", "malformed link 'APP://feed': links start with app://"),
            ("app://feed/post/999", "no post with id '999'"),
            ("app://login", "you are already logged in; log out first"),
        ]
    )
    func refusedLinks(link: String, message: String) async throws {
        let data = InMemoryData()
        let run = await data.run(
            AppHarness.demoLogin + "post.2\nstate\nopen \(link)\nstate\n", arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 6: \(message)\n")
        let states = run.states
        try #require(states.count == 2)
        #expect(states[0] == states[1])
    }

    @Test("A link to a post while logged out reveals nothing about it until the log-in, which then says if it exists")
    func unknownPostWhileLoggedOut() async throws {
        let missing = await InMemoryData().run(
            "open app://feed/post/404\nscreen\nstate\n" + AppHarness.demoLogin, arguments: ["--keep-going"])
        let existing = await InMemoryData().run(
            "open app://feed/post/4\nscreen\nstate\n" + AppHarness.demoLogin, arguments: ["--keep-going"])
        let beforeLogIn = { (run: AppRun) in run.output.components(separatedBy: "\n{").first ?? "" }
        #expect(
            beforeLogIn(missing).replacingOccurrences(of: "404", with: "4") == beforeLogIn(existing),
            "before the log-in, a missing post looks like an existing one")
        #expect(missing.states.first?.top == "login")
        #expect(missing.error == "line 6: no post with id '404'\n")
        #expect(existing.error.isEmpty)
    }

    @Test("An enormous link (10,000 path segments) is refused quickly, without a crash")
    func enormousLink() async throws {
        let data = InMemoryData()
        let link = "app://feed" + String(repeating: "/post", count: 10_000)
        let run = await data.run("open \(link)\nstate\n", arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 1: malformed link: longer than 2048 bytes\n")
        #expect(run.lastState?.top == "login")
    }

    @Test("A link of 10,000 one-letter path segments is refused by its length, at launch and while running")
    func enormousLinkOfShortSegments() async throws {
        let data = InMemoryData()
        let link = "app://feed" + String(repeating: "/a", count: 10_000)
        let run = await data.run("state\n", arguments: ["--open", link])
        #expect(run.status == 1)
        #expect(run.error == "app: --open: malformed link: longer than 2048 bytes\n")
        let running = await data.run(AppHarness.demoLogin + "open \(link)\nstate\n", arguments: ["--keep-going"])
        #expect(running.error == "line 4: malformed link: longer than 2048 bytes\n")
        #expect(running.lastState?.top == "feed.latest")
    }
}
