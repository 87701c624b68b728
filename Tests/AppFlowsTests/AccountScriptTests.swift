import AppData
import AppTesting
import Foundation
import InputRules
import Testing

/// What a script sees of accounts, passwords and pages through the whole app, over the data's in-memory twin:
/// the data's own tests hold the live store to the same rules.
@Suite("Accounts, passwords and pages as a script sees them")
@MainActor
struct AccountScriptTests {
    @Test("A password containing NUL is refused at the sign-up's password step, and nothing is registered")
    func signUpWithNulRefused() async throws {
        let data = InMemoryData()
        let run = await data.run(
            """
            signup
            set email nul@example.com
            next
            set password ab\u{0}zzzzzzzz
            set confirmation ab\u{0}zzzzzzzz
            next
            state
            """,
            arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 6: Use only printable characters in your password.\n")
        #expect(run.lastState?.top == "signup.password" && run.lastState?.loggedIn == false)
        let login = await data.run("set email nul@example.com\nset password ab\nlogin\n", arguments: ["--no-restore"])
        // The sign-up left on screen stays saved: the start says so.
        #expect(
            login.error == AppHarness.placeKeptNotice + "line 3: Wrong email or password.\n",
            "no account was registered")
        #expect(!data.store.accountEmails.contains("nul@example.com"))
    }

    @Test(
        "A seeded person's email, however it is typed, is refused at the sign-up's first step, and nobody logs in to it",
        arguments: ["ada@example.com", " ADA@Example.com ", "grace@example.com", "linus@example.com"])
    func seededEmailIsTaken(email: String) async throws {
        let data = InMemoryData()
        let run = await data.run(
            """
            signup
            set email \(email)
            next
            state
            """,
            arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 3: An account with this email already exists.\n")
        #expect(run.lastState?.top == "signup.email" && run.lastState?.loggedIn == false)
        let login = await data.run("set email \(email)\nset password secret-pass\nlogin\n", arguments: ["--no-restore"])
        #expect(login.error == AppHarness.placeKeptNotice + "line 3: Wrong email or password.\n")
    }

    @Test(
        "The demo email in full-width letters is refused at the sign-up's first step, naming the letter typed; nothing is registered",
        arguments: ["\u{FF44}\u{FF45}\u{FF4D}\u{FF4F}@example.com", "\u{FF24}\u{FF25}\u{FF2D}\u{FF2F}@example.com"])
    func lookalikeOfSeededEmailIsRefused(email: String) async throws {
        let data = InMemoryData()
        let accountsBefore = data.store.accountEmails
        #expect(accountsBefore.contains("demo@example.com"))
        let run = await data.run(
            """
            signup
            set email \(email)
            next
            state
            set password lookalike-pass
            set confirmation lookalike-pass
            next
            set displayName Lookalike
            create
            """,
            arguments: ["--keep-going"])
        #expect(data.store.accountEmails == accountsBefore, "nothing registered beside demo@example.com")
        #expect(run.status == 1)
        #expect(run.states.first?.top == "signup.email" && run.lastState?.loggedIn == false)
        let refusal = try #require(run.error.split(separator: "\n").first)
        // The character is named as typed: the full-width capital Ｄ, not the small ｄ it would be stored as.
        let typed = try #require(email.unicodeScalars.first)
        #expect(refusal == "line 3: \(EmailAddress.variantMessage(typed))")
    }

    @Test("Logging in with the right password followed by NUL and more is refused")
    func logInWithNulSuffixRefused() async {
        let run = await InMemoryData().run(
            "set email demo@example.com\nset password demo-password\u{0}x\nlogin\nstate\n")
        #expect(run.status == 1)
        #expect(run.error == "line 3: Wrong email or password.\n")
        #expect(run.states.isEmpty)
    }

    @Test("A password is never printed: the screen shows a dot for each character, and a wrong one is refused")
    func passwordIsNeverPrinted() async {
        let password = "Very-Secret-Pw-9876"
        let run = await InMemoryData().run(
            """
            signup
            set email secret@example.com
            next
            set password \(password)
            set confirmation \(password)
            screen
            state
            tree
            next
            set displayName Secretive
            create
            skip
            tab profile
            logout
            set email secret@example.com
            set password \(password)x
            login
            screen
            set password \(password)
            login
            state
            """,
            arguments: ["--keep-going"])
        #expect(run.status == 1)
        #expect(run.error == "line 17: Wrong email or password.\n")
        #expect(run.lastState?.user == "Secretive")
        #expect(!run.output.contains(password) && !run.error.contains(password))
        #expect(run.output.contains("Password (set password, secure): •••••••••••••••••••"))
    }

    @Test("A restart keeps the new account, the session and Latest; a log-out survives a restart too")
    func restartKeepsAccountAndSession() async {
        let data = InMemoryData()
        let signUp = await data.run(AppHarness.signUp("Keeper") + "skip\n")
        #expect(signUp.status == 0, "\(signUp.error)")
        let restarted = await data.run("state\n" + AppHarness.logOut)
        #expect(restarted.lastState?.loggedIn == true && restarted.lastState?.user == "Keeper")
        #expect(restarted.lastState?.top == "feed.latest")
        let again = await data.run("state\nset email KEEPER@example.com\nset password keeper-password\nlogin\nstate\n")
        #expect(again.status == 0, "\(again.error)")
        #expect(again.states.map(\.loggedIn) == [false, true])
        #expect(again.lastState?.user == "Keeper")
    }

    @Test("A first run has the demo posts to show")
    func demoPostsShow() async {
        let run = await InMemoryData().run(AppHarness.demoLogin + "screen\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("[7] Ada · 3d · 2 likes (post.1)"), "\(run.output)")
    }

    /// The data with the demo posts and `count` more, one a minute, liked by `likes(index)` accounts.
    private static func data(posts count: Int, likes: (Int) -> Int = { _ in 0 }) -> InMemoryData {
        let data = InMemoryData()
        let start = Date(timeIntervalSince1970: 1_764_547_200)  // 2025-12-01, before the demo posts
        data.store.add(
            (0..<count).map { index in
                NewPost(
                    id: nil, authorEmail: "p@example.com", authorName: "P", createdAt: start + Double(index) * 60,
                    text: "post \(index)", likedBy: (0..<likes(index)).map { "fan\($0)@example.com" })
            })
        return data
    }

    @Test("Latest shows the newest 20 posts and `more`; each `more` adds the next 20, until none is left")
    func latestPages() async throws {
        let run = await Self.data(posts: 41).run(AppHarness.demoLogin + "screen\nmore\nscreen\nmore\nscreen\n")
        #expect(run.status == 0, "\(run.error)")
        let screens: [String] = Array(run.output.components(separatedBy: "Feed\n====").dropFirst())
        try #require(screens.count == 3)
        #expect(Self.rows(screens[0]).count == 20 && screens[0].contains("Load more (more)"))
        #expect(Self.rows(screens[1]).count == 40 && screens[1].contains("Load more (more)"))
        #expect(Self.rows(screens[2]).count == 45 && !screens[2].contains("Load more"))
        let added: [String] = (5..<46).reversed().map { String($0) }
        #expect(Self.rows(screens[2]) == ["4", "3", "2", "1"] + added)
    }

    @Test("Popular shows posts by likes, then by recency, page after page")
    func popularPages() async {
        let run = await Self.data(posts: 30) { index in index % 3 }.run(
            AppHarness.demoLogin + "popular\nmore\nscreen\n")
        #expect(run.status == 0, "\(run.error)")
        let shown = Self.rows(run.output)
        #expect(shown.count == 34)
        #expect(Array(shown.prefix(2)) == ["2", "1"], "three and two likes come first")
    }

    /// The post ids of the rows drawn in `screen`, in order.
    private static func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "(post."), line.hasSuffix(")") else { return nil }
            return String(line[start.upperBound..<line.index(before: line.endIndex)])
        }
    }
}
