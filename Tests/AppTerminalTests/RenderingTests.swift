import AppInterface
import AppStandIn
import Core
import Foundation
import TerminalTesting
import Testing

@Suite("Rendering: screens, sheets, paths, tabs, tree and state as the line mode draws them; colour")
@MainActor
struct RenderingTests {
    static let signIn = ScriptErrorTests.signIn

    @Test("Golden: a screen with fields, a secure one, numbered actions, an unavailable one and an inline error")
    func formGolden() async throws {
        let screen = try await StandIn.app().run("screen\n")
        #expect(
            screen.output == """
                Sign in
                =======
                Email (set email): 
                Password (set password, secure): 
                [1] Log in (login)
                [2] Create account (signup)
                [3] Remind me (remind, unavailable)

                """)
        let failed = try await StandIn.app().run(
            "set email ada@example.com\nset password abc\nlogin\nscreen\n", arguments: ["--keep-going"])
        #expect(
            failed.output == """
                Sign in
                =======
                Email (set email): ada@example.com
                Password (set password, secure): •••
                [1] Log in (login)
                [2] Create account (signup)
                [3] Remind me (remind, unavailable)
                ! Wrong email or password.

                """)
    }

    @Test("Golden: list rows numbered with their detail and subtitle, below the path of the stack")
    func listGolden() async throws {
        let run = try await StandIn.app().run(Self.signIn + "screen\n")
        #expect(
            run.output == """
                Sign in › Home
                Home
                ====
                [1] First (item.1)
                      The first item
                [2] Second · 2 notes (item.2)
                [3] New note (compose)

                """)
    }

    @Test("A number performs exactly the action drawn beside it")
    func numbersAreTheDrawnActions() async throws {
        let app = try StandIn.app()
        let run = await app.run(Self.signIn + "2\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.lastState?.top == "item")
        #expect(app.session.snapshot().top?.content.title == "Item 2")
    }

    @Test("Golden: a sheet drawn in a frame over its presenter, with the presenter's path above it")
    func sheetGolden() async throws {
        let run = try await StandIn.app().run(Self.signIn + "compose\nset text Draft\nscreen\n")
        #expect(
            run.output == """
                Sign in › Home
                ┌─ presented sheet ─
                │ New note
                │ ========
                │ Note (set text): Draft
                │ [1] Save (save)
                │ [2] Cancel (cancel)
                └─

                """)
    }

    @Test("Golden: a pushed screen shows the navigation path")
    func navigationPathGolden() async throws {
        let run = try await StandIn.app().run("signup\nscreen\n")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Sign in › Create account")
        #expect(run.output.contains("Name (set name): \n"))
    }

    /// A tab bar of two tabs, each a navigation stack, the first with a badge.
    static func tabs() throws -> StandInApp {
        let tabBar = TabBarController()
        let inbox = StandInScreen("inbox", title: "Inbox", elements: [.text("3 unread")])
        let settings = StandInScreen(
            "settings", title: "Settings", elements: [.button(Button(id: "reset", title: "Reset"))])
        try tabBar.setTabs([
            TabBarController.Tab(
                item: TabBarItem(id: "inbox", title: "Inbox", badge: "3"),
                screen: try NavigationController(root: inbox, screenID: "inbox.navigation")),
            TabBarController.Tab(
                item: TabBarItem(id: "settings", title: "Settings", badge: "new"),
                screen: try NavigationController(root: settings, screenID: "settings.navigation")),
        ])
        return StandInApp(session: StandInSession(root: tabBar))
    }

    @Test("Golden: the tab bar drawn below the selected tab's screen, the selected tab marked, badges shown")
    func tabBarGolden() async throws {
        let app = try Self.tabs()
        let run = await app.run("tab settings\nscreen\nstate\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.output.hasPrefix(
                """
                Settings
                ========
                [1] Reset (reset)
                Tabs: Inbox (3) (tab inbox)  │  <Settings> (new) (tab settings)

                """))
        #expect(
            run.output.contains(
                #""tabs":{"badges":{"inbox":3,"settings":"new"},"items":["inbox","settings"],"selected":"settings"}"#))
        #expect(app.session.inputs == [.tapTab("settings")])
    }

    @Test("A tab the bar does not have is refused naming the tabs, before the app is asked")
    func unknownTab() async throws {
        let app = try Self.tabs()
        let run = await app.run("tab nowhere\n")
        #expect(run.error == "line 1: no tab 'nowhere' on this screen (tabs: inbox, settings)\n")
        #expect(app.session.inputs.isEmpty)
    }

    @Test("tree prints the coordinator tree beside the screen hierarchy, the top screen marked")
    func treeGolden() async throws {
        let app = try StandIn.app()
        let home = StandInCoordinator("HomeCoordinator")
        try app.session.coordinator.addChild(home)
        try home.addChild(StandInCoordinator("ItemCoordinator"))
        let run = await app.run(Self.signIn + "item.1\ntree\n")
        #expect(
            run.output == """
                Coordinators           Screens
                StandInCoordinator     navigation
                  HomeCoordinator        signin
                    ItemCoordinator      home
                                         item  <- top

                """)
    }

    @Test("state prints exactly one line of JSON with sorted keys")
    func stateIsOneSortedLine() async throws {
        let run = try await StandIn.app().run("state\n")
        #expect(
            run.output == """
                {"coordinators":{"children":[],"name":"StandInCoordinator"},\
                "error":null,"loggedIn":false,"navigation":["signin"],"presented":[],"tabs":null,"top":"signin",\
                "transition":null,"user":null}

                """)
        let signedIn = try await StandIn.app().run(Self.signIn + "compose\nstate\n")
        let state = try #require(signedIn.lastState)
        #expect(state.loggedIn && state.user == "Ada" && state.top == "compose" && state.presented == ["compose"])
    }

    @Test("Interactive: a prompt, the screen after every command, errors shown and the loop going on")
    func interactiveSession() async throws {
        let run = try await StandIn.app().run("nope\nset email ada@example.com\n", interactive: true)
        #expect(run.status == 0)
        #expect(run.output.contains("> "))
        #expect(run.output.components(separatedBy: "Create account").count - 1 == 3)
        #expect(run.error.contains("unknown command or action 'nope'"))
        #expect(!run.error.contains("line 1"))
    }

    @Test("Interactive: the app's notice is drawn above the screen")
    func noticeAboveTheScreen() async throws {
        let app = try StandIn.app()
        app.session.notice = "Sign in to continue to app://home."
        let run = await app.run("", environment: ["NO_COLOR": "1"], interactive: true)
        #expect(run.output.contains("Sign in to continue to app://home.\nSign in\n=======\n"))
    }

    @Test("Interactive: ANSI colour on a terminal, none with NO_COLOR, none in scripts")
    func colour() async throws {
        await #expect(try StandIn.app().run("state\n", interactive: true).output.contains("\u{1B}["))
        await #expect(
            try !StandIn.app().run("state\n", environment: ["NO_COLOR": "1"], interactive: true).output.contains(
                "\u{1B}"))
        await #expect(try !StandIn.app().run("screen\n").output.contains("\u{1B}"))
    }

    @Test("Interactive: a secure field set without text is read with the terminal's echo off")
    func secureFieldWithoutEcho() async throws {
        let app = try StandIn.app()
        let input = TerminalKeystrokes([
            "set email ada@example.com\n", "set password\n", "\(StandIn.password)\n", "login\n",
        ])
        let run = await app.run(input: input)
        #expect(run.status == 0, "\(run.error)")
        #expect(input.echoChanges == [false, true])
        #expect(run.output.contains("Password: "))
        #expect(!run.output.contains(StandIn.password))
        #expect(run.output.contains("New note"), "signed in: the home screen shows")
    }

    @Test("Interactive: echo is off before the password prompt shows, so nothing typed after it is echoed")
    func echoOffBeforeThePrompt() async throws {
        let transcript = TerminalTranscript()
        let input = TerminalKeystrokes(
            ["set password\n", "\(StandIn.password)\n"], transcript: transcript)
        let run = try await StandIn.app().run(input: input, transcript: transcript)
        #expect(run.status == 0, "\(run.error)")
        let prompt = try #require(transcript.events.firstIndex { $0 == .written("Password: ") })
        let echoOff = try #require(transcript.events.firstIndex(of: .echo(false)))
        #expect(echoOff < prompt)
    }
}
