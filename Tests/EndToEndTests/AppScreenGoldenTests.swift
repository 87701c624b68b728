import AppTesting
import Testing

/// The real app's screens drawn by the line mode, over the in-memory data: the terminal's own rendering is specified
/// over a stand-in in AppTerminalTests; these hold the features' screens to what a person sees.
@Suite("Golden screens of the composed app")
@MainActor
struct AppScreenGoldenTests {
    @Test("Golden: the login screen")
    func loginGolden() async throws {
        let data = InMemoryData()
        let screen = await data.run("screen\n")
        #expect(
            screen.output == """
                Log in
                ======
                Email (set email): 
                Password (set password, secure): 
                [1] Log in (login)
                [2] Create account (signup)

                """)
        let failed = await data.run(
            "set email demo@example.com\nset password abc\nlogin\nscreen\n", arguments: ["--keep-going"])
        #expect(
            failed.output == """
                Log in
                ======
                Email (set email): demo@example.com
                Password (set password, secure): •••
                [1] Log in (login)
                [2] Create account (signup)
                ! Wrong email or password.

                """)
    }

    @Test("Golden: the compose sheet drawn over the feed, with the feed's title above it")
    func composeGolden() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + "compose\nset text Draft\nscreen\n")
        #expect(
            run.output == """
                Feed
                ┌─ presented sheet ─
                │ New post
                │ ========
                │ Post (set text): Draft
                │ [1] Post (post)
                │ [2] Cancel (cancel)
                └─

                """)
    }

    @Test("Golden: a pushed sign-up step shows the navigation path")
    func navigationPathGolden() async throws {
        let data = InMemoryData()
        let run = await data.run("signup\nset email a@example.com\nnext\nscreen\n")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Log in › Create account › Choose a password")
        #expect(run.output.contains("Password (set password, secure): \n"))
    }

    @Test("Golden: the tab bar drawn below the selected tab's screen, the selected tab marked")
    func tabBarGolden() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + "tab profile\nscreen\nstate\n")
        #expect(
            run.output.hasPrefix(
                """
                Profile
                =======
                Demo
                1 post
                [1] Edit (edit)
                [2] Log out (logout)
                  - Hello from the demo account. Try compose, likes and deep links. · 0 likes
                Tabs: Feed (tab feed)  │  <Profile> (tab profile)

                """))
        #expect(run.output.contains(#""tabs":{"badges":{},"items":["feed","profile"],"selected":"profile"}"#))
    }

    @Test("tree prints the coordinator tree beside the screen hierarchy")
    func treeGolden() async throws {
        let data = InMemoryData()
        let run = await data.run(AppHarness.demoLogin + "post.3\ntree\n")
        #expect(
            run.output == """
                Coordinators                          Screens
                AppCoordinator                        main [tab feed]
                  main                                  feed.split
                    feed                                  feed.navigation
                      PostListCoordinator(latest)           feed [shows feed.latest]
                      PostListCoordinator(popular)            feed.latest
                      feed.post                               feed.popular
                                                            feed.post  <- top
                                                          feed.detail
                                                        profile.navigation

                """)
    }

    @Test("state prints exactly one line of JSON with sorted keys")
    func stateIsOneSortedLine() async throws {
        let data = InMemoryData()
        let run = await data.run("state\n")
        #expect(
            run.output == """
                {"coordinators":{"children":[{"children":[],"name":"login"}],"name":"AppCoordinator"},\
                "error":null,"loggedIn":false,"navigation":["login"],"presented":[],"tabs":null,"top":"login",\
                "transition":null,"user":null}

                """)
    }
}
