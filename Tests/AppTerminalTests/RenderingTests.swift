import AppTesting
import Foundation
import Testing

@Suite("Rendering: golden screens, interactive mode, colour")
@MainActor
struct RenderingTests {
    @Test("Golden: the login screen")
    func loginGolden() throws {
        let data = try TemporaryDataDirectory()
        let screen = data.run("screen\n")
        #expect(
            screen.output == """
                Log in
                ======
                Email (set email): 
                Password (set password, secure): 
                [1] Log in (login)
                [2] Create account (signup)

                """)
        let failed = data.run(
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
    func composeGolden() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(AppHarness.demoLogin + "compose\nset text Draft\nscreen\n")
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
    func navigationPathGolden() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("signup\nset email a@example.com\nnext\nscreen\n")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Log in › Create account › Choose a password")
        #expect(run.output.contains("Password (set password, secure): \n"))
    }

    @Test("Golden: the tab bar drawn below the selected tab's screen, the selected tab marked")
    func tabBarGolden() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(AppHarness.demoLogin + "tab profile\nscreen\nstate\n")
        #expect(
            run.output.hasPrefix(
                """
                Profile
                =======
                Demo
                1 post
                  - Hello from the demo account. Try compose, likes and deep links. · 0 likes
                [1] Edit (edit)
                [2] Log out (logout)
                Tabs: Feed (tab feed)  │  <Profile> (tab profile)

                """))
        #expect(run.output.contains(#""tabs":{"badges":{},"items":["feed","profile"],"selected":"profile"}"#))
    }

    @Test("tree prints the coordinator tree beside the screen hierarchy")
    func treeGolden() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run(AppHarness.demoLogin + "post.3\ntree\n")
        #expect(
            run.output == """
                Coordinators                          Screens
                AppCoordinator                        main [tab feed]
                  MainCoordinator                       feed.navigation
                    FeedCoordinator                       feed [shows feed.latest]
                      PostListCoordinator(latest)           feed.latest
                      PostListCoordinator(popular)          feed.popular
                      PostDetailCoordinator               feed.post  <- top
                                                        profile.navigation

                """)
    }

    @Test("state prints exactly one line of JSON with sorted keys")
    func stateIsOneSortedLine() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("state\n")
        #expect(
            run.output == """
                {"coordinators":{"children":[{"children":[],"name":"LoginCoordinator"}],"name":"AppCoordinator"},\
                "error":null,"loggedIn":false,"navigation":["login"],"presented":[],"tabs":null,"top":"login",\
                "transition":null,"user":null}

                """)
    }

    @Test("Interactive: a prompt, the screen after every command, errors shown and the loop going on")
    func interactiveSession() throws {
        let data = try TemporaryDataDirectory()
        let run = data.run("nope\nset email demo@example.com\n", interactive: true)
        #expect(run.status == 0)
        #expect(run.output.contains("> "))
        #expect(run.output.components(separatedBy: "Create account").count - 1 == 3)
        #expect(run.error.contains("unknown command or action 'nope'"))
        #expect(!run.error.contains("line 1"))
    }

    @Test("Interactive: ANSI colour on a terminal, none with NO_COLOR, none in scripts")
    func colour() throws {
        let data = try TemporaryDataDirectory()
        #expect(data.run("state\n", interactive: true).output.contains("\u{1B}["))
        #expect(!data.run("state\n", environment: ["NO_COLOR": "1"], interactive: true).output.contains("\u{1B}"))
        #expect(!data.run("screen\n").output.contains("\u{1B}"))
    }

    @Test("Interactive: a secure field set without text is read with the terminal's echo off")
    func secureFieldWithoutEcho() throws {
        let data = try TemporaryDataDirectory()
        let input = TerminalKeystrokes(["set email demo@example.com\n", "set password\n", "demo-password\n", "login\n"])
        let run = AppHarness.run(input: input, arguments: ["--data-dir", data.path], terminalOutput: false)
        #expect(run.status == 0, "\(run.error)")
        #expect(input.echoChanges == [false, true])
        #expect(run.output.contains("Password: "))
        #expect(!run.output.contains("demo-password"))
        #expect(run.output.contains("New post"), "logged in: the feed shows")
    }
}
